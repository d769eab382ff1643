import Bytes
import Foundation
import Wording

/// A food as a family writes it, told apart from the amount they write with it:
/// `Applesauce (15 g)` and `Applesauce (40 g)` are one food, `10倍がゆ 4さじ` and
/// `10倍がゆ 5さじ` another, and `初めてのほうれん草` (first spinach) is spinach.
enum FoodName {
    /// `text` without amounts, units and "first time" words, its blanks tidied; nil when
    /// nothing is left.
    static func name(_ text: String) -> String? {
        var name = text
        for pattern in amounts {
            name = pattern.stringByReplacingMatches(in: name, range: NSRange(name.startIndex..., in: name), withTemplate: " ")
        }
        name = firstTimeFoods(in: name).first ?? name
        let words = name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let trimmed = words.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:·-–—、。"))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// What a note may name as a food tried for the first time (`First taste of avocado!`,
    /// `初めてのほうれん草`), in any catalog's words: each pattern's reading, the longest
    /// patterns' first. `Kürbis zum ersten Mal probiert` reads two ways; the caller knows
    /// which names a food.
    static func firstTimeFoods(in text: String) -> [String] {
        // Searched as bytes: every note of years of days is read, and Foundation's search
        // folds each character it passes.
        let lowered = text.lowercased()
        let bytes = Array(lowered.utf8)
        func index(_ offset: Int) -> String.Index { lowered.utf8.index(lowered.utf8.startIndex, offsetBy: offset) }
        var found: [String] = []
        for pattern in firstTimePatterns {
            let words: [Substring]
            if pattern.before.isEmpty {
                // `{food} zum ersten Mal`: the words just before.
                guard let after = ByteSearch.find(pattern.afterBytes, in: bytes, from: 0) else { continue }
                let head = lowered[..<index(after)]
                let start = head.lastIndex(where: stops.contains).map(head.index(after:)) ?? head.startIndex
                words = Array(head[start...].split(whereSeparator: \.isWhitespace).suffix(4))
            } else {
                guard let before = ByteSearch.find(pattern.beforeBytes, in: bytes, from: 0), startsWord(index(before), in: lowered) else { continue }
                let restStart = before + pattern.beforeBytes.count
                var rest = lowered[index(restStart)...]
                if !pattern.after.isEmpty {
                    guard let after = ByteSearch.find(pattern.afterBytes, in: bytes, from: restStart) else { continue }
                    rest = lowered[index(restStart)..<index(after)]
                }
                let end = rest.firstIndex(where: stops.contains) ?? rest.endIndex
                words = Array(rest[..<end].split(whereSeparator: \.isWhitespace).prefix(4))
            }
            let food = words.joined(separator: " ")
            if !food.isEmpty, !found.contains(food) { found.append(food) }
        }
        return found
    }

    /// Whether a pattern found at `index` begins there rather than inside a word of a
    /// script that puts spaces between words (`thirst` is not `first`).
    private static func startsWord(_ index: String.Index, in text: String) -> Bool {
        guard index > text.startIndex else { return true }
        let previous = text[text.index(before: index)], first = text[index]
        let spaced = { (character: Character) in character.isLetter && (character.unicodeScalars.first?.value ?? 0) < 0x3000 }
        return !(spaced(previous) && spaced(first))
    }

    /// Where a food named in a note ends: punctuation, or the object particle of
    /// `初めてのほうれん草を食べた`.
    private static let stops = Set(".,;:!?()[]。、！？（）\n「」を")

    /// The catalogs' "first time" patterns, longest first so that `first time trying {food}`
    /// is tried before `first {food}`: each split at `{food}`.
    static let firstTimePatterns: [(before: String, after: String, beforeBytes: [UInt8], afterBytes: [UInt8])] = Language.everyCatalogsText("first_time_food")
        .flatMap { $0.split(separator: "|") }
        .compactMap { pattern -> (String, String, [UInt8], [UInt8])? in
            let parts = pattern.lowercased().components(separatedBy: "{food}")
            return parts.count == 2 ? (parts[0], parts[1], Array(parts[0].utf8), Array(parts[1].utf8)) : nil
        }
        .sorted { $0.0.count + $0.1.count > $1.0.count + $1.1.count }

    private static let number = "(?:[0-9０-９]+(?:[.,/][0-9０-９]+)?|[½¼¾⅓⅔])"
    private static let unit = "(?:g|gr|grams?|kg|mg|ml|cl|cc|oz|ounces?|lbs?|tbsps?|tsps?|tablespoons?|teaspoons?|cups?|spoons?|spoonfuls?|bites?|pieces?|pcs|jars?|pouch(?:es)?|slices?|el|tl|löffel|stück|scheiben?|cuill(?:è|e)res?(?: à (?:soupe|café))?|c\\.|tranches?|cucharadas?|cucharaditas?|trozos?|さじ|匙|杯|口|個|本|枚|切れ|粒|グラム|ミリ|مل|غ|غرام|ملعقة|ملاعق)"
    /// Amounts as families write them: in brackets with a number, a number and its unit
    /// (`15 g`, `4さじ`, `2 tbsp of`), a unit then its number (`小さじ1`), `x2`.
    private static let amounts: [NSRegularExpression] = [
        "[(（][^)）]*[0-9０-９½¼¾][^)）]*[)）]",
        "(?<![A-Za-z0-9０-９.,])(?:小さじ|大さじ|さじ)\\s*\(number)",
        "(?<![A-Za-z0-9０-９.,])\(number)\\s*\(unit)(?![A-Za-z])(?:\\s+(?:of|de|d'|von))?",
        "(?<![A-Za-z0-9０-９.,])[x×]\\s*\(number)(?![A-Za-z0-9])",
        "^\\s*\(number)\\s+(?=\\S)",
    ].map { try! NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
}
