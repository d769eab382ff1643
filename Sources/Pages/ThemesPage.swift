import Theme

/// Every palette × category strategy × mode as a live swatch, with its measured contrast.
struct ThemesPage {
    let site: Site

    func page() -> Page {
        let path = SiteMap.themes
        let frame = PageFrame(site: site, path: path, theme: site.theme)
        let title = Format.text("themes")
        var context = frame.context(title: title, crumbs: [.init(label: Format.text("home"), target: SiteMap.home), .init(label: title, target: nil)])
        context["heading"] = title
        let headings = ["palette", "categories", "mode", "lowest_text_contrast", "lowest_icon_contrast"].map { Format.text($0) }
        var markdown = "# \(title)\n\n| " + headings.joined(separator: " | ") + " |\n|---|---|---|---:|---:|\n"
        context["palettes"] = Palette.all.map { palette -> [String: Any] in
            // A strategy's light and dark swatches side by side, one pair per row.
            let strategies = CategoryStrategy.all.map { strategy -> [String: Any] in
                let swatches = Mode.allCases.map { mode -> [String: Any] in
                    let checks = ContrastReport.checks(palette, strategy, mode)
                    let text = checks.filter { $0.minimum == 4.5 }.min { $0.ratio < $1.ratio }!
                    let icons = checks.filter { $0.minimum == 3 && ($0.foreground.hasSuffix("colour") || $0.foreground == "glyph") }
                        .min { $0.ratio < $1.ratio }!
                    markdown += "| \(palette.name) | \(strategy.name) | \(Format.text("scheme_" + mode.rawValue)) | \(text.ratioText) | \(icons.ratioText) |\n"
                    return [
                        "strategy": strategy.id, "strategyName": strategy.name, "mode": mode.rawValue, "modeName": Format.text("scheme_" + mode.rawValue),
                        "checks": checks.map { ["foreground": Self.contrastPart($0.foreground), "background": Self.contrastPart($0.background), "ratio": $0.ratioText, "minimum": "\(Format.number($0.minimum)):1"] },
                        "lowestText": text.ratioText, "lowestIcon": icons.ratioText,
                        "passes": checks.allSatisfy(\.passes),
                        "icons": Category.allCases.map { ["category": $0.rawValue, "label": Format.category($0), "icon": Icons.inline($0)] },
                    ]
                }
                return ["strategyName": strategy.name, "swatches": swatches]
            }
            return ["id": palette.id, "name": palette.name, "strategies": strategies]
        }
        return Page(path: path, template: "themes", title: title, context: context, markdown: markdown)
    }

    /// A part of a contrast check in the language (`feed colour`, `surface`), by the
    /// catalog's key for it; a part without one as the theme names it.
    static func contrastPart(_ name: String) -> String {
        let key = "contrast_" + name.replacingOccurrences(of: " (primary)", with: "").replacingOccurrences(of: " ", with: "_")
        let text = Format.text(key)
        return text == key ? name : text
    }
}
