/// Tables that can fold on a phone: a table of four columns or more gets the class `wide`,
/// and each of its body cells the heading of its column as `data-label`, so that the
/// stylesheet can show every row as a short list of "heading: value" lines where the
/// columns would not fit, instead of hiding them past the screen's edge.
enum TableLabels {
    /// `html` (cmark-gfm's output) with its wide tables labelled.
    static func labelled(_ html: String) -> String {
        guard html.contains("<table>") else { return html }
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<table>"), let close = rest.range(of: "</table>", range: open.upperBound..<rest.endIndex) {
            result += rest[..<open.lowerBound]
            result += label(String(rest[open.lowerBound..<close.upperBound]))
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// One `<table>…</table>`.
    private static func label(_ table: String) -> String {
        guard let head = table.range(of: "</thead>") else { return table }
        let headings = cells("th", in: table[..<head.lowerBound]).map(plainText)
        guard headings.count >= 4 else { return table }
        var result = "<table class=\"wide\">"
        var rest = table.dropFirst("<table>".count)
        var column = 0
        while let cell = rest.range(of: "<td") {
            let before = rest[..<cell.lowerBound]
            // Each row starts the columns again.
            if before.contains("<tr>") { column = 0 }
            result += before
            result += "<td data-label=\"\(column < headings.count ? headings[column] : "")\""
            column += 1
            rest = rest[cell.upperBound...]
        }
        return result + rest
    }

    /// The contents of each `<tag …>…</tag>` in `html`, in order.
    private static func cells(_ tag: String, in html: Substring) -> [Substring] {
        var found: [Substring] = []
        var rest = html
        while let open = rest.range(of: "<\(tag)"), let end = rest.range(of: ">", range: open.upperBound..<rest.endIndex),
              let close = rest.range(of: "</\(tag)>", range: end.upperBound..<rest.endIndex) {
            found.append(rest[end.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Cell HTML without its tags (the text stays as escaped as it was).
    private static func plainText(_ html: Substring) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "\"", with: "&quot;")
    }
}
