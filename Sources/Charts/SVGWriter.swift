import Bytes

/// Builds SVG markup as UTF-8 bytes: fixed-precision numbers (same data, same bytes) and
/// escaped text. A chart page holds thousands of numbers; writing their digits straight
/// into one buffer, instead of interpolating a string for each, is most of a chart's cost.
struct SVGWriter {
    /// Where a text is anchored (`text-anchor`).
    enum Anchor {
        case start, middle, end
    }

    private let bytes = ByteBuffer()

    /// What has been written.
    var markup: Markup { Markup(bytes: bytes.array) }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        bytes.append(text)
    }

    /// Text already safe in markup. (Not an overload of `raw`: a literal would pick it,
    /// the default type of a literal, and be made a `String` on every call.)
    mutating func raw(text: String) {
        bytes.append(text)
    }

    /// `text` safe as character data or a quoted attribute value.
    mutating func escaped(_ text: String) {
        MarkupText.append(text, to: bytes)
    }

    /// A number with at most one decimal: `12`, `12.5`, `-0.5`.
    mutating func number(_ value: Double) {
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10
        let fraction = abs(tenths % 10)
        if tenths < 0 && whole == 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(decimal: whole)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction))
        }
    }

    /// ` data-at="1793621400000"`: an instant's milliseconds, its digits written straight in
    /// (a busy day's marks are a hundred of them in each drawing).
    private mutating func instantAttribute(_ milliseconds: Int64) {
        raw(" data-at=\"")
        bytes.append(decimal: Int(milliseconds))
        raw("\"")
    }

    /// ` name="number"`.
    @inline(__always)
    private mutating func attribute(_ name: StaticString, _ value: Double) {
        raw(" ")
        raw(name)
        raw("=\"")
        number(value)
        raw("\"")
    }

    /// `<tag class="name"` (or `class="name other"`), left open for attributes. Class
    /// names are the charts' own literals, written without a string's reference counting.
    @inline(__always)
    private mutating func start(_ tag: StaticString, class name: StaticString, _ other: StaticString? = nil) {
        raw("<")
        raw(tag)
        raw(" class=\"")
        raw(name)
        if let other {
            raw(" ")
            raw(other)
        }
        raw("\"")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, radius: Double = 0, class name: StaticString,
                       _ other: StaticString? = nil) {
        start("rect", class: name, other)
        attribute("x", x)
        attribute("y", y)
        attribute("width", max(0, width))
        attribute("height", height)
        if radius > 0 { attribute("rx", radius) }
        raw("/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: StaticString) {
        start("line", class: name)
        attribute("x1", x1)
        attribute("y1", y1)
        attribute("x2", x2)
        attribute("y2", y2)
        raw("/>")
    }

    mutating func circle(x: Double, y: Double, radius: Double, class name: StaticString) {
        start("circle", class: name)
        attribute("cx", x)
        attribute("cy", y)
        attribute("r", radius)
        raw("/>")
    }

    /// A line through `points`, or a closed shape through them.
    mutating func polyline(_ points: [(x: Double, y: Double)], closed: Bool = false, class name: StaticString) {
        if closed { start("polygon", class: name) } else { start("polyline", class: name) }
        raw(" points=\"")
        for (index, point) in points.enumerated() {
            if index > 0 { raw(" ") }
            number(point.x)
            raw(",")
            number(point.y)
        }
        raw("\"/>")
    }

    mutating func text(_ content: String, x: Double, y: Double, class name: StaticString, anchor: Anchor = .start) {
        start("text", class: name)
        attribute("x", x)
        attribute("y", y)
        switch anchor {
        case .start: break
        case .middle: raw(" text-anchor=\"middle\"")
        case .end: raw(" text-anchor=\"end\"")
        }
        raw(">")
        escaped(content)
        raw("</text>")
    }

    /// An event icon of `size` centred at (x, y): a rounded square (shown for filled
    /// icons) and the glyph, coloured by the stylesheet for the page's icon style.
    mutating func icon(_ category: StaticString, centerX x: Double, centerY y: Double, size: Double, at instant: Int64? = nil) {
        let left = x - size / 2
        let top = y - size / 2
        raw("<g class=\"mark mark-")
        raw(category)
        raw("\"")
        if let instant { instantAttribute(instant) }
        raw(">")
        rect(x: left, y: top, width: size, height: size, radius: size / 4, class: "mark-bg")
        let inset = size * 0.14
        raw("<use class=\"mark-glyph\" href=\"#icon-")
        raw(category)
        raw("\"")
        attribute("x", left + inset)
        attribute("y", top + inset)
        attribute("width", size - 2 * inset)
        attribute("height", size - 2 * inset)
        raw("/></g>")
    }

    /// A mark drawn as a tick of `height` centred at (x, y), in its category's colour: for
    /// marks too close together for icons.
    mutating func tick(_ category: StaticString, centerX x: Double, centerY y: Double, height: Double, at instant: Int64) {
        raw("<rect class=\"mark-tick mark-")
        raw(category)
        raw("\"")
        instantAttribute(instant)
        attribute("x", x - 1.5)
        attribute("y", y - height / 2)
        attribute("width", 3)
        attribute("height", height)
        attribute("rx", 1.5)
        raw("/>")
    }

    /// Opens an accessible chart with a title and a description, fixed viewBox: a picture
    /// (`role="img"`) named by both, or, when it holds links, a group named by its title and
    /// described by the rest, whose drawing the caller hides from assistive technology
    /// (`hidden`) so that only the links are read inside it.
    mutating func open(id base: String, size: ChartSize, height: Double, title: String, description: String, class name: StaticString,
                       linked: Bool = false) {
        let id = size.id(base)
        let width = size.width
        raw("<svg class=\"chart ")
        raw(name)
        raw(" ")
        raw(size.className)
        raw("\" viewBox=\"0 0 ")
        number(width)
        raw(" ")
        number(height)
        raw("\" ")
        if linked {
            raw("role=\"group\" aria-labelledby=\"")
            raw(text: id)
            raw("-title\" aria-describedby=\"")
            raw(text: id)
            raw("-desc\"")
        } else {
            raw("role=\"img\" aria-labelledby=\"")
            raw(text: id)
            raw("-title ")
            raw(text: id)
            raw("-desc\"")
        }
        raw(" preserveAspectRatio=\"xMinYMin meet\"><title id=\"")
        raw(text: id)
        raw("-title\">")
        escaped(title)
        raw("</title><desc id=\"")
        raw(text: id)
        raw("-desc\">")
        escaped(description)
        raw("</desc>")
    }

    /// Draws `body` hidden from assistive technology: the drawing of a chart whose links
    /// carry its words.
    mutating func hidden(_ body: (inout SVGWriter) -> Void) {
        group("<g aria-hidden=\"true\">", body)
    }

    /// Draws `body` inside `opening`, a `<g …>` tag, and its end.
    mutating func group(_ opening: String, _ body: (inout SVGWriter) -> Void) {
        raw(text: opening)
        body(&self)
        raw("</g>")
    }


    mutating func close() {
        raw("</svg>")
    }
}
