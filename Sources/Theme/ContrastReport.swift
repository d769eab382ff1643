/// One measured pair of colours and the WCAG 2.x minimum it must meet.
public struct ContrastCheck: Sendable, Equatable {
    /// What is drawn, e.g. `text`, `sleep icon`, `glyph on feed`.
    public let foreground: String
    /// What it is drawn on, e.g. `background`, `surface`, `feed`.
    public let background: String
    public let ratio: Double
    /// 4.5 for text, 3 for large text, UI colours and icons.
    public let minimum: Double

    public var passes: Bool { ratio >= minimum }

    /// `4.83:1`, truncated (never rounded up past a threshold).
    public var ratioText: String {
        let hundredths = Int(ratio * 100)
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100):1"
    }
}

/// The contrast of every pairing a page uses, for one palette, strategy and mode.
public enum ContrastReport {
    public static func checks(_ palette: Palette, _ strategy: CategoryStrategy, _ mode: Mode) -> [ContrastCheck] {
        let chrome = palette.colors(mode)
        let categories = strategy.colors(mode)
        let glyph = strategy.glyph(mode)
        var checks: [ContrastCheck] = []
        for (name, ground) in [("background", chrome.background), ("surface", chrome.surface)] {
            func check(_ foreground: String, _ color: RGBColor, _ minimum: Double) {
                checks.append(ContrastCheck(foreground: foreground, background: name, ratio: color.contrast(with: ground), minimum: minimum))
            }
            check("text", chrome.text, 4.5)
            check("secondary text", chrome.textSecondary, 4.5)
            check("link", chrome.link, 4.5)
            check("large text (primary)", chrome.primary, 3)
            check("warning", chrome.warning, 3)
            check("danger", chrome.danger, 3)
            for category in Category.allCases {
                check("\(category.rawValue) colour", categories.color(category), 3)
            }
        }
        for category in Category.allCases {
            checks.append(ContrastCheck(foreground: "glyph", background: "\(category.rawValue) icon",
                                        ratio: glyph.contrast(with: categories.color(category)), minimum: 3))
        }
        return checks
    }

    /// Every combination: 5 palettes × 5 strategies × 2 modes.
    public static var all: [(palette: Palette, strategy: CategoryStrategy, mode: Mode, checks: [ContrastCheck])] {
        Palette.all.flatMap { palette in
            CategoryStrategy.all.flatMap { strategy in
                Mode.allCases.map { mode in (palette, strategy, mode, checks(palette, strategy, mode)) }
            }
        }
    }
}
