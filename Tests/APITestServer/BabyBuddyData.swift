import Foundation

/// A Baby Basics export rewritten as a Baby Buddy server would hold it, to serve the
/// sample's months through the Baby Buddy API. What Baby Buddy cannot hold is dropped
/// (a sleep still going is a timer there; caregivers, note categories, red and pale stools,
/// a measurement's time of day, a pump's side and a meal's food do not exist),
/// and what bbreport skips is added on purpose: a parent-fed milk feeding after every 15th
/// feed, so the skipped count can be checked.
public enum BabyBuddyData {
    public static func from(export: [String: Any], pageSize: Int = 100) -> [String: Any] {
        let children = export["children"] as? [[String: Any]] ?? []
        var numbers: [String: Int] = [:]
        var result: [String: Any] = ["exported_at": export["exported_at"] ?? "", "page_size": pageSize]
        result["children"] = children.enumerated().map { index, child -> [String: Any] in
            numbers[child["id"] as? String ?? ""] = index + 1
            let words = (child["name"] as? String ?? "").split(separator: " ", maxSplits: 1).map(String.init)
            return ["id": index + 1, "first_name": words.first ?? "", "last_name": words.count > 1 ? words[1] : "",
                    "birth_date": child["date_of_birth"] ?? NSNull(), "birth_time": NSNull(), "picture": NSNull()]
        }
        var feedings: [[String: Any]] = [], sleep: [[String: Any]] = [], changes: [[String: Any]] = [], notes: [[String: Any]] = []
        var weights: [[String: Any]] = [], heights: [[String: Any]] = [], heads: [[String: Any]] = []
        var temperatures: [[String: Any]] = [], pumping: [[String: Any]] = [], tummyTimes: [[String: Any]] = []
        var medication: [[String: Any]] = []
        // Baby Buddy keeps a measurement's date only: the family's date.
        let settings = export["settings"] as? [String: Any]
        let zone = TimeZone(identifier: settings?["timezone"] as? String ?? "UTC") ?? TimeZone(identifier: "UTC")!
        var nextID = 1
        func id() -> Int { defer { nextID += 1 }; return nextID }
        for event in export["events"] as? [[String: Any]] ?? [] {
            guard let child = numbers[event["child_id"] as? String ?? ""] else { continue }
            switch event["type"] as? String {
            case "feeding":
                guard let start = instant(event["started_at"]) else { continue }
                let end = start.addingTimeInterval(60 * (event["duration_minutes"] as? Double ?? 0))
                let method = event["feeding_type"] as? String == "bottle" ? "bottle"
                    : event["both_sides"] as? Bool == true ? "both breasts"
                    : event["started_side"] as? String == "right" ? "right breast" : "left breast"
                feedings.append(["id": id(), "child": child, "start": text(start), "end": text(end), "type": "breast milk", "method": method,
                                 "amount": event["amount_ml"] ?? NSNull(), "notes": "", "tags": []])
                if feedings.count % 15 == 0 {
                    let later = start.addingTimeInterval(30 * 60)
                    feedings.append(["id": id(), "child": child, "start": text(later), "end": text(later.addingTimeInterval(600)),
                                     "type": "breast milk", "method": "parent fed", "amount": NSNull(), "notes": "", "tags": []])
                }
            case "solids":
                guard let time = instant(event["occurred_at"]) else { continue }
                feedings.append(["id": id(), "child": child, "start": text(time), "end": text(time), "type": "solid food",
                                 "method": "parent fed", "amount": NSNull(), "notes": "", "tags": []])
            case "sleep":
                guard let start = instant(event["started_at"]), let end = instant(event["ended_at"]) else { continue }
                sleep.append(["id": id(), "child": child, "start": text(start), "end": text(end), "nap": false, "notes": "", "tags": []])
            case "diaper":
                guard let time = instant(event["occurred_at"]) else { continue }
                let kind = event["diaper_type"] as? String
                let color = event["stool_color"] as? String ?? ""
                changes.append(["id": id(), "child": child, "time": text(time), "wet": kind == "pee" || kind == "both",
                                "solid": kind == "poop" || kind == "both", "color": ["black", "brown", "green", "yellow"].contains(color) ? color : "",
                                "amount": NSNull(), "notes": "", "tags": []])
            case "measurement":
                guard let time = instant(event["occurred_at"]) else { continue }
                let date = day(time, in: zone)
                for (key, field, list) in [("weight_kg", "weight", 0), ("length_cm", "height", 1), ("head_circumference_cm", "head_circumference", 2)] {
                    guard let value = event[key] as? Double else { continue }
                    let record: [String: Any] = ["id": id(), "child": child, field: value, "date": date, "notes": "", "tags": []]
                    if list == 0 { weights.append(record) } else if list == 1 { heights.append(record) } else { heads.append(record) }
                }
            case "temperature":
                guard let time = instant(event["occurred_at"]), let celsius = event["celsius"] as? Double else { continue }
                temperatures.append(["id": id(), "child": child, "temperature": celsius, "time": text(time), "notes": "", "tags": []])
            case "pumping":
                guard let start = instant(event["started_at"]) else { continue }
                let end = start.addingTimeInterval(60 * (event["duration_minutes"] as? Double ?? 0))
                pumping.append(["id": id(), "child": child, "amount": event["amount_ml"] ?? NSNull(), "start": text(start), "end": text(end),
                                "notes": "", "tags": []])
            case "tummy_time":
                guard let start = instant(event["started_at"]) else { continue }
                let end = start.addingTimeInterval(60 * (event["duration_minutes"] as? Double ?? 0))
                tummyTimes.append(["id": id(), "child": child, "start": text(start), "end": text(end), "milestone": "", "tags": []])
            case "medication":
                // A dose such as `2.5 ml` is Baby Buddy's dosage and unit; others have none.
                guard let time = instant(event["occurred_at"]) else { continue }
                let words = (event["dose"] as? String ?? "").split(separator: " ").map(String.init)
                let dosage = words.count == 2 && ["mg", "ml", "drops", "tablets"].contains(words[1]) ? Double(words[0]) : nil
                medication.append(["id": id(), "child": child, "name": event["name"] ?? "", "dosage": dosage ?? NSNull(),
                                   "dosage_unit": dosage == nil ? "" : words[1], "time": text(time), "next_dose_interval": NSNull(),
                                   "notes": "", "tags": []])
            case "note":
                guard let time = instant(event["occurred_at"]) else { continue }
                notes.append(["id": id(), "child": child, "note": event["text"] ?? "", "image": NSNull(), "time": text(time), "tags": []])
            default:
                continue
            }
        }
        result["feedings"] = feedings
        result["sleep"] = sleep
        result["changes"] = changes
        result["notes"] = notes
        result["weight"] = weights
        result["height"] = heights
        result["head-circumference"] = heads
        result["temperature"] = temperatures
        result["pumping"] = pumping
        result["tummy-times"] = tummyTimes
        result["medication"] = medication
        return result
    }

    /// `2026-11-21`: the date of `time` in `zone`.
    private static func day(_ time: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: time)
    }

    private static func instant(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = parser.date(from: text) { return date }
        parser.formatOptions = [.withInternetDateTime]
        return parser.date(from: text)
    }

    /// UTC with microseconds, as Baby Buddy answers token clients.
    private static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'000Z'"
        return formatter.string(from: date)
    }
}
