/// Writing our own text into Markdown so that it reads literally.
public enum Markdown {
    /// `text` with every ASCII punctuation character backslash-escaped and line breaks
    /// folded to spaces: a child called `*Ava*` or `[x](javascript:…)` stays plain text.
    public static func escaped(_ text: String) -> String {
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
}
