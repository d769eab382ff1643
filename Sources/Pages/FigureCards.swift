import Days
import Export
import Theme
import Timekeeping

/// The four figure cards (feeds, diapers, sleep, notes) at the top of day pages.
enum FigureCards {
    static func day(_ summary: DaySummary, units: VolumeUnit) -> [[String: Any]] {
        let feedings = summary.feedings
        var feedDetail: [String] = []
        if feedings.breastCount > 0 { feedDetail.append("\(feedings.breastCount) breast") }
        if feedings.bottleCount > 0 {
            feedDetail.append("\(feedings.bottleCount) bottle" + (feedings.bottleML > 0 ? " · \(Format.volume(ml: feedings.bottleML, in: units))" : ""))
        }
        let sleep = summary.sleep
        return [
            card(.feed, "Feeds", String(feedings.count), feedDetail.joined(separator: " · ")),
            card(.diaper, "Diapers", String(summary.diapers.count), "\(summary.diapers.wet) wet · \(summary.diapers.dirty) dirty"),
            card(.sleep, "Sleep", Format.duration(.seconds(sleep.totalSeconds)),
                 "night \(Format.duration(.seconds(sleep.nightSeconds))) · naps \(Format.duration(.seconds(sleep.napSeconds)))"),
            card(.note, "Notes", String(summary.noteCount), ""),
        ]
    }

    static func card(_ category: Category, _ label: String, _ value: String, _ detail: String) -> [String: Any] {
        var card: [String: Any] = ["category": category.rawValue, "label": label, "value": value, "icon": Icons.inline(category)]
        if !detail.isEmpty { card["detail"] = detail }
        return card
    }
}
