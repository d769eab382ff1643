import Days
import Export
import Theme
import Timekeeping

/// The four figure cards (feeds, diapers, sleep, notes) at the top of day pages.
enum FigureCards {
    static func day(_ summary: DaySummary, units: Units) -> [[String: Any]] {
        let feedings = summary.feedings
        var feedDetail: [String] = []
        if feedings.breastCount > 0 { feedDetail.append(Format.text("count_breast", count: feedings.breastCount)) }
        if feedings.bottleCount > 0 {
            feedDetail.append(Format.text("count_bottle", count: feedings.bottleCount)
                              + (feedings.bottleML > 0 ? " · \(Format.volume(ml: feedings.bottleML, in: units.volume))" : ""))
        }
        let sleep = summary.sleep, integer = Format.language.formats.integer
        return [
            card(.feed, Format.text("feeds"), integer(feedings.count), feedDetail.joined(separator: " · "), logged: summary.logged.contains(.feeds)),
            card(.diaper, Format.text("diapers"), integer(summary.diapers.count), NotLogged.wetAndDirty(summary),
                 logged: summary.logged.contains(.diapers)),
            card(.sleep, Format.text("sleep"), Format.numbersWithUnits(Format.hoursAndMinutes(.seconds(sleep.totalSeconds))),
                 Format.text("night_and_naps", ["night": Format.duration(.seconds(sleep.nightSeconds)), "naps": Format.duration(.seconds(sleep.napSeconds))]),
                 logged: summary.logged.contains(.sleep)),
            card(.note, Format.text("notes"), integer(summary.noteCount), ""),
        ]
    }

    /// A card whose kind was not logged in the day shows a dash and says so, never a zero.
    static func card(_ category: Category, _ label: String, _ value: String, _ detail: String, logged: Bool) -> [String: Any] {
        logged ? card(category, label, value, detail) : card(category, label, "–", NotLogged.text)
    }

    static func card(_ category: Category, _ label: String, _ value: String, _ detail: String) -> [String: Any] {
        var card: [String: Any] = ["category": category.rawValue, "label": label, "value": value, "icon": Icons.inline(category)]
        if !detail.isEmpty { card["detail"] = detail }
        return card
    }
}
