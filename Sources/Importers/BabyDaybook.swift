import Foundation
import Export
import Timekeeping

/// Baby Daybook's automatic backup (Android, `BabyDaybook_YYYYMMDD_auto.db`): a SQLite
/// database. `babies` names the children; `daily_actions` holds every logged action, its
/// kind in `type` (a built-in name, or a custom type's uid in `da_types`) and its sub-kind
/// in `group_uid` (`groups`: the names of medicines, vaccines, symptoms and foods live only
/// there); `growth` the measurements, `daily_notes` a note a day, `moments` photo memories.
/// Every column has a default, so "no value" is `0` or `""`. Each row's `uid` stays the same
/// when it is edited, and is its events' id: a newer backup of the same family updates the
/// same events, and rows deleted in the app simply vanish — a backup is the whole truth.
/// Times are UTC milliseconds; `svt` is when a row was synced, not when it happened.
struct BabyDaybook {
    let name: String
    let backup: SQLiteBackup

    /// The tables every backup has; the others are read when present.
    static let requiredTables = ["babies", "daily_actions"]

    /// A child of the backup, as the import knows them.
    struct Baby {
        let id: String
        let name: String
        /// Amounts in the unit the app showed, which the backup does not record.
        let legacyUnits: Bool
    }

    func read(into family: inout ImportedFamily, children: ChildChoice, zone: Zone) throws(ImportProblem) {
        let tables = try read(backup.tableNames())
        for table in Self.requiredTables where !tables.contains(table) {
            throw ImportProblem(file: name, line: 0, column: nil, message: "not a Baby Daybook backup: the database has no table \"\(table)\"")
        }
        let babies = try rows(of: "babies") { (table: SQLiteBackup.Table) throws(ImportProblem) -> [String: Baby] in
            try self.babies(table, children: children, zone: zone, family: &family)
        }
        let types = tables.contains("da_types") ? try rows(of: "da_types", titles) : [:]
        let groups = tables.contains("groups") ? try rows(of: "groups", titles) : [:]
        var actions = DaybookActions(file: name, babies: babies, types: types, groups: groups)
        try rows(of: "daily_actions") { actions.read($0, into: &family) }
        if tables.contains("growth") { try rows(of: "growth") { actions.readGrowth($0, into: &family) } }
        for (table, category) in [("daily_notes", "daily note"), ("moments", "moment")] where tables.contains(table) {
            try rows(of: table) { actions.readNotes($0, category: category, into: &family) }
        }
    }

    /// What `body` makes of the table `name`, read row by row; a problem met on the way
    /// (too many rows, too long) is thrown once `body` is done.
    private func rows<T>(of name: String, _ body: (SQLiteBackup.Table) throws(ImportProblem) -> T) throws(ImportProblem) -> T {
        let table = try read(backup.table(name))
        let result = try body(table)
        try read(table.finish())
        return result
    }

    /// The children of `babies`, by uid; with a child asked for, only them.
    private func babies(_ table: SQLiteBackup.Table, children: ChildChoice, zone: Zone, family: inout ImportedFamily) throws(ImportProblem) -> [String: Baby] {
        var babies: [String: Baby] = [:]
        for (index, row) in table.rows.enumerated() {
            let uid = table.value(row, "uid").text
            let babyName = table.value(row, "name").text.isEmpty ? "Baby" : table.value(row, "name").text
            let source = RowSource(file: name, line: index + 1, kind: "baby")
            guard let id = try children.id(babyName, column: "name", row: source, app: "Baby Daybook", family: &family) else { continue }
            let saved = table.value(row, "birthday"), birthday = Self.date(saved, in: zone)
            // 0 is "not given"; a date before 2000 is a clock reset or a typo, which a build would not use either.
            if saved.integer.map({ $0 != 0 }) ?? !saved.text.isEmpty, !(birthday.map { $0.year >= 2000 && $0.year < 2100 } ?? false) {
                family.log.valueLeftOut(ImportProblem(file: name, line: index + 1, column: "birthday",
                                                      message: "expected the milliseconds of a birthday after 2000, found \"\(TerminalText.safe(String(saved.text.prefix(30))))\""))
            } else if let birthday {
                family.setBirthday(birthday, of: id)
                if table.value(row, "is_premature").integer == 1, let due = Self.date(table.value(row, "expected_birthday"), in: zone), due > birthday {
                    family.setDueDate(due, of: id)
                }
            }
            if let sex = ChildSex(word: table.value(row, "gender").text) { family.setSex(sex, of: id) }
            let legacy = table.has("convert_units") && table.value(row, "convert_units").integer == 0
            if legacy {
                family.remark("\(name): \(babyName)'s amounts were saved in the units the app showed (an older Baby Daybook), which the backup does not record; they are read as ml, kg and cm — check them on the pages")
            }
            babies[uid] = Baby(id: id, name: babyName, legacyUnits: legacy)
        }
        return babies
    }

    /// `uid` → `title` of a table of kinds (`da_types`, `groups`).
    private func titles(_ table: SQLiteBackup.Table) -> [String: String] {
        var titles: [String: String] = [:]
        for row in table.rows {
            titles[table.value(row, "uid").text] = table.value(row, "title").text
        }
        return titles
    }

    /// The date of a birthday saved as the milliseconds of its local midnight; nil for 0.
    static func date(_ value: SQLiteBackup.Value, in zone: Zone) -> LocalDate? {
        guard let millis = value.integer, millis != 0, abs(millis) < 10_000_000_000_000 else { return nil }
        let instant = Instant(milliseconds: millis)
        // An hour past the midnight it names, so a midnight saved in a zone a little west still gives its day.
        return LocalDateTime(instant: instant + .hours(1), offsetSeconds: zone.offsetSeconds(at: instant)).date
    }

    private func read<T>(_ body: @autoclosure () throws(SQLiteBackup.Problem) -> T) throws(ImportProblem) -> T {
        do {
            return try body()
        } catch {
            throw ImportProblem(file: name, line: 0, column: nil, message: error.message)
        }
    }
}

extension ChildSex {
    /// `girl`, `female`, `f`; `boy`, `male`, `m` — any letter case.
    init?(word: String) {
        switch word.lowercased() {
        case "girl", "female", "f": self = .female
        case "boy", "male", "m": self = .male
        default: return nil
        }
    }
}
