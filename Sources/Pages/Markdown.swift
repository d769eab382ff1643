/// Writing our own text into Markdown so that it reads literally.
public enum Markdown {
    /// `text` with every ASCII punctuation character backslash-escaped and line breaks
    /// folded to spaces: a child called `*Ava*` or `[x](javascript:…)` stays plain text.
    public static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8(escapedASCII) ?? escapedByCharacters(text)
    }

    /// The rule for any text, character by character.
    static func escapedByCharacters(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline {
                result.append(" ")
            } else if character.isASCII, character.isPunctuation || character.isSymbol {
                result.append("\\")
                result.append(character)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The same for text that is all ASCII (nearly all of it), byte by byte: there every
    /// character is one byte but a CR LF pair, and no mark can join a punctuation byte.
    /// Nil for any other text.
    private static func escapedASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var needed = false
        for byte in utf8 {
            if byte >= 0x80 { return nil }
            if !isPlain(byte) { needed = true }
        }
        guard needed else { return String(decoding: utf8, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case 0x0A, 0x0B, 0x0C:
                result.append(UInt8(ascii: " "))
            case 0x0D:
                // A CR LF pair is one line break.
                if index < utf8.count, utf8[index] == 0x0A { index += 1 }
                result.append(UInt8(ascii: " "))
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            default:
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether an ASCII byte stands for itself: neither a line break nor punctuation.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0A...0x0D, 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: false
        default: true
        }
    }
}
