import Bytes

/// The HTML cmark-gfm makes of the Markdown bbreport writes itself (tables, entry lists,
/// one-line paragraphs), made without it: a parse takes cmark's process-wide lock and
/// builds a tree of nodes for a table that is already known to be one. It reads only the
/// few shapes our pages write — blocks apart by blank lines, `| … |` tables, `- ` lists,
/// `**strong**`, `*emphasis*`, `[text](page.html)` and backslash escapes — and gives up
/// (nil: let cmark render it) at anything else that cmark could read differently: other
/// markup characters, an `@`, `www` or `://` an autolink could take, emphasis next to a
/// space or a non-ASCII character, ragged rows. A test builds the sample both ways and
/// finds every page the same.
enum GeneratedMarkdown {
    /// The HTML of `markdown` (UTF-8), exactly as cmark-gfm renders it, or nil.
    static func html(_ markdown: String) -> [UInt8]? {
        var markdown = markdown
        return markdown.withUTF8 { source -> [UInt8]? in
            if Self.hasAutolinkBait(source) { return nil }
            let output = ByteBuffer(capacity: source.count * 2 + 64)
            var lines = Lines(source)
            while let line = lines.next() {
                guard !line.isEmpty else { continue }
                if source[line.lowerBound] == UInt8(ascii: "|") {
                    guard Self.table(first: line, lines: &lines, source, into: output) else { return nil }
                } else if line.count > 2, source[line.lowerBound] == UInt8(ascii: "-"), source[line.lowerBound + 1] == UInt8(ascii: " ") {
                    guard Self.list(first: line, lines: &lines, source, into: output) else { return nil }
                } else {
                    guard Self.startsPlainly(line, source) else { return nil }
                    output.append("<p>" as StaticString)
                    guard Inline.write(source, line, into: output) else { return nil }
                    output.append("</p>\n" as StaticString)
                    // A paragraph of one line: anything right below it would join it.
                    guard lines.nextIsBlank else { return nil }
                }
            }
            return output.array
        }
    }

    /// `@`, `www` and `://`, in any case: cmark-gfm's autolink extension may make a link
    /// of them even when escaped.
    private static func hasAutolinkBait(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in source.indices {
            switch source[index] {
            case UInt8(ascii: "@"):
                return true
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                if index + 2 < source.count, source[index + 1] | 0x20 == UInt8(ascii: "w"), source[index + 2] | 0x20 == UInt8(ascii: "w") {
                    return true
                }
            case UInt8(ascii: ":"):
                var next = index + 1
                if next < source.count, source[next] == UInt8(ascii: "\\") { next += 1 }
                if next < source.count, source[next] == UInt8(ascii: "/") { return true }
            default:
                break
            }
        }
        return false
    }

    /// A line that cannot start any block but a paragraph: a letter, a digit not followed
    /// by `.` or `)`, or an escape.
    private static func startsPlainly(_ line: Range<Int>, _ source: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = source[line.lowerBound]
        if Inline.isLetter(first) { return true }
        return first == UInt8(ascii: "\\")
    }

    /// `<ul>` of consecutive `- ` lines, a tight list.
    private static func list(first: Range<Int>, lines: inout Lines, _ source: UnsafeBufferPointer<UInt8>, into output: ByteBuffer) -> Bool {
        output.append("<ul>\n" as StaticString)
        var line = first
        while true {
            let item = (line.lowerBound + 2)..<line.upperBound
            // An item's text must not itself start a block (a heading, a quote, a list).
            guard !item.isEmpty, Inline.isLetter(source[item.lowerBound]) || source[item.lowerBound] == UInt8(ascii: "*") else { return false }
            output.append("<li>" as StaticString)
            guard Inline.write(source, item, into: output) else { return false }
            output.append("</li>\n" as StaticString)
            guard let next = lines.peek(), next.count > 2, source[next.lowerBound] == UInt8(ascii: "-"),
                  source[next.lowerBound + 1] == UInt8(ascii: " ") else { break }
            line = lines.next()!
        }
        output.append("</ul>\n" as StaticString)
        return lines.nextIsBlank
    }

    /// A GFM table: a header row, its delimiter row, and rows of as many cells, up to a blank line.
    private static func table(first: Range<Int>, lines: inout Lines, _ source: UnsafeBufferPointer<UInt8>, into output: ByteBuffer) -> Bool {
        guard let header = cells(first, source), let delimiter = lines.next(), let alignments = alignments(delimiter, source),
              alignments.count == header.count else { return false }
        output.append("<table>\n<thead>\n<tr>\n" as StaticString)
        for (cell, alignment) in zip(header, alignments) {
            guard Self.cell("th", cell, alignment, source, into: output) else { return false }
        }
        output.append("</tr>\n</thead>\n" as StaticString)
        var body = false
        while let line = lines.peek(), !line.isEmpty {
            _ = lines.next()
            guard source[line.lowerBound] == UInt8(ascii: "|"), let row = cells(line, source), row.count == header.count else { return false }
            if !body {
                output.append("<tbody>\n" as StaticString)
                body = true
            }
            output.append("<tr>\n" as StaticString)
            for (cell, alignment) in zip(row, alignments) {
                guard Self.cell("td", cell, alignment, source, into: output) else { return false }
            }
            output.append("</tr>\n" as StaticString)
        }
        if body { output.append("</tbody>\n" as StaticString) }
        output.append("</table>\n" as StaticString)
        return true
    }

    private static func cell(_ tag: StaticString, _ cell: Range<Int>, _ alignment: StaticString?, _ source: UnsafeBufferPointer<UInt8>,
                             into output: ByteBuffer) -> Bool {
        output.append("<" as StaticString)
        output.append(tag)
        if let alignment {
            output.append(" align=\"" as StaticString)
            output.append(alignment)
            output.append("\"" as StaticString)
        }
        output.append(">" as StaticString)
        guard Inline.write(source, cell, into: output) else { return false }
        output.append("</" as StaticString)
        output.append(tag)
        output.append(">\n" as StaticString)
        return true
    }

    /// The cells of `| a | b |`, each without the one space on either side; nil unless
    /// the row is written exactly so.
    private static func cells(_ line: Range<Int>, _ source: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard line.count >= 4, source[line.upperBound - 1] == UInt8(ascii: "|"), source[line.upperBound - 2] == UInt8(ascii: " ") else { return nil }
        var cells: [Range<Int>] = []
        var start = line.lowerBound + 1
        var index = start
        while index < line.upperBound {
            switch source[index] {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "|"):
                // ` text `: exactly one space each side, none more.
                guard index - start >= 3, source[start] == UInt8(ascii: " "), source[index - 1] == UInt8(ascii: " "),
                      source[start + 1] != UInt8(ascii: " "), source[index - 2] != UInt8(ascii: " ") else { return nil }
                cells.append((start + 1)..<(index - 1))
                start = index + 1
            default:
                break
            }
            index += 1
        }
        return start == line.upperBound ? cells : nil
    }

    /// The alignment of each column of `|---|---:|`.
    private static func alignments(_ line: Range<Int>, _ source: UnsafeBufferPointer<UInt8>) -> [StaticString?]? {
        let parts = source[line].split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.first!.isEmpty, parts.last!.isEmpty else { return nil }
        var result: [StaticString?] = []
        for part in parts.dropFirst().dropLast() {
            guard part.count >= 3 else { return nil }
            let left = part.first == UInt8(ascii: ":"), right = part.last == UInt8(ascii: ":")
            let dashes = part.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            result.append(left && right ? "center" : left ? "left" : right ? "right" : nil)
        }
        return result
    }
}

/// The lines of a text (without their `\n`), one at a time.
private struct Lines {
    let source: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
    }

    func peek() -> Range<Int>? {
        guard position < source.count else { return nil }
        var end = position
        while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
        return position..<end
    }

    mutating func next() -> Range<Int>? {
        guard let line = peek() else { return nil }
        position = line.upperBound + 1
        return line
    }

    /// Whether the text ends here or a blank line follows.
    var nextIsBlank: Bool {
        peek()?.isEmpty ?? true
    }
}

/// Inline text: escapes, `**strong**`, `*emphasis*` and `[text](page.html)`.
private enum Inline {
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Writes `source[range]` as HTML; false at anything it does not read as cmark does.
    static func write(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: ByteBuffer) -> Bool {
        var index = range.lowerBound
        var open: Int? = nil // the length of the emphasis run that is open: 1 or 2
        var linkOpen = false
        while index < range.upperBound {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < range.upperBound else { return false }
                let escaped = source[index + 1]
                guard escaped < 0x80, isPunctuation(escaped) else { return false }
                text(escaped, into: output)
                index += 2
            case UInt8(ascii: "*"):
                var run = 1
                while index + run < range.upperBound, source[index + run] == UInt8(ascii: "*") { run += 1 }
                guard run <= 2 else { return false }
                let before: UInt8? = index > range.lowerBound ? source[index - 1] : nil
                let after: UInt8? = index + run < range.upperBound ? source[index + run] : nil
                if let length = open {
                    // Closing: after a visible ASCII character, before a space or the end.
                    guard length == run, let before, before != UInt8(ascii: " "), before < 0x80,
                          after == nil || after == UInt8(ascii: " ") else { return false }
                    output.append(run == 2 ? "</strong>" as StaticString : "</em>" as StaticString)
                    open = nil
                } else {
                    // Opening: at the start or after a space, before a visible ASCII character.
                    guard before == nil || before == UInt8(ascii: " "), let after, after != UInt8(ascii: " "), after < 0x80 else { return false }
                    output.append(run == 2 ? "<strong>" as StaticString : "<em>" as StaticString)
                    open = run
                }
                index += run
            case UInt8(ascii: "["):
                guard !linkOpen, open == nil else { return false }
                linkOpen = true
                index += 1
                // The address comes after the text; write the tag now, from the `](…)` ahead.
                guard let close = find(UInt8(ascii: "]"), source, from: index, to: range.upperBound),
                      source[close - 1] != UInt8(ascii: "\\"), close + 1 < range.upperBound, source[close + 1] == UInt8(ascii: "("),
                      let end = find(UInt8(ascii: ")"), source, from: close + 2, to: range.upperBound), end > close + 2 else { return false }
                for address in (close + 2)..<end where !(isAlphanumeric(source[address]) || source[address] == UInt8(ascii: "/")
                                                          || source[address] == UInt8(ascii: ".") || source[address] == UInt8(ascii: "-")) {
                    return false
                }
                output.append("<a href=\"" as StaticString)
                output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[(close + 2)..<end])))
                output.append("\">" as StaticString)
            case UInt8(ascii: "]"):
                guard linkOpen, open == nil else { return false }
                output.append("</a>" as StaticString)
                linkOpen = false
                // Past `(address)`.
                index = find(UInt8(ascii: ")"), source, from: index, to: range.upperBound)! + 1
            case UInt8(ascii: " "):
                // Two spaces, or one at the end, could be a line break or trimmed.
                guard index + 1 < range.upperBound, source[index + 1] != UInt8(ascii: " ") else { return false }
                output.append(byte)
                index += 1
            default:
                guard byte >= 0x80 || isAlphanumeric(byte) || isPlainPunctuation(byte) else { return false }
                output.append(byte)
                index += 1
            }
        }
        return open == nil && !linkOpen
    }

    /// Punctuation that is only itself, wherever it stands in our text.
    private static func isPlainPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"),
             UInt8(ascii: "'"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// A literal character as cmark writes it in HTML.
    private static func text(_ byte: UInt8, into output: ByteBuffer) {
        switch byte {
        case UInt8(ascii: "&"): output.append("&amp;" as StaticString)
        case UInt8(ascii: "<"): output.append("&lt;" as StaticString)
        case UInt8(ascii: ">"): output.append("&gt;" as StaticString)
        case UInt8(ascii: "\""): output.append("&quot;" as StaticString)
        default: output.append(byte)
        }
    }

    private static func find(_ byte: UInt8, _ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if source[index] == byte { return index }
            index += 1
        }
        return nil
    }
}
