import Foundation
import Theme

extension Report {
    /// Every palette × strategy × mode with its lowest text and icon contrast, as a
    /// plain-text table; the same measurements as `themes.html`.
    public static func themesTable() -> String {
        var rows: [[String]] = [["palette", "categories", "mode", "lowest text", "lowest icon", ""]]
        for (palette, strategy, mode, checks) in ContrastReport.all {
            let text = checks.filter { $0.minimum == 4.5 }.min { $0.ratio < $1.ratio }!
            let icon = checks.filter { $0.foreground.hasSuffix("colour") || $0.foreground == "glyph" }.min { $0.ratio < $1.ratio }!
            rows.append([palette.id, strategy.id, mode.rawValue, text.ratioText, icon.ratioText,
                         checks.allSatisfy(\.passes) ? "passes" : "FAILS"])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        let lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        let legend = "Text needs 4.5:1 on background and surface; category colours and icon glyphs need 3:1 (WCAG 2.x)."
        return ([legend, ""] + lines).joined(separator: "\n") + "\n"
    }
}
