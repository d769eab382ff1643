import Bytes

/// Tables that can fold on a phone: a table of four columns or more gets the class `wide`,
/// and each of its body cells the heading of its column as `data-label`, so that the
/// stylesheet can show every row as a short list of "heading: value" lines where the
/// columns would not fit, instead of hiding them past the screen's edge. Works on UTF-8
/// bytes: every tag it looks for is ASCII.
enum TableLabels {
    private static let tableOpen = Array("<table>".utf8)
    private static let tableClose = Array("</table>".utf8)
    private static let headClose = Array("</thead>".utf8)
    private static let cellOpen = Array("<td".utf8)
    private static let rowOpen = Array("<tr>".utf8)
    private static let heading = Array("th".utf8)

    /// `bytes` of HTML (cmark-gfm's output) with its wide tables labelled.
    static func labelled(_ bytes: [UInt8]) -> [UInt8] {
        guard var open = ByteSearch.find(tableOpen, in: bytes, from: 0) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1024)
        var position = 0
        while true {
            guard let close = ByteSearch.find(tableClose, in: bytes, from: open + tableOpen.count) else { break }
            result += bytes[position..<open]
            label(bytes, from: open, to: close + tableClose.count, into: &result)
            position = close + tableClose.count
            guard let next = ByteSearch.find(tableOpen, in: bytes, from: position) else { break }
            open = next
        }
        result += bytes[position...]
        return result
    }

    /// One `<table>…</table>`, `bytes[start..<end]`.
    private static func label(_ bytes: [UInt8], from start: Int, to end: Int, into result: inout [UInt8]) {
        guard let head = ByteSearch.find(headClose, in: bytes, from: start, to: end) else {
            result += bytes[start..<end]
            return
        }
        let headings = cells(heading, in: bytes, from: start, to: head).map(plainText)
        guard headings.count >= 4 else {
            result += bytes[start..<end]
            return
        }
        result += "<table class=\"wide\">".utf8
        var position = start + tableOpen.count
        var column = 0
        while let cell = ByteSearch.find(cellOpen, in: bytes, from: position, to: end) {
            // Each row starts the columns again.
            if ByteSearch.find(rowOpen, in: bytes, from: position, to: cell) != nil { column = 0 }
            result += bytes[position..<cell]
            result += "<td data-label=\"".utf8
            if column < headings.count { result += headings[column] }
            result += "\"".utf8
            column += 1
            position = cell + cellOpen.count
        }
        result += bytes[position..<end]
    }

    /// The contents of each `<tag …>…</tag>` in `bytes[start..<end]`, in order (as a
    /// plain prefix search, `<th` also finds `<thead`, whose cell then runs to the first `</th>`).
    private static func cells(_ tag: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> [ArraySlice<UInt8>] {
        let open = [0x3C] + tag
        let close = [0x3C, 0x2F] + tag + [0x3E]
        var found: [ArraySlice<UInt8>] = []
        var position = start
        while let tagStart = ByteSearch.find(open, in: bytes, from: position, to: end),
              let tagEnd = ByteSearch.find([0x3E], in: bytes, from: tagStart + open.count, to: end),
              let closeStart = ByteSearch.find(close, in: bytes, from: tagEnd + 1, to: end) {
            found.append(bytes[(tagEnd + 1)..<closeStart])
            position = closeStart + close.count
        }
        return found
    }

    /// Cell HTML without its tags (the text stays as escaped as it was), quotes escaped
    /// for an attribute.
    private static func plainText(_ html: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        var inTag = false
        for byte in html {
            if byte == 0x3C {
                inTag = true
            } else if byte == 0x3E {
                inTag = false
            } else if !inTag {
                if byte == 0x22 { text += "&quot;".utf8 } else { text.append(byte) }
            }
        }
        return text
    }
}
