import Dataset
import Export
import Theme

/// Decides each child's look. The family's is ``SettingLevels``' order (the flags, the
/// configuration file, the export); a child's puts its own entries first at their levels:
/// the flags, the configuration's entry for the child and its choice for everyone, the
/// export's per-child override and its own choice, then the defaults. Identifiers the
/// export names but this build does not know (a newer app's palette) are warned about and
/// ignored, never fatal.
struct ThemeResolution {
    let family: ThemeSelection
    let children: [String: ThemeSelection]

    /// The export's look for everyone, its unknown identifiers warned of (as read in
    /// `source`) and dropped.
    static func checked(_ theme: ExportTheme, path: String = "settings.theme", source: String, warn: (Diagnostic) -> Void) -> ThemeRequest {
        let request = ThemeRequest(palette: theme.palette, categoryStrategy: theme.categoryStrategy, iconStyle: theme.iconStyle)
        let (known, unknown) = request.withoutUnknownIDs()
        for error in unknown {
            let key = switch error.kind {
            case .palette: "palette"
            case .categoryStrategy: "category_strategy"
            case .iconStyle: "icon_style"
            }
            warn(Diagnostic(.warning, "\(source): \(path).\(key): \(error); using the default"))
        }
        return known
    }

    /// `family` is the look decided for everyone; `levels` and `configChildren` the flags'
    /// and the configuration's, `export` the export's (`global` its look for everyone, checked).
    init(family: ThemeRequest, levels: SettingLevels, configChildren: [String: ThemeRequest], export: ExportTheme, global: ThemeRequest,
         children: [(id: String, name: String)], source: String, warn: (Diagnostic) -> Void) {
        // Flags and configuration were checked when read, and the export's before: resolving
        // cannot fail.
        self.family = (try? ThemeSelection.resolving([family])) ?? .default
        let exportOverrides = Dictionary(export.childOverrides.map { ($0.childID, $0.theme) }) { first, _ in first }
        var selections: [String: ThemeSelection] = [:]
        for child in children {
            let exportChild = exportOverrides[child.id].map {
                Self.checked($0, path: "settings.theme.child_overrides.\(child.id)", source: source, warn: warn)
            }
            let configChild = configChildren[child.id] ?? configChildren[child.name]
            guard exportChild != nil || configChild != nil else { continue }
            selections[child.id] = (try? ThemeSelection.resolving(
                [levels.flags.theme, configChild ?? ThemeRequest(), levels.config.theme, exportChild ?? ThemeRequest(), global])) ?? self.family
        }
        self.children = selections
    }

    func theme(for childID: String) -> ThemeSelection {
        children[childID] ?? family
    }
}
