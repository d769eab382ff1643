import Testing
import Theme

@Suite struct ThemeSelectionTests {
    @Test("the first layer that names a value decides, per value")
    func layers() throws {
        let selection = try ThemeSelection.resolving([
            ThemeRequest(palette: "sage-garden"),
            ThemeRequest(palette: "ocean-calm", categoryStrategy: "muted-earth"),
            ThemeRequest(iconStyle: "tinted"),
        ])
        #expect(selection.palette.id == "sage-garden")
        #expect(selection.strategy.id == "muted-earth")
        #expect(selection.iconStyle == .tinted)
        #expect(try ThemeSelection.resolving([]) == .default)
    }

    @Test("unknown identifiers are named with the ones that exist")
    func unknown() {
        #expect(throws: ThemeError(kind: .palette, id: "pink")) {
            try ThemeSelection.resolving([ThemeRequest(palette: "pink")])
        }
        #expect(ThemeError(kind: .iconStyle, id: "outline").description == #"unknown icon style "outline"; use one of filled, tinted"#)
        let (request, dropped) = ThemeRequest(palette: "pink", categoryStrategy: "muted-earth").withoutUnknownIDs()
        #expect(request == ThemeRequest(categoryStrategy: "muted-earth"))
        #expect(dropped == [ThemeError(kind: .palette, id: "pink")])
    }

    @Test("the stylesheet defines every token for every palette and strategy, dark only on screens, light for print")
    func stylesheet() {
        let css = ThemeCSS.stylesheet
        for palette in Palette.all {
            #expect(css.contains("[data-palette=\"\(palette.id)\"] { --primary: \(palette.light.primary);"))
            #expect(css.contains("--primary: \(palette.dark.primary);"))
        }
        #expect(css.contains("@media screen and (prefers-color-scheme: dark)"))
        let printBlock = css[css.range(of: "@media print")!.lowerBound...]
        #expect(printBlock.contains("[data-scheme] [data-palette=\"midnight-harbor\"], [data-scheme][data-palette=\"midnight-harbor\"] { --primary: #3D5A80;"))
        #expect(!printBlock.contains("#5B82AB"), "no dark value in print")
        #expect(css.contains("[data-scheme=\"dark\"][data-categories=\"apple-health\"]"))
    }
}
