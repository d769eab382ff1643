extension Catalog {
    /// The catalog in `text`, read line by line for the shape our own catalogs are written
    /// in (a flat `words:` map of one-line texts, plain or in double quotes, and plural
    /// forms one level deeper); nil at anything else, which Yams then reads. Yams built a
    /// tree of nodes for the 600 lines of English on every build: 8 ms of a 40 ms night.
    /// A test holds every catalog that ships to what Yams reads.
    init?(lines text: String) {
        var name: String?, isRightToLeft = false, base: String?, entries: [String: Entry] = [:]
        var inWords = false, plural: (key: String, forms: [PluralCategory: Message])?
        func closePlural() {
            if let open = plural { entries[open.key] = .plural(open.forms) }
            plural = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let indent = raw.prefix { $0 == " " }.count
            let line = raw.dropFirst(indent)
            if line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let key = String(line[..<colon])
            let rest = line[line.index(after: colon)...].drop { $0 == " " }
            switch indent {
            case 0:
                closePlural()
                inWords = key == "words" && rest.isEmpty
                guard inWords || !rest.isEmpty, let value = Self.scalar(rest) else { return nil }
                switch key {
                case "name": name = value
                case "direction": isRightToLeft = value == "rtl"
                case "base": base = value
                case "words": break
                default: return nil
                }
            case 2 where inWords:
                closePlural()
                if rest.isEmpty {
                    plural = (key, [:])
                } else {
                    guard let value = Self.scalar(rest), let message = Message(value) else { return nil }
                    entries[key] = .text(message)
                }
            case 4 where plural != nil:
                guard let category = PluralCategory(rawValue: key), let value = Self.scalar(rest), let message = Message(value) else { return nil }
                plural?.forms[category] = message
            default:
                return nil
            }
        }
        closePlural()
        guard let name else { return nil }
        self.init(name: name, isRightToLeft: isRightToLeft, base: base, entries: entries)
    }

    /// A one-line scalar: plain text without YAML's marks, or a double-quoted string with
    /// `\"`, `\\` and `\uXXXX` escapes; nil for anything else.
    private static func scalar(_ text: Substring) -> String? {
        guard text.first == "\"" else {
            let marks: Set<Character> = ["\"", "'", "{", "[", "&", "*", "!", "|", ">", "%", "@", "`", "#"]
            guard let first = text.first, !marks.contains(first), !text.contains(": "), !text.contains(" #"),
                  text.last != " " else { return text.isEmpty ? "" : nil }
            return String(text)
        }
        guard text.count >= 2, text.last == "\"" else { return nil }
        var result = "", characters = text.dropFirst().dropLast().makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                guard character != "\"" else { return nil }
                result.append(character)
                continue
            }
            switch characters.next() {
            case "\""?: result.append("\"")
            case "\\"?: result.append("\\")
            case "u"?:
                let hex = String((0..<4).compactMap { _ in characters.next() })
                guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return result
    }
}
