import Foundation
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

    @Test("no pure white or black in either mode (glyphs too), and dark cards visibly lighter than the page", arguments: Palette.all.map(\.id))
    func darkMode(id: String) throws {
        let palette = try #require(Palette.named(id))
        for mode in Mode.allCases {
            for (name, color) in palette.colors(mode).tokens {
                #expect(color.description != "#FFFFFF" && color.description != "#000000", "\(mode) \(name)")
            }
        }
        for strategy in CategoryStrategy.all {
            for mode in Mode.allCases {
                #expect(!["#FFFFFF", "#000000"].contains(strategy.glyph(mode).description), "\(strategy.id) \(mode) glyph")
            }
        }
        let dark = palette.dark
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

    @Test("pastel harmony is pastel: the lightest strategy in both modes, and far from every other", arguments: Mode.allCases)
    func pastel(mode: Mode) {
        let pastel = CategoryStrategy.pastelHarmony.colors(mode)
        let lightness = { (colors: CategoryColors) in Category.allCases.map { colors.color($0).relativeLuminance }.reduce(0, +) / 4 }
        for other in CategoryStrategy.all where other != .pastelHarmony {
            let colors = other.colors(mode)
            #expect(lightness(pastel) > 1.2 * lightness(colors), "\(other.id): luminance \(lightness(pastel)) against \(lightness(colors))")
            let distance = Category.allCases.map { pastel.color($0).labDistance(to: colors.color($0)) }.reduce(0, +) / 4
            // ΔE*ab: 2.3 is a just-noticeable difference; the deep strategies are 11–30 apart.
            #expect(distance > 15, "\(other.id): ΔE \(distance)")
        }
    }
}

extension RGBColor {
    /// CIE 1976 ΔE*ab to `other` (D65).
    func labDistance(to other: RGBColor) -> Double {
        let (a, b) = (lab, other.lab)
        return ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot()
    }

    private var lab: (Double, Double, Double) {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : Foundation.pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? Foundation.cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
