import Foundation
import Dataset
import Days
import Timekeeping
import Wording

/// Solid food over a visit summary's range, as an allergy question needs it: the foods
/// first tried in the range (never logged before it), and every reaction written beside a
/// food with its date and time. A reaction that only says the child liked it (`loved it`,
/// `ok`) is not one to show; any other wording is.
struct SolidsSummary {
    struct FirstTry {
        let food: String
        let date: LocalDate
    }

    struct Reaction {
        let at: Instant
        let food: String?
        let reaction: String
    }

    let firstTried: [FirstTry]
    let reactions: [Reaction]

    /// `range` is the summary's days; `allDays` every day of the child's, for what was
    /// tried before.
    init(range: [Day], allDays: [Day], zone: Zone) {
        let first = range.first?.date
        // The foods of the days before, as written (a few dozen, over years of meals),
        // and only then each once as it is told apart.
        var written = Set<String>()
        for day in allDays.prefix(while: { day in first.map { day.date < $0 } ?? false }) {
            for solids in day.health.solids { if let food = solids.food { written.insert(food) } }
        }
        var seen = Set(written.compactMap(Self.key))
        var tried: [FirstTry] = []
        var reactions: [Reaction] = []
        for day in range {
            for solids in day.health.solids.sorted(by: { $0.occurredAt < $1.occurredAt }) {
                if let key = Self.key(solids.food), !seen.contains(key) {
                    seen.insert(key)
                    tried.append(FirstTry(food: solids.food!.trimmingCharacters(in: .whitespacesAndNewlines), date: zone.localDateTime(at: solids.occurredAt).date))
                }
                if let reaction = solids.reaction?.trimmingCharacters(in: .whitespacesAndNewlines), Self.isWorthShowing(reaction) {
                    reactions.append(Reaction(at: solids.occurredAt, food: solids.food, reaction: reaction))
                }
            }
        }
        firstTried = tried
        self.reactions = reactions
    }

    /// A food as it is told apart: lower case, without surrounding blanks (through the
    /// standard library: Foundation's trimming, for every meal of years of days, took
    /// a one-more-day build 10 ms).
    static func key(_ food: String?) -> String? {
        guard let food, let first = food.firstIndex(where: { !$0.isWhitespace }), let last = food.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        return food[first...last].lowercased()
    }

    /// Words that say only that the food went down well, or nothing happened.
    /// The family's app writes them in its own language, whatever the pages' one: every
    /// catalog's words count (`reaction_no_concern`, separated by `|`).
    static let noConcern: Set<String> = Set(["-", "–", "n/a"] + Language.everyCatalogsText("reaction_no_concern").flatMap {
        $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    })

    /// Whether `reaction` is more than liking or not liking the food.
    static func isWorthShowing(_ reaction: String) -> Bool {
        let words = reaction.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".! "))
        return !words.isEmpty && !noConcern.contains(words)
    }

    /// `Fri, Nov 13, 12:10 PM · egg · hives on the cheeks`.
    static func line(_ reaction: Reaction, zone: Zone) -> String {
        ([Format.dayAndTime(reaction.at, in: zone)] + (reaction.food.map { [$0] } ?? [Format.text("no_food_named")]) + [reaction.reaction])
            .joined(separator: " · ")
    }

    /// `sweet potato (Nov 8), egg (Nov 13)`.
    var firstTriedText: String {
        Format.language.list(firstTried.map { $0.food + Format.text("in_parentheses", ["text": Format.unbroken(Format.monthDay($0.date))]) })
    }
}
