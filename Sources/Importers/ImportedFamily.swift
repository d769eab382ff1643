import Hashing
import Export
import Timekeeping
import Foundation

/// What an importer gathers: the children, the events, and a count of everything it did
/// that the family should hear about (duplicates dropped, rows of kinds it does not read).
struct ImportedFamily {
    private(set) var children: [ExportChild] = []
    private var childIDs: Set<String> = []
    /// Each child's id, by the name it was made of.
    private var childNames: [String: String] = [:]
    /// The events, packed: those of a large file take a third of the memory of its text.
    private(set) var events = PackedEvents()
    /// Where each event of ``events`` was read, by its index (see ``source(at:)``).
    private var places: [RowSource.Packed] = []
    /// The files' names and the kinds of row, each once, as ``places`` points to them.
    private var names: [String] = []
    private var nameNumbers: [String: UInt32] = [:]
    /// The rows' keys seen, each the 48 bits of its hex text as a number (a third of the memory of the text).
    private var ids: Set<UInt64> = []
    /// Rows dropped as exact copies of an earlier row, by file.
    private(set) var duplicates: [String: Int] = [:]
    /// Rows of a kind bbreport does not read, by file and kind.
    private(set) var unread: [String: [String: Int]] = [:]
    /// Rows left out as another child's than the one asked for, by file and name.
    private var others: [String: Set<String>] = [:]
    private var othersCount: [String: Int] = [:]
    /// Files that name no child, and the child their rows were counted for.
    private var borrowedFor: [String: String] = [:]
    /// The size of the export the file being read will make, told from its first events.
    private var projection: ExportProjection?
    /// Why the files are refused, once a file's events are known to make too large an export:
    /// no event is added after it.
    private(set) var tooLarge: ImportProblem?
    /// Everything else a format has to say, a line each.
    private var remarks: [String] = []
    /// Every cell not understood and what became of every row.
    let log = ImportLog()

    /// The child called `name`, added the first time it is asked for. The id is made from
    /// the name (64 bits of its hash), so the same child has the same id every night; two
    /// names that met on one would be told apart by a number after it.
    mutating func child(named name: String, birthday: LocalDate? = nil) -> String {
        if let known = childNames[name] { return known }
        let hash = "child-" + String(ContentHash(Data(name.utf8)).description.prefix(16))
        var id = hash, number = 1
        while childIDs.contains(id) {
            number += 1
            id = "\(hash)-\(number)"
        }
        childIDs.insert(id)
        childNames[name] = id
        let shown = Plausibility.cut(name) { remark("a child's name of \($0) characters: only the first \(Plausibility.longestName) are kept") }
        children.append(ExportChild(id: id, name: shown, dateOfBirth: birthday))
        return id
    }

    /// Whether a child called `name` was read already.
    func knows(_ name: String) -> Bool {
        childNames[name] != nil
    }

    /// Gives the child `id` the birthday `date`, when they have none yet.
    mutating func setBirthday(_ date: LocalDate, of id: String) {
        guard let index = children.firstIndex(where: { $0.id == id }), children[index].dateOfBirth == nil else { return }
        children[index].dateOfBirth = date
    }

    /// Makes the breast feed at `index` of ``events`` one on both sides, `minutes` longer;
    /// false when the event there is no breast feed.
    mutating func extendBreastFeed(at index: Int, minutes: Double?) -> Bool {
        guard events.indices.contains(index) else { return false }
        var event = events[index]
        guard case .feeding(var feeding) = event.kind, feeding.type == .breast else { return false }
        feeding.bothSides = true
        if let minutes { feeding.durationMinutes = (feeding.durationMinutes ?? 0) + minutes }
        event.kind = .feeding(feeding)
        events[index] = event
        return true
    }

    /// Passes each event, with the row it was read from, to `revise`, which may change it;
    /// the events it answers false for are left out (in place: the events are never copied,
    /// and only those it changes are written anew).
    mutating func revise(_ revise: (inout ExportEvent, RowSource) -> Bool) {
        var kept = 0
        for index in events.indices {
            let event = events[index]
            var revised = event
            guard revise(&revised, source(at: index)) else { continue }
            if revised != event { events[index] = revised }
            if kept != index {
                events.swapAt(kept, index)
                places.swapAt(kept, index)
            }
            kept += 1
        }
        events.removeLast(events.count - kept)
        places.removeLast(places.count - kept)
    }

    /// Where the event at `index` of ``events`` was read.
    func source(at index: Int) -> RowSource {
        let place = places[index]
        return RowSource(file: names[Int(place.file)], line: Int(place.line), kind: names[Int(place.kind)])
    }

    /// The most events an export file can hold: no event's line is shorter than 120 bytes.
    static let maximumEvents = ExportReader.maximumBytes / 120

    /// Makes room for the events of `rows` more rows of the file `name` (and a note on
    /// some), so that the events of a large file are not copied as they grow; refuses the
    /// rows, before any is read, when even one short event each would pass the bound of an
    /// export file.
    mutating func reserve(rows: Int, of name: String) throws(ImportProblem) {
        guard events.count + rows <= Self.maximumEvents else {
            throw ImportProblem(file: name, line: 0, column: nil,
                                message: "\(ImportLog.number(rows)) rows, more than the \(ImportLog.number(Self.maximumEvents)) events an export file of 100 MB can hold")
        }
        projection = ExportProjection(file: name, rows: rows, eventsBefore: events.count)
        let wanted = events.count + rows + rows / 8
        guard wanted > events.capacity else { return }
        events.reserveCapacity(wanted)
        places.reserveCapacity(wanted)
        // Grown a row at a time, the keys were held twice over each time they doubled.
        ids.reserveCapacity(ids.count + rows)
    }

    /// The number ``places`` gives `name` (a file's or a kind's).
    private mutating func number(of name: String) -> UInt32 {
        if let known = nameNumbers[name] { return known }
        let number = UInt32(names.count)
        names.append(name)
        nameNumbers[name] = number
        return number
    }

    /// Gives the child `id` the day they were due.
    mutating func setDueDate(_ date: LocalDate, of id: String) {
        guard let index = children.firstIndex(where: { $0.id == id }) else { return }
        children[index].dueDate = date
    }

    /// Gives the child `id` the sex the growth standards are read by.
    mutating func setSex(_ sex: ChildSex, of id: String) {
        guard let index = children.firstIndex(where: { $0.id == id }) else { return }
        children[index].sex = sex
    }

    /// Adds `kinds` for the row whose cells are `cells`: ids come from the row's own text
    /// (trailing empty cells aside: an app adds an empty last column in one version and not
    /// the next), so the same row gives the same ids every night, and a row seen again is a
    /// duplicate. `outcome` is what the summary says of the row (nil: said already).
    mutating func add(_ kinds: [ExportEvent.Kind], child: String, createdBy: String?, row cells: [String], from row: RowSource,
                      outcome: ImportLog.Outcome? = .read) {
        guard tooLarge == nil else { return }
        var cells = cells[...]
        while cells.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { cells = cells.dropLast() }
        let key = String(ContentHash(Data(cells.joined(separator: "\u{1F}").utf8)).description.prefix(12))
        guard ids.insert(UInt64(key, radix: 16) ?? 0).inserted else {
            duplicates[row.file, default: 0] += 1
            if outcome != nil { log.row(file: row.file, line: row.line, kind: row.kind, .leftOut("repeating an earlier row")) }
            return
        }
        // One impossible time (a year typed as 9999, a clock reset to 1970) costs only its row.
        if let time = kinds.lazy.compactMap(\.unbelievableTime).first {
            if outcome != nil {
                log.rowLeftOut(ImportProblem(file: row.file, line: row.line, column: nil,
                                             message: "\(ISO8601.string(from: time, offsetSeconds: 0, zulu: true)) is \(time < Plausibility.earliest ? "before 2000" : "after 2099"), when nothing was logged"),
                               kind: row.kind, why: "an impossible time")
            }
            return
        }
        if case .leftOut(let why)? = outcome, why == Self.unreadKind { unreadRow(row) }
        if let outcome { log.row(file: row.file, line: row.line, kind: row.kind, outcome) }
        for (index, kind) in kinds.enumerated() {
            events.append(ExportEvent(id: "\(key)-\(index)", childID: child, createdBy: createdBy, kind: kind))
            places.append(RowSource.Packed(file: number(of: row.file), line: UInt32(clamping: row.line), kind: number(of: row.kind)))
        }
        if let problem = projection?.counted(row: events) { tooLarge = problem }
    }

    /// Adds the row's events as `read` gives them (nil: a kind bbreport does not read), and
    /// its `note`. A cell without which the row means nothing is a warning, the row is left
    /// out, and its note is kept all the same.
    mutating func addRow(_ row: RowSource, cells: [String], child: String, createdBy: String? = nil, note: ExportEvent.Kind?,
                         _ read: () throws(ImportProblem) -> [ExportEvent.Kind]?) {
        let notes = [note].compactMap { $0 }
        do {
            let events = try read()
            add(Self.oneEntry(events ?? [], note: note), child: child, createdBy: createdBy, row: cells, from: row,
                outcome: events == nil ? .leftOut(Self.unreadKind) : .read)
        } catch {
            log.rowLeftOut(error, kind: row.kind, keeping: notes.isEmpty ? nil : "its note")
            add(notes, child: child, createdBy: createdBy, row: cells, from: row, outcome: nil)
        }
    }

    /// A row's events and its note as the app's one entry: when the row is itself a note
    /// (a symptom, a journal entry), its title and its text are one note (`Symptom: Diarrhea`,
    /// `Symptom: Cough — worse at night`), never two at the same instant.
    static func oneEntry(_ kinds: [ExportEvent.Kind], note: ExportEvent.Kind?) -> [ExportEvent.Kind] {
        guard let note else { return kinds }
        guard kinds.count == 1, case .note(var title) = kinds[0], case .note(let text) = note else { return kinds + [note] }
        // A bare title (`Symptom`) names what the text says; a full one (`Symptom: Cough`) is followed by it.
        title.text += (title.text.contains(": ") ? " — " : ": ") + text.text
        return [.note(title)]
    }

    /// How many other children's names a warning names.
    static let otherNamesShown = 10

    /// Why a row of a kind bbreport does not read is left out.
    static let unreadKind = "a kind bbreport does not read"

    mutating func otherChild(_ name: String, row: RowSource) {
        // The names said in the warning: a few, however many there are.
        if others[row.file, default: []].count < Self.otherNamesShown { others[row.file, default: []].insert(name) }
        othersCount[row.file, default: 0] += 1
        log.row(file: row.file, line: row.line, kind: row.kind, .leftOut("another child's"))
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

    /// A row of a kind bbreport does not read, counted in a line for its file, and in the
    /// summary too when `summarised` (``add`` counts its own rows there).
    mutating func unreadRow(_ row: RowSource, summarised: Bool = false) {
        unread[row.file, default: [:]][row.kind.isEmpty ? "(no type)" : row.kind, default: 0] += 1
        if summarised { log.row(file: row.file, line: row.line, kind: row.kind, .leftOut(Self.unreadKind)) }
    }

    /// The export: the events in time order, `exported_at` the latest time in the data
    /// (the files say nothing of when they were made), the zone in the settings; the events
    /// apart, still packed. They are taken out of the family and sorted where they are, and
    /// the rows they came from let go: a million events are never held twice.
    mutating func takeDocument(zone: Zone) -> (header: ExportDocument, events: PackedEvents) {
        places = []
        ids = []
        var sorted = events
        events = PackedEvents()
        var latest: Instant?
        // Events at one time keep the files' order.
        sorted.sort { event in
            if let time = event.latestTime { latest = max(latest ?? time, time) }
            return event.time ?? Instant(milliseconds: 0)
        }
        let header = ExportDocument(exportedAt: latest ?? Instant(milliseconds: 0), settings: ExportSettings(timezone: zone), children: children, events: [])
        return (header, sorted)
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
            let names = others[file, default: []].sorted()
            let listed = names.joined(separator: ", ") + (names.count == Self.otherNamesShown ? " and others" : "")
            lines.append("\(file): left out \(count) \(count == 1 ? "row" : "rows") of \(listed), as --child asks for one child")
        }
        for (file, name) in borrowedFor.sorted(by: { $0.key < $1.key }) {
            lines.append("\(file): the file names no child; its rows are counted for \(name) (give --child NAME to choose)")
        }
        return log.cellWarnings + lines + remarks
    }
}

/// Where a row comes from, for its warnings and the summary: the file, the line, and the
/// app's own name for its kind (`Feed`, `Diaper`, `nursing`).
struct RowSource {
    let file: String
    let line: Int
    let kind: String

    /// A row's place as an event keeps it: the file and the kind as numbers of names kept once.
    struct Packed {
        let file: UInt32
        let line: UInt32
        let kind: UInt32
    }
}

extension ExportEvent.Kind {
    /// A time of the event no entry can have (before 2000, after 2099), if it has one.
    var unbelievableTime: Instant? {
        var times = [time]
        if case .sleep(let sleep) = self { times.append(sleep.endedAt) }
        return times.compactMap { $0 }.first { $0 < Plausibility.earliest || $0 >= Plausibility.latestExport }
    }
}

extension ExportEvent {
    /// The latest moment the event tells of: a sleep's end when the sleep is no longer
    /// than a day; a longer one's (a forgotten timer's) says little of when the file was
    /// made, but the file was made no earlier than a clock's margin before it, so that a
    /// build keeps the sleep (flagged), as `import` did; else its time.
    var latestTime: Instant? {
        if case .sleep(let sleep) = kind, let end = sleep.endedAt {
            return (end - sleep.startedAt).milliseconds <= 86_400_000 ? end : max(sleep.startedAt, end - Plausibility.afterExport)
        }
        return time
    }
}
