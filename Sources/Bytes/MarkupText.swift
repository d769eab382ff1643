/// Our own text inside HTML or SVG markup.
public enum MarkupText {
    /// `text` safe as character data or a quoted attribute value.
    public static func escaped(_ text: String) -> String {
        let buffer = ByteBuffer(capacity: text.utf8.count + 16)
        append(text, to: buffer)
        return buffer.string
    }

    /// Appends `text` escaped to `buffer`. Works on bytes, not characters, so that a `<`
    /// followed by a combining mark is escaped too (as one character it would not be).
    public static func append(_ text: String, to buffer: ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for (index, byte) in bytes.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                buffer.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[run..<index])))
                buffer.append(entity)
                run = index + 1
            }
            buffer.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[run...])))
        }
    }
}
