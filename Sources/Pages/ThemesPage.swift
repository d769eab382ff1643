import Theme

/// Every palette × category strategy × mode as a live swatch, with its measured contrast.
struct ThemesPage {
    let site: Site

    func page() -> Page {
        let path = SiteMap.themes
        let frame = PageFrame(site: site, path: path, theme: site.theme)
        var context = frame.context(title: "Themes", crumbs: [.init(label: "Home", target: SiteMap.home), .init(label: "Themes", target: nil)])
        context["heading"] = "Themes"
        var markdown = "# Themes\n\n| Palette | Categories | Mode | Lowest text contrast | Lowest icon contrast |\n|---|---|---|---:|---:|\n"
        context["palettes"] = Palette.all.map { palette -> [String: Any] in
            // A strategy's light and dark swatches side by side, one pair per row.
            let strategies = CategoryStrategy.all.map { strategy -> [String: Any] in
                let swatches = Mode.allCases.map { mode -> [String: Any] in
                    let checks = ContrastReport.checks(palette, strategy, mode)
                    let text = checks.filter { $0.minimum == 4.5 }.min { $0.ratio < $1.ratio }!
                    let icons = checks.filter { $0.minimum == 3 && ($0.foreground.hasSuffix("colour") || $0.foreground == "glyph") }
                        .min { $0.ratio < $1.ratio }!
                    markdown += "| \(palette.name) | \(strategy.name) | \(mode.rawValue) | \(text.ratioText) | \(icons.ratioText) |\n"
                    return [
                        "strategy": strategy.id, "strategyName": strategy.name, "mode": mode.rawValue, "modeName": Format.text("scheme_" + mode.rawValue),
                        "checks": checks.map { ["foreground": $0.foreground, "background": $0.background, "ratio": $0.ratioText, "minimum": "\(Format.number($0.minimum)):1"] },
                        "lowestText": text.ratioText, "lowestIcon": icons.ratioText,
                        "passes": checks.allSatisfy(\.passes),
                        "icons": Category.allCases.map { ["category": $0.rawValue, "label": $0.label, "icon": Icons.inline($0)] },
                    ]
                }
                return ["strategyName": strategy.name, "swatches": swatches]
            }
            return ["id": palette.id, "name": palette.name, "strategies": strategies]
        }
        return Page(path: path, template: "themes", title: "Themes", context: context, markdown: markdown)
    }
}
