import Dataset
import Export
import Theme

/// Decides each child's look: the command line first, then the configuration file's
/// entry for the child and its choice for everyone, then the export's per-child override
/// and its own choice, then the defaults. Identifiers the export names but this build
/// does not know (a newer app's palette) are warned about and ignored, never fatal.
struct ThemeResolution {
    let family: ThemeSelection
    let children: [String: ThemeSelection]

    init(flags: ThemeRequest, config: ThemeRequest = ThemeRequest(), configChildren: [String: ThemeRequest] = [:],
         export: ExportTheme, children: [(id: String, name: String)], source: String, warn: (Diagnostic) -> Void) {
        func checked(_ theme: ExportTheme, path: String) -> ThemeRequest {
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
        let global = checked(export, path: "settings.theme")
        // Flags and configuration were checked when read, and the export's just now:
        // resolving cannot fail.
        family = (try? ThemeSelection.resolving([flags, config, global])) ?? .default
        let exportOverrides = Dictionary(export.childOverrides.map { ($0.childID, $0.theme) }) { first, _ in first }
        var selections: [String: ThemeSelection] = [:]
        for child in children {
            let exportChild = exportOverrides[child.id].map { checked($0, path: "settings.theme.child_overrides.\(child.id)") }
            let configChild = configChildren[child.id] ?? configChildren[child.name]
            guard exportChild != nil || configChild != nil else { continue }
            selections[child.id] = (try? ThemeSelection.resolving(
                [flags, configChild ?? ThemeRequest(), config, exportChild ?? ThemeRequest(), global])) ?? family
        }
        self.children = selections
    }

    func theme(for childID: String) -> ThemeSelection {
        children[childID] ?? family
    }
}
