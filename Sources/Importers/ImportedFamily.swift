import Hashing
import Source
import Timekeeping
import Foundation

/// What an importer gathers: the children, the events, and a count of everything it did
/// that the family should hear about (duplicates dropped, rows of kinds it does not read).
struct ImportedFamily {
    private(set) var children: [ExportChild] = []
    private var childIDs: Set<String> = []
    private(set) var events: [ExportEvent] = []
    private var ids: Set<String> = []
    /// Rows dropped as exact copies of an earlier row, by file.
    private(set) var duplicates: [String: Int] = [:]
    /// Rows of a kind bbreport does not read, by file and kind.
    private(set) var unread: [String: [String: Int]] = [:]
    /// Rows left out as another child's than the one asked for, by file and name.
    private var others: [String: Set<String>] = [:]
    private var othersCount: [String: Int] = [:]
    /// Files that name no child, and the child their rows were counted for.
    private var borrowedFor: [String: String] = [:]
    /// Everything else a format has to say, a line each.
    private var remarks: [String] = []

    /// The child called `name`, added the first time it is asked for.
    mutating func child(named name: String, birthday: LocalDate? = nil) -> String {
        let id = "child-" + String(ContentHash(Data(name.utf8)).description.prefix(8))
        if childIDs.insert(id).inserted {
            children.append(ExportChild(id: id, name: name, dateOfBirth: birthday))
        }
        return id
    }

    /// Adds `kinds` for the row whose cells are `cells`: ids come from the row's own text,
    /// so the same row gives the same ids every night, and a row seen again is a duplicate.
    /// A row of a kind bbreport does not read names it as `unread`, to be counted.
    mutating func add(_ kinds: [ExportEvent.Kind], child: String, createdBy: String?, row cells: [String], file: String, unread: String? = nil) {
        let key = String(ContentHash(Data(cells.joined(separator: "\u{1F}").utf8)).description.prefix(12))
        guard !ids.contains(key) else {
            duplicates[file, default: 0] += 1
            return
        }
        ids.insert(key)
        if let unread { unreadRow(unread, file: file) }
        for (index, kind) in kinds.enumerated() {
            events.append(ExportEvent(id: "\(key)-\(index)", childID: child, createdBy: createdBy, kind: kind))
        }
    }

    mutating func otherChild(_ name: String, file: String) {
        others[file, default: []].insert(name)
        othersCount[file, default: 0] += 1
    }

    mutating func borrowed(_ name: String, file: String) {
        borrowedFor[file] = name
    }

    /// A line for the family about something a format did.
    mutating func remark(_ line: String) {
        remarks.append(line)
    }

    /// A note of `text` at `time`, or nil when there is no text.
    static func note(_ text: String, category: String?, at time: Instant) -> ExportEvent.Kind? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return .note(.init(occurredAt: time, text: text, category: category))
    }

    mutating func unreadRow(_ kind: String, file: String) {
        unread[file, default: [:]][kind.isEmpty ? "(no type)" : kind, default: 0] += 1
    }

    /// The export: the events in time order, `exported_at` the latest time in the data
    /// (the files say nothing of when they were made), the zone in the settings.
    func document(zone: Zone) -> ExportDocument {
        let sorted = events.enumerated().sorted { ($0.element.time ?? Instant(milliseconds: 0), $0.offset) < ($1.element.time ?? Instant(milliseconds: 0), $1.offset) }
            .map(\.element)
        let latest = events.compactMap(\.latestTime).max() ?? Instant(milliseconds: 0)
        return ExportDocument(exportedAt: latest, settings: ExportSettings(timezone: zone), children: children, events: sorted)
    }

    /// The warning lines: duplicates and unread kinds, a line per file.
    var warnings: [String] {
        var lines: [String] = []
        for (file, count) in duplicates.sorted(by: { $0.key < $1.key }) {
            lines.append("\(file): dropped \(count) \(count == 1 ? "row" : "rows") repeating an earlier row exactly")
        }
        for (file, kinds) in unread.sorted(by: { $0.key < $1.key }) {
            let list = kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            lines.append("\(file): skipped rows of kinds bbreport does not read: \(list)")
        }
        for (file, count) in othersCount.sorted(by: { $0.key < $1.key }) {
            lines.append("\(file): left out \(count) \(count == 1 ? "row" : "rows") of \(others[file, default: []].sorted().joined(separator: ", ")), as --child asks for one child")
        }
        for (file, name) in borrowedFor.sorted(by: { $0.key < $1.key }) {
            lines.append("\(file): the file names no child; its rows are counted for \(name) (give --child NAME to choose)")
        }
        return lines + remarks
    }
}

extension ExportEvent {
    /// The latest moment the event tells of: a sleep's end (when the sleep is no longer
    /// than a day, as a forgotten timer's end says nothing of when the file was made),
    /// else its time.
    var latestTime: Instant? {
        if case .sleep(let sleep) = kind, let end = sleep.endedAt, (end - sleep.startedAt).milliseconds <= 86_400_000 { return end }
        return time
    }
}
