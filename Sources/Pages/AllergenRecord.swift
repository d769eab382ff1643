import Foundation
import Dataset
import Days
import Timekeeping
import Wording

/// The common food allergens an allergist asks after (peanut, egg, cow's milk, wheat, soy,
/// sesame, tree nuts, fish, shellfish): for each, the first day a meal named it, how many
/// meals did, the last, and every reaction written beside one of those meals. A meal names
/// an allergen when its food holds one of the allergen's words in any catalog (the family's
/// app writes in its own language, whatever the pages' one): whole words where words are
/// spaced (`egg`, not `eggplant`), anywhere in Japanese. An allergen no meal named is "not
/// logged": the record says what was written, never that a food was not eaten.
struct AllergenRecord {
    static let kinds = ["peanut", "egg", "cow_milk", "wheat", "soy", "sesame", "tree_nuts", "fish", "shellfish"]

    struct Row {
        let kind: String
        var first: LocalDate?
        var last: LocalDate?
        var meals = 0
        var reactions: [(date: LocalDate, text: String)] = []
    }

    let rows: [Row]

    /// The meals of `days` (the child's, up to the summary's last); nil when none was logged.
    init?(days: ArraySlice<Day>, zone: Zone) {
        var rows = Self.kinds.map { Row(kind: $0) }
        var anyMeal = false
        // A family writes the same few dozen foods over years of meals: each read once.
        var allergensOf: [String: [Int]] = [:]
        for day in days {
            for solids in day.health.solids {
                anyMeal = true
                guard let food = solids.food else { continue }
                let named = allergensOf[food] ?? rows.indices.filter { Self.names(food, rows[$0].kind) }
                allergensOf[food] = named
                guard !named.isEmpty else { continue }
                let date = zone.localDateTime(at: solids.occurredAt).date
                let reaction = solids.reaction?.trimmingCharacters(in: .whitespacesAndNewlines)
                for index in named {
                    rows[index].first = rows[index].first ?? date
                    rows[index].last = date
                    rows[index].meals += 1
                    if let reaction, SolidsSummary.isWorthShowing(reaction) { rows[index].reactions.append((date, reaction)) }
                }
            }
        }
        guard anyMeal else { return nil }
        self.rows = rows
    }

    /// `| Allergen | First | Meals | Last | Reactions |`, a row for each allergen a meal
    /// named, its days with their year when it is not `year` (the summary's); nil when none did.
    func table(year: Int) -> String? {
        let integer = Format.language.formats.integer
        var text = "| \(Format.text("allergen")) | \(Format.text("first_eaten")) | \(Format.text("meals")) | \(Format.text("last_eaten")) | \(Format.text("reactions")) |\n"
        text += "|---|---|---:|---|---|\n"
        let eaten = rows.filter { $0.first != nil }
        guard !eaten.isEmpty else { return nil }
        for row in eaten {
            let name = Format.text("allergen_" + row.kind)
            guard let first = row.first, let last = row.last else { continue }
            let reactions = row.reactions.map { Markdown.escaped($0.text) + Format.text("in_parentheses", ["text": Format.unbroken(Format.monthDay($0.date))]) }
            let day = { (date: LocalDate) in Format.unbroken(date.year == year ? Format.monthDay(date) : Format.dateWithYear(date)) }
            text += "| \(name) | \(day(first)) | \(integer(row.meals)) | \(day(last)) | "
                + (reactions.isEmpty ? "–" : reactions.joined(separator: Format.text("clause_separator"))) + " |\n"
        }
        return text
    }

    /// `Named in no meal: Soy, Sesame and Fish.`; nil when every allergen was named.
    var notLogged: String? {
        let names = rows.filter { $0.first == nil }.map { Format.text("allergen_" + $0.kind) }
        return names.isEmpty ? nil : Format.text("allergens_not_logged", ["allergens": Format.language.list(names)])
    }

    /// Whether `food` names the allergen `kind`.
    static func names(_ food: String, _ kind: String) -> Bool {
        var text = food.lowercased()
        for phrase in excluded[kind] ?? [] { text = text.replacingOccurrences(of: phrase, with: " ") }
        let tokens = Self.tokens(text)
        return (words[kind] ?? []).contains { word in
            guard !word.unicodeScalars.contains(where: isUnspaced) else { return text.contains(word) }
            let needle = Self.tokens(word)
            guard !needle.isEmpty, needle.count <= tokens.count else { return false }
            return (0...(tokens.count - needle.count)).contains { Array(tokens[$0..<$0 + needle.count]) == needle }
        }
    }

    private static func tokens(_ text: String) -> [Substring] {
        text.split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
    }

    /// A script written without spaces between words (Japanese, Chinese).
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x3400...0x9FFF).contains(scalar.value)
    }

    /// Each allergen's words, from every catalog (`allergen_words_peanut`, `|`-separated).
    static let words: [String: [String]] = Dictionary(uniqueKeysWithValues: kinds.map { kind in
        (kind, list("allergen_words_" + kind))
    })

    /// Phrases that hold an allergen's word but not the allergen (`breast milk`).
    static let excluded: [String: [String]] = ["cow_milk": list("allergen_not_cow_milk")]

    private static func list(_ key: String) -> [String] {
        Language.everyCatalogsText(key).flatMap { $0.split(separator: "|") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
    }
}
