import Foundation

/// A Baby Basics export rewritten as a Baby Buddy server would hold it, to serve the
/// sample's months through the Baby Buddy API. What Baby Buddy cannot hold is dropped
/// (a sleep still going is a timer there, caregivers and note categories do not exist),
/// and what bbreport skips is added on purpose: a solid-food feeding after every 15th
/// feed, a dry change after every 10th diaper, so the skipped counts can be checked.
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
                    let meal = start.addingTimeInterval(30 * 60)
                    feedings.append(["id": id(), "child": child, "start": text(meal), "end": text(meal.addingTimeInterval(600)),
                                     "type": "solid food", "method": "parent fed", "amount": NSNull(), "notes": "Banana", "tags": []])
                }
            case "sleep":
                guard let start = instant(event["started_at"]), let end = instant(event["ended_at"]) else { continue }
                sleep.append(["id": id(), "child": child, "start": text(start), "end": text(end), "nap": false, "notes": "", "tags": []])
            case "diaper":
                guard let time = instant(event["occurred_at"]) else { continue }
                let kind = event["diaper_type"] as? String
                changes.append(["id": id(), "child": child, "time": text(time), "wet": kind == "pee" || kind == "both",
                                "solid": kind == "poop" || kind == "both", "color": "", "amount": NSNull(), "notes": "", "tags": []])
                if changes.count % 10 == 0 {
                    changes.append(["id": id(), "child": child, "time": text(time.addingTimeInterval(60)), "wet": false, "solid": false,
                                    "color": "", "amount": NSNull(), "notes": "", "tags": []])
                }
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
        return result
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
