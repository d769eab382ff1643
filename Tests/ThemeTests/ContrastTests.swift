import Testing
import Theme

@Suite struct ContrastTests {
    static let combinations = ContrastReport.all.map { ($0.palette.id, $0.strategy.id, $0.mode) }

    @Test("every palette × strategy × mode meets WCAG 2.x: text 4.5:1, large text, UI colours and icons 3:1",
          arguments: combinations)
    func contrast(palette: String, strategy: String, mode: Mode) throws {
        let checks = ContrastReport.checks(try #require(Palette.named(palette)), try #require(CategoryStrategy.named(strategy)), mode)
        #expect(checks.count == 2 * 10 + 4)
        for check in checks {
            #expect(check.passes, "\(check.foreground) on \(check.background): \(check.ratioText), needs \(check.minimum):1")
        }
    }

    @Test("the report covers 5 palettes × 5 strategies × 2 modes")
    func coverage() {
        #expect(Palette.all.count == 5 && CategoryStrategy.all.count == 5)
        #expect(ContrastReport.all.count == 50)
    }

    @Test("the seed's primary colours are kept", arguments: [
        ("warm-nightlight", "#A07830", "#E8B86D"), ("current-indigo", "#5856D6", "#7B79E0"),
        ("ocean-calm", "#2E8B8B", "#4DB8B8"), ("sage-garden", "#6B8F71", "#8FB896"),
        ("midnight-harbor", "#3D5A80", "#5B82AB"),
    ])
    func primaries(id: String, light: String, dark: String) throws {
        let palette = try #require(Palette.named(id))
        #expect(palette.light.primary.description == light)
        #expect(palette.dark.primary.description == dark)
    }

    @Test("dark mode: no pure white or black, and cards visibly lighter than the page", arguments: Palette.all.map(\.id))
    func darkMode(id: String) throws {
        let dark = try #require(Palette.named(id)).dark
        for (name, color) in dark.tokens {
            #expect(color.description != "#FFFFFF" && color.description != "#000000", "\(name)")
        }
        #expect(dark.surface.relativeLuminance - dark.background.relativeLuminance > 0.01)
        #expect(dark.surface.contrast(with: dark.background) > 1.15)
    }

    @Test("WCAG ratios of known pairs")
    func knownRatios() throws {
        let white = try #require(RGBColor(hex: "#FFFFFF"))
        let black = try #require(RGBColor(hex: "#000000"))
        #expect(abs(white.contrast(with: black) - 21) < 0.0001)
        #expect(abs(try #require(RGBColor(hex: "#767676")).contrast(with: white) - 4.54) < 0.01)
        #expect(RGBColor(hex: "#12345") == nil)
    }
}
