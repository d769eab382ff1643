/// Writing our own text into Markdown so that it reads literally, and as little escaped
/// as that allows: a plain reader of the `.md` twin sees `Paracetamol (2.5 ml)`, while
/// a child called `*Ava*` or `[x](javascript:…)` stays plain text once rendered.
public enum Markdown {
    /// `text` with line breaks folded to spaces, leading blanks dropped, and a backslash
    /// before each character that could change what it means: emphasis, code, links,
    /// HTML, tables and strikethrough marks (`* _ ` [ ] < | ~ \`) anywhere, `&` where an
    /// entity could start, the `:` of `://` and the `.` of `www.` where a link would start,
    /// and at the start a mark that would open a block (`# > - + =`, or the `.` or `)` of
    /// an ordered list's number).
    public static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 -> String? in
            needsNothing(utf8) ? nil : String(decoding: escaped(utf8), as: UTF8.self)
        } ?? text
    }

    /// Whether `utf8` reads literally as it is.
    private static func needsNothing(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first else { return true }
        if opensBlock(first) || first == 0x20 || first == 0x09 || isLineBreak(utf8, at: 0) != nil || orderedListMark(utf8, from: 0) != nil {
            return false
        }
        for index in utf8.indices {
            if needsBackslash(utf8, at: index) || isLineBreak(utf8, at: index) != nil { return false }
        }
        return true
    }

    /// Whether the byte at `index` changes meaning wherever it stands.
    private static func needsBackslash(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = utf8[index]
        return isAlwaysEscaped(byte) || (byte == UInt8(ascii: "&") && startsEntity(utf8, after: index)) || startsAutolink(utf8, at: index)
    }

    private static func escaped(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 8)
        var index = 0
        // Leading blanks and line breaks would indent a paragraph into code or a list;
        // they never show anyway.
        while index < utf8.count, utf8[index] == 0x20 || utf8[index] == 0x09 || isLineBreak(utf8, at: index) != nil {
            index += isLineBreak(utf8, at: index) ?? 1
        }
        let start = index
        let listMark = orderedListMark(utf8, from: start)
        while index < utf8.count {
            let byte = utf8[index]
            if let length = isLineBreak(utf8, at: index) {
                result.append(0x20)
                index += length
                continue
            }
            if needsBackslash(utf8, at: index) || (index == start && opensBlock(byte)) || index == listMark {
                result.append(UInt8(ascii: "\\"))
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    private static func isAlwaysEscaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// A mark that opens a heading, quote, list or setext underline at a line's start.
    private static func opensBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="): true
        default: false
        }
    }

    /// Where the `.` or `)` after 1–9 leading digits is, when a space or the end follows
    /// it (`1. Ava`, `2) x`): an ordered list's marker.
    private static func orderedListMark(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < utf8.count, utf8[index].isASCIIDigit, index - start < 9 { index += 1 }
        guard index > start, index < utf8.count, utf8[index] == UInt8(ascii: ".") || utf8[index] == UInt8(ascii: ")") else { return nil }
        let next = index + 1
        return next == utf8.count || utf8[next] == 0x20 || utf8[next] == 0x09 || isLineBreak(utf8, at: next) != nil ? index : nil
    }

    /// Whether the byte at `index` is the `:` of `://` or the `.` of a word `www.`: GitHub's
    /// autolinks take the text after them as it is written, escapes and all, so the link is
    /// not let start.
    private static func startsAutolink(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch utf8[index] {
        case UInt8(ascii: ":"):
            return index + 2 < utf8.count && utf8[index + 1] == UInt8(ascii: "/") && utf8[index + 2] == UInt8(ascii: "/")
        case UInt8(ascii: "."):
            guard index >= 3, (index - 3..<index).allSatisfy({ utf8[$0] | 0x20 == UInt8(ascii: "w") }) else { return false }
            guard index > 3 else { return true }
            let before = utf8[index - 4]
            return !(before.isASCIIDigit || (before | 0x20 >= UInt8(ascii: "a") && before | 0x20 <= UInt8(ascii: "z")))
        default:
            return false
        }
    }

    /// Whether `&` at `index` is followed by a letter, digit or `#`, as an entity starts.
    private static func startsEntity(_ utf8: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        guard index + 1 < utf8.count else { return false }
        let next = utf8[index + 1]
        return next.isASCIIDigit || next == UInt8(ascii: "#") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
    }

    /// The length of a line break at `index` (LF, VT, FF, CR, CR LF, NEL, LS, PS), if one is there.
    private static func isLineBreak(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = utf8[index]
        switch byte {
        case 0x0D: return index + 1 < utf8.count && utf8[index + 1] == 0x0A ? 2 : 1
        case 0x0A...0x0C: return 1
        case 0xC2: return index + 1 < utf8.count && utf8[index + 1] == 0x85 ? 2 : nil
        case 0xE2: return index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9) ? 3 : nil
        default: return nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
