/// The semantic colours of the page chrome in one mode.
public struct PaletteColors: Sendable, Equatable {
    /// Accents: buttons, active states, chart highlights (a UI colour, ≥ 3:1).
    public let primary: RGBColor
    /// Links and other primary-coloured text (≥ 4.5:1).
    public let link: RGBColor
    /// Card borders and quiet fills.
    public let secondary: RGBColor
    public let background: RGBColor
    /// Cards; in dark mode visibly lighter than the background (elevation without shadow).
    public let surface: RGBColor
    public let text: RGBColor
    /// Times, captions, secondary labels (still ≥ 4.5:1: they are read at 3 AM).
    public let textSecondary: RGBColor
    public let success: RGBColor
    public let warning: RGBColor
    public let danger: RGBColor

    /// The tokens by their CSS names, in a fixed order.
    public var tokens: [(name: String, color: RGBColor)] {
        [("primary", primary), ("link", link), ("secondary", secondary), ("background", background),
         ("surface", surface), ("text", text), ("text-secondary", textSecondary),
         ("success", success), ("warning", warning), ("danger", danger)]
    }
}

/// A named palette: the seed's primary colour with every other token designed around it,
/// in light and dark variants.
public struct Palette: Sendable, Identifiable, Equatable {
    public let id: String
    public let name: String
    public let light: PaletteColors
    public let dark: PaletteColors

    public func colors(_ mode: Mode) -> PaletteColors {
        mode == .light ? light : dark
    }
}

/// Light or dark.
public enum Mode: String, Sendable, CaseIterable {
    case light, dark
}
