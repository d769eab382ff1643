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

    /// `range` is the summary's days, `firstTries` every food first tried over the child's
    /// whole history (``firstTries(_:zone:)``): those in the range are the range's.
    init(range: [Day], firstTries: [FirstTry], zone: Zone) {
        if let first = range.first?.date, let last = range.last?.date {
            firstTried = firstTries.filter { (first...last).contains($0.date) }
        } else {
            firstTried = []
        }
        var reactions: [Reaction] = []
        for day in range {
            for solids in day.health.solids.sorted(by: { $0.occurredAt < $1.occurredAt }) {
                if let reaction = solids.reaction?.trimmingCharacters(in: .whitespacesAndNewlines), Self.isWorthShowing(reaction) {
                    reactions.append(Reaction(at: solids.occurredAt, food: solids.food, reaction: reaction))
                }
            }
        }
        self.reactions = reactions
    }

    /// Every food first tried over `days` (a child's whole history), in order. A food is its
    /// name without amounts (``FoodName``); a note that says a food was tried for the first
    /// time counts as that food tried then, when the note is a meal's (its minute, or a
    /// solids category) or names a food the family logs.
    static func firstTries(_ days: [Day], zone: Zone) -> [FirstTry] {
        let logged = foodsEverLogged(days)
        var seen = Set<String>()
        var tried: [FirstTry] = []
        // A family writes the same few dozen foods over years of meals: each named once.
        var names: [String: String?] = [:]
        func name(_ food: String) -> String? {
            if let known = names[food] { return known }
            let named = FoodName.name(food)
            names[food] = named
            return named
        }
        for day in days {
            var meals: [(at: Instant, food: String)] = day.health.solids.compactMap { solids in
                solids.food.flatMap(name).map { (solids.occurredAt, $0) }
            }
            meals += firstTimeNotes(day, logged: logged)
            for meal in meals.sorted(by: { $0.at < $1.at }) where !seen.contains(meal.food.lowercased()) {
                seen.insert(meal.food.lowercased())
                tried.append(FirstTry(food: meal.food, date: zone.localDateTime(at: meal.at).date))
            }
        }
        return tried
    }

    /// A food as it is told apart: its name without amounts (``FoodName``), lower case.
    static func key(_ food: String?) -> String? {
        food.flatMap(FoodName.name)?.lowercased()
    }

    /// Every food the child's meals name, told apart.
    static func foodsEverLogged(_ days: [Day]) -> Set<String> {
        var written = Set<String>()
        for day in days {
            for solids in day.health.solids { if let food = solids.food { written.insert(food) } }
        }
        return Set(written.compactMap(key))
    }

    /// The foods `day`'s notes say were tried for the first time, with the notes' times:
    /// a meal's note (at a meal's minute, or in a solids category) always, another when
    /// the food is one the family logs (`First smile!` is no food).
    static func firstTimeNotes(_ day: Day, logged: Set<String>) -> [(at: Instant, food: String)] {
        let mealTimes = Set(day.health.solids.map(\.occurredAt))
        return day.notes.compactMap { note in
            let foods = FoodName.firstTimeFoods(in: note.text).compactMap(FoodName.name)
            if let known = foods.first(where: { logged.contains($0.lowercased()) }) { return (note.occurredAt, known) }
            let ofAMeal = mealTimes.contains(note.occurredAt) || solidsCategories.contains(note.category?.lowercased() ?? "")
            return ofAMeal ? foods.first.map { (note.occurredAt, $0) } : nil
        }
    }

    /// Note categories the importers and apps give a meal's notes.
    static let solidsCategories: Set<String> = ["solids", "solid food", "food", "meal", "baby food", "離乳食"]

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
