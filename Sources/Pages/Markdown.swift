/// Writing our own text into Markdown so that it reads literally.
public enum Markdown {
    /// `text` with every ASCII punctuation character backslash-escaped and line breaks
    /// folded to spaces: a child called `*Ava*` or `[x](javascript:…)` stays plain text.
    public static func escaped(_ text: String) -> String {
        var text = text
        switch text.withUTF8(escapedASCII) {
        case .unchanged: return text
        case .escaped(let escaped): return escaped
        case .notASCII: return escapedByCharacters(text)
        }
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

    private enum ASCIIEscaping {
        case unchanged, escaped(String), notASCII
    }

    /// The same for text that is all ASCII (nearly all of it), byte by byte: there every
    /// character is one byte but a CR LF pair, and no mark can join a punctuation byte.
    private static func escapedASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> ASCIIEscaping {
        var plain = true
        for byte in utf8 {
            if byte >= 0x80 { return .notASCII }
            if kind(of: byte) != .plain { plain = false }
        }
        if plain { return .unchanged }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch kind(of: byte) {
            case .lineBreak:
                // A CR LF pair is one line break.
                if byte == 0x0D, index < utf8.count, utf8[index] == 0x0A { index += 1 }
                result.append(UInt8(ascii: " "))
            case .punctuation:
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            case .plain:
                result.append(byte)
            }
        }
        return .escaped(String(decoding: result, as: UTF8.self))
    }

    private enum ByteKind {
        case plain, lineBreak, punctuation
    }

    /// What an ASCII byte is to Markdown: a line break (LF, VT, FF, CR), punctuation or a
    /// symbol (escaped), or a byte standing for itself.
    private static func kind(of byte: UInt8) -> ByteKind {
        switch byte {
        case 0x0A...0x0D: .lineBreak
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: .punctuation
        default: .plain
        }
    }
}
