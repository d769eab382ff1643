/// The kinds of event, each with its colour and icon.
public enum Category: String, Sendable, CaseIterable {
    case feed, diaper, sleep, note

    /// How people call it: `Feed`.
    public var label: String {
        switch self {
        case .feed: "Feed"
        case .diaper: "Diaper"
        case .sleep: "Sleep"
        case .note: "Note"
        }
    }
}

/// The four category colours in one mode.
public struct CategoryColors: Sendable, Equatable {
    public let feed: RGBColor
    public let diaper: RGBColor
    public let sleep: RGBColor
    public let note: RGBColor

    public func color(_ category: Category) -> RGBColor {
        switch category {
        case .feed: feed
        case .diaper: diaper
        case .sleep: sleep
        case .note: note
        }
    }
}

/// A named mapping from event type to colour, following the seed's tones: feeds green,
/// diapers warm or clay, sleep blue or purple, notes gray. Every colour keeps ≥ 3:1
/// against every palette's background and surface and under the icon glyph.
public struct CategoryStrategy: Sendable, Identifiable, Equatable {
    public let id: String
    public let name: String
    public let light: CategoryColors
    public let dark: CategoryColors
    /// The glyph drawn on a filled icon's square in dark mode: near-white on the deep
    /// colours, near-black on pastels.
    let darkGlyph: RGBColor

    init(id: String, name: String, light: CategoryColors, dark: CategoryColors, darkGlyph: RGBColor = .literal("#F7F6F3")) {
        self.id = id
        self.name = name
        self.light = light
        self.dark = dark
        self.darkGlyph = darkGlyph
    }

    public func colors(_ mode: Mode) -> CategoryColors {
        mode == .light ? light : dark
    }

    /// The glyph drawn on a filled icon's square: never pure white or black.
    public func glyph(_ mode: Mode) -> RGBColor {
        mode == .light ? .literal("#FBFAF8") : darkGlyph
    }
}

extension CategoryStrategy {
    /// Every strategy, the default first.
    public static let all: [CategoryStrategy] = [desaturatedJewel, warmCoolSplit, appleHealth, mutedEarth, pastelHarmony]

    /// The strategy with this id.
    public static func named(_ id: String) -> CategoryStrategy? {
        all.first { $0.id == id }
    }

    public static let desaturatedJewel = CategoryStrategy(
        id: "desaturated-jewel", name: "Desaturated Jewel",
        light: .init(feed: "#4B7553", diaper: "#98573A", sleep: "#46658F", note: "#6A645D"),
        dark: .init(feed: "#5E8C66", diaper: "#B17256", sleep: "#6483B0", note: "#888077")
    )

    public static let warmCoolSplit = CategoryStrategy(
        id: "warm-cool-split", name: "Warm Cool Split",
        light: .init(feed: "#1C7169", diaper: "#B04A36", sleep: "#6453A3", note: "#62625F"),
        dark: .init(feed: "#308F86", diaper: "#C26754", sleep: "#8576C3", note: "#82827D")
    )

    public static let appleHealth = CategoryStrategy(
        id: "apple-health", name: "Apple Health",
        light: .init(feed: "#2C7A32", diaper: "#A8540A", sleep: "#4744C4", note: "#66666B"),
        dark: .init(feed: "#3A9243", diaper: "#C06C20", sleep: "#7775DE", note: "#808086")
    )

    public static let mutedEarth = CategoryStrategy(
        id: "muted-earth", name: "Muted Earth",
        light: .init(feed: "#5E6B30", diaper: "#9A4E2A", sleep: "#56677A", note: "#71665C"),
        dark: .init(feed: "#798740", diaper: "#BB6E46", sleep: "#718398", note: "#8B7F74")
    )

    /// Mint, peach-rose, periwinkle and lilac: on paper and light screens as light as 3:1
    /// allows (about twice the others' luminance), in dark mode true pastels under a dark glyph.
    public static let pastelHarmony = CategoryStrategy(
        id: "pastel-harmony", name: "Pastel Harmony",
        light: .init(feed: "#449678", diaper: "#CA6E5F", sleep: "#857FCE", note: "#93819C"),
        dark: .init(feed: "#67BD9E", diaper: "#DE9D94", sleep: "#ACA8E0", note: "#B6AABD"),
        darkGlyph: .literal("#26222B")
    )
}

extension CategoryColors {
    init(feed: String, diaper: String, sleep: String, note: String) {
        self.init(feed: .literal(feed), diaper: .literal(diaper), sleep: .literal(sleep), note: .literal(note))
    }
}

/// How event icons are drawn.
public enum IconStyle: String, Sendable, CaseIterable {
    /// A near-white glyph on a rounded square of the category colour.
    case filled
    /// The glyph alone, in the category colour.
    case tinted
}

/// Which colour scheme pages use.
public enum Scheme: String, Sendable, CaseIterable {
    /// Follow the reader's system setting (`prefers-color-scheme`).
    case auto
    case light
    case dark
}
