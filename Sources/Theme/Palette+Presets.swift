extension Palette {
    /// Every palette, the default first.
    public static let all: [Palette] = [warmNightlight, currentIndigo, oceanCalm, sageGarden, midnightHarbor]

    /// The palette with this id.
    public static func named(_ id: String) -> Palette? {
        all.first { $0.id == id }
    }

    /// Amber and warm: calm at 3 AM (the default).
    public static let warmNightlight = Palette(
        id: "warm-nightlight", name: "Warm Nightlight",
        light: .init(primary: "#A07830", link: "#7D5B1E", secondary: "#E8DDC9", background: "#FAF6F0", surface: "#FFFDF9",
                     text: "#2A241D", textSecondary: "#665C50", success: "#3B7A4B", warning: "#8F6200", danger: "#B0322A"),
        dark: .init(primary: "#E8B86D", link: "#EBC07D", secondary: "#4D4031", background: "#1A1714", surface: "#2A2622",
                    text: "#F1E9DD", textSecondary: "#BEB2A2", success: "#86C095", warning: "#E3B85E", danger: "#F08C82")
    )

    /// The original indigo.
    public static let currentIndigo = Palette(
        id: "current-indigo", name: "Indigo",
        light: .init(primary: "#5856D6", link: "#4A48C4", secondary: "#E4E3F8", background: "#F7F7FB", surface: "#FDFDFF",
                     text: "#1D1C2B", textSecondary: "#5D5C70", success: "#2F7D4A", warning: "#8F6200", danger: "#B3261E"),
        dark: .init(primary: "#7B79E0", link: "#A3A1EE", secondary: "#363563", background: "#1C1C1E", surface: "#2C2C2E",
                    text: "#EDEDF3", textSecondary: "#B2B1C2", success: "#7CC48F", warning: "#E3B85E", danger: "#F28B82")
    )

    /// Cool blue-green.
    public static let oceanCalm = Palette(
        id: "ocean-calm", name: "Ocean Calm",
        light: .init(primary: "#2E8B8B", link: "#1E6E6E", secondary: "#D7ECEC", background: "#F4F8F8", surface: "#FCFEFE",
                     text: "#172525", textSecondary: "#526363", success: "#2F7D4A", warning: "#8F6200", danger: "#B3261E"),
        dark: .init(primary: "#4DB8B8", link: "#6CCACA", secondary: "#24403F", background: "#151B1C", surface: "#232C2D",
                    text: "#E5F0F0", textSecondary: "#A6B9B9", success: "#7CC48F", warning: "#E3B85E", danger: "#F28B82")
    )

    /// Muted sage green.
    public static let sageGarden = Palette(
        id: "sage-garden", name: "Sage Garden",
        light: .init(primary: "#6B8F71", link: "#4C6E52", secondary: "#E0EADF", background: "#F6F8F3", surface: "#FDFEFB",
                     text: "#1E261F", textSecondary: "#5A665B", success: "#2F7D4A", warning: "#8F6200", danger: "#B3261E"),
        dark: .init(primary: "#8FB896", link: "#A2C7A8", secondary: "#2F3D31", background: "#171A17", surface: "#252A25",
                    text: "#E8EFE6", textSecondary: "#AEBAAD", success: "#8CC79A", warning: "#E3B85E", danger: "#F28B82")
    )

    /// Deep navy.
    public static let midnightHarbor = Palette(
        id: "midnight-harbor", name: "Midnight Harbor",
        light: .init(primary: "#3D5A80", link: "#344E70", secondary: "#DCE4EF", background: "#F5F7FA", surface: "#FCFDFE",
                     text: "#1A2130", textSecondary: "#56606F", success: "#2F7D4A", warning: "#8F6200", danger: "#B3261E"),
        dark: .init(primary: "#5B82AB", link: "#8FB0D4", secondary: "#27354A", background: "#141922", surface: "#212936",
                    text: "#E6EBF3", textSecondary: "#A9B4C4", success: "#7CC48F", warning: "#E3B85E", danger: "#F28B82")
    )
}

extension PaletteColors {
    /// The colours from hex literals (a typo traps at start-up and in every test).
    init(primary: String, link: String, secondary: String, background: String, surface: String,
         text: String, textSecondary: String, success: String, warning: String, danger: String) {
        self.init(primary: .literal(primary), link: .literal(link), secondary: .literal(secondary),
                  background: .literal(background), surface: .literal(surface), text: .literal(text),
                  textSecondary: .literal(textSecondary), success: .literal(success), warning: .literal(warning),
                  danger: .literal(danger))
    }
}

extension RGBColor {
    /// A colour written in the source as `#RRGGBB`.
    static func literal(_ hex: String) -> RGBColor {
        guard let color = RGBColor(hex: hex) else { preconditionFailure("not a colour: \(hex)") }
        return color
    }
}
