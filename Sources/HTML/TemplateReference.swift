/// A tag naming another template: `{{>name}}` includes it, `{{<name}}` extends it.
public struct TemplateReference: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case include
        case extend
    }

    public let kind: Kind
    /// The template named, without `.mustache`.
    public let name: String
    /// Where the tag starts, 1-based.
    public let line: Int
    public let column: Int

    /// Every such tag in `text`, in order: `{{`, spaces, `>` or `<`, spaces, the name
    /// (letters, digits, `_/.-`; a `.mustache` ending left off), spaces, `}}`. Read by
    /// hand: a regular expression made loading the templates twice as slow.
    static func all(in text: String) -> [TemplateReference] {
        let bytes = Array(text.utf8)
        var found: [TemplateReference] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{"),
                  let (kind, name, end) = tag(in: bytes, at: index) else {
                index += 1
                continue
            }
            let before = text.utf8.index(text.startIndex, offsetBy: index)
            let lineStart = text[..<before].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            found.append(TemplateReference(kind: kind, name: name, line: text[..<before].count { $0 == "\n" } + 1,
                                           column: text[lineStart..<before].count + 1))
            index = end
        }
        return found
    }

    /// The tag starting at `start` (at its `{{`), and the index just past it.
    private static func tag(in bytes: [UInt8], at start: Int) -> (Kind, String, Int)? {
        var index = start + 2
        func skipSpaces() {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "<") else { return nil }
        let kind: Kind = bytes[index] == UInt8(ascii: ">") ? .include : .extend
        index += 1
        skipSpaces()
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        var name = bytes[nameStart..<index]
        skipSpaces()
        guard !name.isEmpty, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") else { return nil }
        let suffix = Array(".mustache".utf8)
        if name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) { name = name.dropLast(suffix.count) }
        return (kind, String(decoding: name, as: UTF8.self), index + 2)
    }

    /// Space, tab, a line feed or carriage return, a vertical tab or form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: false
        }
    }
}
