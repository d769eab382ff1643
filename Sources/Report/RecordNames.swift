import Export
import Servers

/// Warnings about data fetched from Baby Buddy name its own records as well as their
/// place in the export: `events[14] (Baby Buddy sleep 312)`, which the family can find in
/// Baby Buddy, where `events[14]` of data they never saw says nothing.
struct RecordNames {
    /// The export's events, whose ids say where they came from: read only for the events a
    /// warning points at, so a build without warnings pays nothing.
    private let events: [ExportEvent]

    init(events: [ExportEvent] = []) {
        self.events = events
    }

    /// `text` with each `events[N]…` path followed by the record's name, where it has one.
    func named(_ text: String) -> String {
        guard text.contains("events[") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "events[") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, rest.dropFirst(digits.count).first == "]", let index = Int(digits) else { continue }
            // The whole path: `events[14].ended_at`, `events[3].sides[0]`.
            let path = rest.prefix { $0.isLetter || $0.isNumber || "_.[]".contains($0) }
            result += path
            rest = rest.dropFirst(path.count)
            if index < events.count, let name = BabyBuddyNames.record(eventID: events[index].id) { result += " (\(name))" }
        }
        return result + rest
    }
}
