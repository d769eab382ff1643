import ArgumentParser
import Report
import Theme

/// The flags that choose the look, for every child (they win over the export's choice).
struct ThemeFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Colour palette: \(Palette.all.map(\.id).joined(separator: ", ")).", valueName: "id"),
            transform: { try ThemeFlags.checked($0, ThemeRequest(palette: $0)) })
    var palette: String?

    @Option(help: ArgumentHelp("Category colours: \(CategoryStrategy.all.map(\.id).joined(separator: ", ")).", valueName: "id"),
            transform: { try ThemeFlags.checked($0, ThemeRequest(categoryStrategy: $0)) })
    var categories: String?

    @Option(name: .customLong("icon-style"), help: ArgumentHelp("Icons: filled or tinted.", valueName: "style"),
            transform: { try ThemeFlags.checked($0, ThemeRequest(iconStyle: $0)) })
    var iconStyle: String?

    @Option(help: ArgumentHelp("Colour scheme: auto (follow the system), light or dark.", valueName: "scheme"),
            transform: { text in
                guard let scheme = Scheme(rawValue: text) else { throw ValidationError("'\(text)' is not a scheme; use auto, light or dark") }
                return scheme
            })
    var scheme: Scheme?

    @Option(help: ArgumentHelp("A folder of templates that replace the built-in ones of the same name.", valueName: "folder"))
    var templates: String?

    var request: ThemeRequest {
        ThemeRequest(palette: palette, categoryStrategy: categories, iconStyle: iconStyle)
    }

    /// `text` if it names a known theme part; a usage error listing the known ones if not.
    static func checked(_ text: String, _ request: ThemeRequest) throws -> String {
        if let error = request.withoutUnknownIDs().unknown.first {
            throw ValidationError(error.description)
        }
        return text
    }
}
