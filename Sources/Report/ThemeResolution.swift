import Dataset
import Source
import Theme

/// Decides each child's look: the command line first, then the export's per-child
/// override, then the export's own choice, then the defaults. Identifiers the export
/// names but this build does not know (a newer app's palette) are warned about and
/// ignored, never fatal.
struct ThemeResolution {
    let family: ThemeSelection
    let children: [String: ThemeSelection]

    init(flags: ThemeRequest, export: ExportTheme, childIDs: [String], source: String, warn: (Diagnostic) -> Void) {
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
        // Flags were checked when parsed, and the others have just been: resolving cannot fail.
        family = (try? ThemeSelection.resolving([flags, global])) ?? .default
        var children: [String: ThemeSelection] = [:]
        for (childID, override) in export.childOverrides where childIDs.contains(childID) {
            let request = checked(override, path: "settings.theme.child_overrides.\(childID)")
            children[childID] = (try? ThemeSelection.resolving([flags, request, global])) ?? family
        }
        self.children = children
    }

    func theme(for childID: String) -> ThemeSelection {
        children[childID] ?? family
    }
}
