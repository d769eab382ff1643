/// Builds SVG markup: fixed-precision numbers (same data, same bytes) and escaped text.
struct SVGWriter {
    private(set) var markup = ""

    /// A number with at most one decimal: `12`, `12.5`.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths / 10)
        let fraction = Int(abs(tenths.truncatingRemainder(dividingBy: 10)))
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    mutating func raw(_ text: String) {
        markup += text
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, radius: Double = 0, class name: String) {
        let corner = radius > 0 ? " rx=\"\(Self.number(radius))\"" : ""
        markup += "<rect class=\"\(name)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(height))\"\(corner)/>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: String) {
        markup += "<line class=\"\(name)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>"
    }

    mutating func text(_ content: String, x: Double, y: Double, class name: String, anchor: String = "start") {
        let anchorAttribute = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        markup += "<text class=\"\(name)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(anchorAttribute)>\(MarkupText.escaped(content))</text>"
    }

    /// An event icon of `size` centred at (x, y): a rounded square (shown for filled
    /// icons) and the glyph, coloured by the stylesheet for the page's icon style.
    mutating func icon(_ category: String, centerX x: Double, centerY y: Double, size: Double) {
        let left = x - size / 2
        let top = y - size / 2
        markup += "<g class=\"mark mark-\(category)\">"
        rect(x: left, y: top, width: size, height: size, radius: size / 4, class: "mark-bg")
        let inset = size * 0.14
        markup += "<use class=\"mark-glyph\" href=\"#icon-\(category)\" x=\"\(Self.number(left + inset))\" y=\"\(Self.number(top + inset))\" width=\"\(Self.number(size - 2 * inset))\" height=\"\(Self.number(size - 2 * inset))\"/>"
        markup += "</g>"
    }

    /// Opens an accessible chart with a title and a description, fixed viewBox: a picture
    /// (`role="img"`) named by both, or, when it holds links, a group named by its title and
    /// described by the rest, whose drawing the caller hides from assistive technology
    /// (`hidden`) so that only the links are read inside it.
    mutating func open(id: String, size: ChartSize, height: Double, title: String, description: String, class name: String, linked: Bool = false) {
        open(id: size.id(id), width: size.width, height: height, title: title, description: description, class: "\(name) \(size.className)", linked: linked)
    }

    mutating func open(id: String, width: Double, height: Double, title: String, description: String, class name: String, linked: Bool = false) {
        let role = linked ? "role=\"group\" aria-labelledby=\"\(id)-title\" aria-describedby=\"\(id)-desc\""
            : "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        markup += "<svg class=\"chart \(name)\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" \(role) preserveAspectRatio=\"xMinYMin meet\">"
        markup += "<title id=\"\(id)-title\">\(MarkupText.escaped(title))</title><desc id=\"\(id)-desc\">\(MarkupText.escaped(description))</desc>"
    }

    /// Draws `body` hidden from assistive technology: the drawing of a chart whose links
    /// carry its words.
    mutating func hidden(_ body: (inout SVGWriter) -> Void) {
        markup += "<g aria-hidden=\"true\">"
        body(&self)
        markup += "</g>"
    }

    mutating func close() {
        markup += "</svg>"
    }
}
