/// Our own icons for the four kinds of event, drawn on a 24×24 grid as solid shapes
/// (cut-outs by the even-odd rule), so they read at 16 px, in print and without colour:
/// the shape alone tells the type.
public enum Icons {
    /// The glyph of `category`, as the inside of an SVG `<symbol>` drawn in `currentColor`.
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

    /// An invisible SVG holding one `<symbol id="icon-…">` per category, placed once in
    /// each page so icons and charts can `<use href="#icon-feed">` it.
    public static let sprite: String = {
        let symbols = Category.allCases.map { category in
            "<symbol id=\"icon-\(category.rawValue)\" viewBox=\"0 0 24 24\">\(glyph(category))</symbol>"
        }
        return "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">" + symbols.joined() + "</svg>"
    }()

    /// An icon beside text that names the same thing (so hidden from screen readers):
    /// `<span class="icon icon-feed" aria-hidden="true">…`.
    public static func inline(_ category: Category) -> String {
        "<span class=\"icon icon-\(category.rawValue)\" aria-hidden=\"true\"><svg viewBox=\"0 0 24 24\" focusable=\"false\"><use href=\"#icon-\(category.rawValue)\"/></svg></span>"
    }
}
