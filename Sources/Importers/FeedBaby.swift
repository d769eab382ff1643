import Foundation
import Export
import Timekeeping

/// Feed Baby's CSV export: a folder of files, one per kind (`feeds.csv`, `pauses.csv`,
/// `excretions.csv`, `sleeps.csv`, `pumpings.csv`, `medicine_records.csv`, `medicines.csv`,
/// `temperatures.csv`, `growths.csv`, `journal_entries.csv`, `vaccinations.csv`,
/// `teeths.csv`); an empty kind still has its header, and no file names the child. Headers
/// are separated by `", "`; cells are never quoted (the app turns a comma in a note into two
/// spaces); rows newest first. Times are the wall clock as `HH:MM:SS MM-DD-YYYY`, month first
/// whatever the phone's language — but `pauses.csv` writes epoch milliseconds, and
/// `growths.csv` a day as `d MMM yyyy` in the phone's language.
struct FeedBaby: AppFormat {
    static let timeExample = "14:05:00 03-21-2021"

    /// What one file holds, told by its columns (or, for a kind whose columns are not
    /// known, by its name).
    enum Content: String, CaseIterable {
        case feeds, pauses, excretions, sleeps, pumpings, medicineRecords = "medicine_records", medicines, temperatures, growths
        case journal = "journal_entries", vaccinations, teeth = "teeths"

        /// A column only this kind of file has.
        var telling: [String] {
            switch self {
            case .feeds: ["Feed Type"]
            case .pauses: ["Feeding History ID"]
            case .excretions: ["Time", "Type"]
            case .sleeps: ["Approximate Duration (Minutes)"]
            case .pumpings: ["Pumping Time"]
            case .medicineRecords: ["Medicine Id"]
            case .medicines: []
            case .temperatures: ["Recorded Time", "Temperature"]
            case .growths: ["Day", "Weight Unit"]
            case .journal: ["Sub Category"]
            case .vaccinations: ["Vaccine Name"]
            case .teeth: ["Tooth"]
            }
        }
    }

    static func content(of file: ImportFile) -> Content? {
        guard let first = file.table.header.first?.lowercased(), first == "id" else { return nil }
        if let told = Content.allCases.first(where: { !$0.telling.isEmpty && $0.telling.allSatisfy { file.column($0) != nil } }) { return told }
        return Content(rawValue: file.stem)
    }

    static func matches(_ file: ImportFile) -> Bool {
        content(of: file) != nil
    }

    static func mismatch(_ file: ImportFile) -> String {
        "the first column is not \"id\", or the columns are none of feeds.csv, sleeps.csv, excretions.csv…"
    }

    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        try read([file], into: &family, children: children, clock: &clock)
    }

    /// Reads the files of one export together: a feed's pauses are in another file.
    static func read(_ files: [ImportFile], into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        guard let first = files.first else { return }
        guard let child = try children.id(nil, column: nil, row: RowSource(file: first.name, line: 1, kind: ""), app: "Feed Baby",
                                          family: &family) else { return }
        var pauses: [String: Double] = [:]
        for file in files where content(of: file) == .pauses {
            pauses.merge(pauseMinutes(file)) { $0 + $1 }
        }
        for file in files {
            guard let content = content(of: file), content != .pauses else { continue }
            clock.startFile()
            var reader = FeedBabyRows(file: file, content: content, child: child, pauses: pauses)
            reader.read(into: &family, clock: &clock)
        }
    }

    /// Each feed's paused minutes, by its id (`Feeding History ID`), from epoch milliseconds.
    static func pauseMinutes(_ file: ImportFile) -> [String: Double] {
        guard let feed = file.column("Feeding History ID"), let start = file.column("Start Time"), let end = file.column("End Time") else { return [:] }
        var minutes: [String: Double] = [:]
        for row in file.table.rows {
            guard let from = Int64(row[start.index]), let to = Int64(row[end.index]), to >= from, to - from < 86_400_000 else {
                file.log.rowLeftOut(file.problem(row, start, "expected a pause's start and end in milliseconds"), kind: "pause")
                continue
            }
            minutes[row[feed.index], default: 0] += Double(to - from) / 60_000
            file.log.row(file: file.name, line: row.line, kind: "pause", .read)
        }
        return minutes
    }

    /// `14:05:00 03-21-2021` (the clock first, then the date month first).
    static func reading(_ text: String) -> LocalDateTime? {
        let parts = text.trimmedSpaces.split(separator: " ")
        guard parts.count == 2, let millisecond = TimeText.millisecondOfDay(String(parts[0])) else { return nil }
        let date = parts[1].split(separator: "-")
        guard date.count == 3, date[2].count == 4, let month = Int(date[0]), let day = Int(date[1]), let year = Int(date[2]),
              let local = LocalDate(year: year, month: month, day: day) else { return nil }
        return LocalDateTime(date: local, millisecondOfDay: millisecond)
    }
}
