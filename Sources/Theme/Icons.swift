/// Each kind of event, with the icon that tells it and the category whose colour it takes.
public enum EventIcon: String, Sendable, CaseIterable {
    case feed, diaper, sleep, note, solids, pumping, growth, temperature, medication
    case tummyTime = "tummy-time"
    case vaccination, milestone, crying

    /// The colour it is drawn in: feeding's for food and milk, sleep's for lying down,
    /// the note's for health.
    public var category: Category {
        switch self {
        case .feed, .solids, .pumping: .feed
        case .diaper: .diaper
        case .sleep, .tummyTime: .sleep
        case .note, .growth, .temperature, .medication, .vaccination, .milestone, .crying: .note
        }
    }

    /// The icon of a category's own kind of event.
    public init(_ category: Category) {
        switch category {
        case .feed: self = .feed
        case .diaper: self = .diaper
        case .sleep: self = .sleep
        case .note: self = .note
        }
    }
}

/// One icon per kind of event, drawn on a 24×24 grid in `currentColor`: the four kinds the
/// app logs most as our own solid shapes (cut-outs by the even-odd rule), the health kinds
/// as Tabler's outline icons (MIT, tabler.io/icons: bowl-spoon, droplet, ruler-measure,
/// temperature, pill, mood-kid, vaccine, star, mood-cry), so that each reads at 16 px, in print and
/// without colour: the shape alone tells the kind.
public enum Icons {
    /// The glyph of `icon`, as the inside of an SVG `<symbol>`.
    public static func glyph(_ icon: EventIcon) -> String {
        switch icon {
        case .feed, .diaper, .sleep, .note: glyph(icon.category)
        case .solids: outline("M4 11h16a1 1 0 0 1 1 1v.5c0 1.5 -2.517 5.573 -4 6.5v1a1 1 0 0 1 -1 1h-8a1 1 0 0 1 -1 -1v-1c-1.687 -1.054 -4 -5 -4 -6.5v-.5a1 1 0 0 1 1 -1",
                              "M8 7c1.657 0 3 -.895 3 -2s-1.343 -2 -3 -2s-3 .895 -3 2s1.343 2 3 2", "M11 5h9")
        case .pumping: outline("M7.502 19.423c2.602 2.105 6.395 2.105 8.996 0c2.602 -2.105 3.262 -5.708 1.566 -8.546l-4.89 -7.26c-.42 -.625 -1.287 -.803 -1.936 -.397a1.376 1.376 0 0 0 -.41 .397l-4.893 7.26c-1.695 2.838 -1.035 6.441 1.567 8.546")
        case .growth: outline("M19.875 12c.621 0 1.125 .512 1.125 1.143v5.714c0 .631 -.504 1.143 -1.125 1.143h-15.875a1 1 0 0 1 -1 -1v-5.857c0 -.631 .504 -1.143 1.125 -1.143h15.75z",
                              "M9 12v2", "M6 12v3", "M12 12v3", "M18 12v3", "M15 12v2", "M3 3v4", "M3 5h18", "M21 3v4")
        case .temperature: outline("M10 13.5a4 4 0 1 0 4 0v-8.5a2 2 0 0 0 -4 0v8.5", "M10 9l4 0")
        case .medication: outline("M4.5 12.5l8 -8a4.94 4.94 0 0 1 7 7l-8 8a4.94 4.94 0 0 1 -7 -7m4 -4l7 7")
        case .tummyTime: outline("M12 12m-9 0a9 9 0 1 0 18 0a9 9 0 1 0 -18 0", "M9 10l.01 0", "M15 10l.01 0", "M9.5 15a3.5 3.5 0 0 0 5 0", "M12 3a2 2 0 0 0 0 4")
        case .vaccination: outline("M17 3l4 4", "M19 5l-4.5 4.5", "M11.5 6.5l6 6", "M16.5 11.5l-6.5 6.5h-4v-4l6.5 -6.5", "M7.5 12.5l1.5 1.5", "M10.5 9.5l1.5 1.5", "M3 21l3 -3")
        case .crying: outline("M9 10l.01 0", "M15 10l.01 0", "M9.5 15.25a3.5 3.5 0 0 1 5 0", "M17.566 17.606a2 2 0 1 0 2.897 .03l-1.463 -1.636l-1.434 1.606z",
                              "M20.865 13.517a8.937 8.937 0 0 0 .135 -1.517a9 9 0 1 0 -9 9c.69 0 1.36 -.076 2 -.222")
        case .milestone: outline("M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z")
        }
    }

    /// A Tabler outline icon: its paths stroked 2 wide with round ends.
    private static func outline(_ paths: String...) -> String {
        "<g fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
            + paths.map { "<path d=\"\($0)\"/>" }.joined() + "</g>"
    }

    /// The glyph of `category`'s own kind, as the inside of an SVG `<symbol>` drawn in `currentColor`.
    public static func glyph(_ category: Category) -> String {
        switch category {
        case .feed:
            // A baby bottle: teat, collar, and a body with three measuring marks.
            """
            <path fill="currentColor" fill-rule="evenodd" d="M10.6 1.9c.4-.6 2.4-.6 2.8 0l.9 3.1H9.7zM8.6 5.6h6.8a.8.8 0 0 1 .8.8v1.3a.8.8 0 0 1-.8.8H8.6a.8.8 0 0 1-.8-.8V6.4a.8.8 0 0 1 .8-.8zM9 9.3h6a2.2 2.2 0 0 1 2.2 2.2v8.3a2.6 2.6 0 0 1-2.6 2.6H9.4a2.6 2.6 0 0 1-2.6-2.6v-8.3A2.2 2.2 0 0 1 9 9.3zM9.3 12.5h2.8v1.3H9.3zM9.3 15.3h2.8v1.3H9.3zM9.3 18.1h2.8v1.3H9.3z"/>
            """
        case .diaper:
            // A diaper: a waistband with two tab holes over a rounded body.
            """
            <path fill="currentColor" fill-rule="evenodd" d="M2.8 5.6h18.4a.8.8 0 0 1 .8.8v2.4a.8.8 0 0 1-.8.8H2.8a.8.8 0 0 1-.8-.8V6.4a.8.8 0 0 1 .8-.8zM4.1 6.8h2v1.6h-2zM17.9 6.8h2v1.6h-2zM3.1 10.6h17.8c-.3 5.6-3.6 8.8-6.5 9.6-.9.3-1.6.4-2.4.4s-1.5-.1-2.4-.4c-2.9-.8-6.2-4-6.5-9.6z"/>
            """
        case .sleep:
            // A crescent moon with two z's.
            """
            <path fill="currentColor" d="M10.37 4.52A8.5 8.5 0 1 0 19.34 14.66 7 7 0 0 1 10.37 4.52z"/><path fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" d="M15.2 2.4h3.4l-3.4 3.8h3.4M19.4 8.2h2.4l-2.4 2.7h2.4"/>
            """
        case .note:
            // A page with a folded corner and three lines of text.
            """
            <path fill="currentColor" fill-rule="evenodd" d="M6.2 2.4h8.4l4.8 4.8v12.8a1.6 1.6 0 0 1-1.6 1.6H6.2a1.6 1.6 0 0 1-1.6-1.6V4a1.6 1.6 0 0 1 1.6-1.6zM14.2 3.6v3.3c0 .5.3.8.8.8h3.3zM7.6 11h8.8v1.5H7.6zM7.6 14.3h8.8v1.5H7.6zM7.6 17.6h5.6v1.5H7.6z"/>
            """
        }
    }

    /// An invisible SVG holding one `<symbol id="icon-…">` per kind of event, placed once
    /// in each page so icons and charts can `<use href="#icon-feed">` it.
    public static let sprite: String = {
        let symbols = EventIcon.allCases.map { icon in
            "<symbol id=\"icon-\(icon.rawValue)\" viewBox=\"0 0 24 24\">\(glyph(icon))</symbol>"
        }
        return "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">" + symbols.joined() + "</svg>"
    }()

    /// An icon beside text that names the same thing (so hidden from screen readers):
    /// `<span class="icon icon-feed" aria-hidden="true">…`.
    public static func inline(_ category: Category) -> String {
        inline(EventIcon(category))
    }

    /// The icon of a kind of event, in its category's colour: `<span class="icon icon-note"
    /// data-kind="temperature" aria-hidden="true">…`.
    public static func inline(_ icon: EventIcon) -> String {
        let kind = icon.rawValue == icon.category.rawValue ? "" : " data-kind=\"\(icon.rawValue)\""
        return "<span class=\"icon icon-\(icon.category.rawValue)\"\(kind) aria-hidden=\"true\"><svg viewBox=\"0 0 24 24\" focusable=\"false\"><use href=\"#icon-\(icon.rawValue)\"/></svg></span>"
    }
}
