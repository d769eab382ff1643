import Foundation
import Export
import Timekeeping

/// One file given to an import: its name for messages, and what it holds.
public struct ImportInput: Sendable {
    public enum Content: Sendable {
        case text(String)
        /// A SQLite database's bytes.
        case database(Data)
    }

    public let name: String
    public let content: Content

    public init(name: String, content: Content) {
        self.name = name
        self.content = content
    }

    /// `bytes` as the import reads them: a database by its header, else text (UTF-8, or
    /// UTF-16 with its byte-order mark); nil when they are neither.
    public init?(name: String, bytes: Data) {
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        if SQLiteBackup.isDatabase(bytes) {
            self.init(name: name, content: .database(bytes))
        } else if let text = utf16 ? String(data: bytes, encoding: .utf16) : String(data: bytes, encoding: .utf8) {
            self.init(name: name, content: .text(text))
        } else {
            return nil
        }
    }

    /// Whether `bytes`, not UTF-8, read as text in Latin-1 or Windows-1252 (a spreadsheet
    /// saved on an older computer): nearly all ASCII, no control characters but line ends.
    public static func looksLikeLatin1(_ bytes: Data) -> Bool {
        let sample = bytes.prefix(64 * 1024)
        let high = sample.count { $0 >= 0x80 }, controls = sample.count { $0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        return controls == 0 && high > 0 && high * 10 < sample.count
    }
}

/// The apps whose exports bbreport reads.
public enum ImportKind: String, Sendable, CaseIterable {
    case huckleberry
    case babytracker
    case glow
    case babyconnect
    case hatch
    case piyolog
    case babydaybook
    case feedbaby

    /// The app's name as people write it.
    public var appName: String {
        switch self {
        case .huckleberry: "Huckleberry"
        case .babytracker: "Baby Tracker"
        case .glow: "Glow Baby"
        case .babyconnect: "BabyConnect"
        case .hatch: "Hatch Baby"
        case .piyolog: "PiyoLog"
        case .babydaybook: "Baby Daybook"
        case .feedbaby: "Feed Baby"
        }
    }

    /// The format that reads the app's CSV files; nil for PiyoLog's text and Baby Daybook's database.
    var format: (any AppFormat.Type)? {
        switch self {
        case .huckleberry: Huckleberry.self
        case .babytracker: BabyTracker.self
        case .glow: Glow.self
        case .babyconnect: BabyConnect.self
        case .hatch: Hatch.self
        case .feedbaby: FeedBaby.self
        case .piyolog, .babydaybook: nil
        }
    }
}

/// How an app's CSV files are read: whether a file is one of the app's, and its rows.
protocol AppFormat {
    /// Whether `file`'s header is one this app writes.
    static func matches(_ file: ImportFile) -> Bool
    /// What is missing from `file` for it to be the app's, for the message.
    static func mismatch(_ file: ImportFile) -> String
    /// Reads every row of `file` into `family`.
    static func read(_ file: ImportFile, into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem)
}

/// Other apps' exports as a Baby Basics export: the same document whether it is written
/// to a file by `import` or built straight away, so both give the same pages.
public enum Importer {
    /// What was read: the export, the kind (detected when not given), and what the family
    /// should hear about, a line each.
    public struct Result: Sendable {
        /// The export without its events: when it was made, its settings and children.
        public var header: ExportDocument
        /// The export's events in time order, packed until they are written.
        public let events: PackedEvents
        public let kind: ImportKind
        public let warnings: [String]
        /// What became of the rows: a line per file, then a line per kind of row.
        public let summary: [String]

        /// The whole export, every event made (a large one is written from ``events`` as
        /// they are made, with ``ExportWriter/write(_:events:to:)``).
        public var document: ExportDocument {
            var document = header
            document.events = Array(events)
            return document
        }
    }

    /// Reads `files` (name and text) of `kind`, or of the kind their header shows, with
    /// times in `zone`; `child` names the child of a file that names none, or picks one
    /// child of a file that holds several (with their `birthday`).
    public static func read(_ files: [(name: String, text: String)], kind: ImportKind?, zone: Zone,
                            child: String?, birthday: LocalDate?) throws(ImportProblem) -> Result {
        try read(files.map { ImportInput(name: $0.name, content: .text($0.text)) }, kind: kind, zone: zone, child: child, birthday: birthday)
    }

    /// Reads `inputs` of `kind`, or of the kind their contents show (a database is Baby
    /// Daybook's backup), with times in `zone`.
    /// The inputs are let go once read (a database's bytes once SQLite holds its own copy):
    /// pass them with `consume` so that no copy keeps them.
    public static func read(_ inputs: consuming [ImportInput], kind: ImportKind?, zone: Zone,
                            child: String?, birthday: LocalDate?) throws(ImportProblem) -> Result {
        guard !inputs.isEmpty else { throw ImportProblem(file: "import", line: 0, column: nil, message: "no file given") }
        var family = ImportedFamily()
        var clock = WallClock(zone: zone)
        let children = ChildChoice(name: child.map { $0.trimmedSpaces }.flatMap { $0.isEmpty ? nil : $0 }, birthday: birthday)
        var detected: ImportKind?
        var tables: [(file: ImportFile, kind: ImportKind)] = []
        var texts: [(name: String, text: String)] = []
        var databases: [BabyDaybook] = []
        for input in inputs {
            let text: String
            switch input.content {
            case .database(let bytes):
                guard kind == nil || kind == .babydaybook else {
                    throw ImportProblem(file: input.name, line: 0, column: nil, message: "a SQLite database, not a \(kind!.appName) export")
                }
                do {
                    databases.append(BabyDaybook(name: input.name, backup: try SQLiteBackup(bytes: bytes)))
                } catch {
                    throw ImportProblem(file: input.name, line: 0, column: nil, message: error.message)
                }
                detected = detected ?? .babydaybook
                continue
            case .text(let content):
                guard kind != .babydaybook else {
                    throw ImportProblem(file: input.name, line: 0, column: nil,
                                        message: "not a Baby Daybook backup: it is text, not a SQLite database (the backup is a file like BabyDaybook_20250204_auto.db)")
                }
                text = content
            }
            if kind == .piyolog || (kind == nil && PiyoLog.matches(text)) {
                detected = detected ?? .piyolog
                texts.append((input.name, text))
                continue
            }
            let table = try Self.table((input.name, text), log: family.log)
            let fileKind: ImportKind
            if let kind, let format = kind.format {
                guard format.matches(table) else {
                    throw ImportProblem(file: input.name, line: 1, column: nil, message: "not a \(kind.appName) export: \(format.mismatch(table))")
                }
                fileKind = kind
            } else {
                fileKind = try Self.kind(of: table)
            }
            detected = detected ?? fileKind
            tables.append((table, fileKind))
        }
        inputs = []
        // Files that name no child (Baby Tracker's pumping) come after those that do.
        tables = tables.filter { !$0.kind.namesNoChild($0.file) } + tables.filter { $0.kind.namesNoChild($0.file) }
        // Feed Baby's files are read together: a feed's pauses are in a file of their own.
        let feedBaby = tables.filter { $0.kind == .feedbaby }.map(\.file)
        // Each other file let go once read: two large files are never held at once.
        var others = Array(tables.filter { $0.kind != .feedbaby }.reversed())
        tables = []
        while let (file, fileKind) = others.popLast() {
            clock.startFile()
            try family.reserve(rows: file.table.rows.count, of: file.name)
            try fileKind.format!.read(file, into: &family, children: children, clock: &clock)
            if let problem = family.tooLarge { throw problem }
        }
        if !feedBaby.isEmpty {
            try family.reserve(rows: feedBaby.reduce(0) { $0 + $1.table.rows.count }, of: feedBaby[0].name)
            try FeedBaby.read(feedBaby, into: &family, children: children, clock: &clock)
            if let problem = family.tooLarge { throw problem }
        }
        if !texts.isEmpty {
            clock.startFile()
            try PiyoLog(files: texts).read(into: &family, children: children, clock: &clock)
            if let problem = family.tooLarge { throw problem }
        }
        for database in databases {
            try database.read(into: &family, children: children, zone: zone)
        }
        ImportPlausibility.leaveOutImpossibleValues(of: &family)
        let warnings = family.warnings + clock.warnings + ImportPlausibility.warnings(family, zone: zone)
        let export = family.takeDocument(zone: zone)
        return Result(header: export.header, events: export.events, kind: detected!, warnings: warnings, summary: family.log.summary)
    }

    /// The app whose export `input` is, told as `read` tells it (a database is Baby
    /// Daybook's, PiyoLog's text by its first line, a CSV file by its header), or nil.
    public static func recognize(_ input: ImportInput) -> ImportKind? {
        switch input.content {
        case .database: return .babydaybook
        case .text(let text):
            if PiyoLog.matches(text) { return .piyolog }
            // The header line and a little after it are enough to tell.
            let head = String(text.prefix(16 * 1024))
            guard let table = try? Self.table((input.name, head), log: ImportLog()) else { return nil }
            return ImportKind.allCases.first { $0.format?.matches(table) == true }
        }
    }

    private static func table(_ file: (name: String, text: String), log: ImportLog) throws(ImportProblem) -> ImportFile {
        do {
            let table = try CSVTable(text: file.text)
            for broken in table.brokenRows {
                let message = switch broken.why {
                case .quoteLeftOpen:
                    "a quoted cell begins on this line and runs to line \(broken.through), where text follows its closing quote (a quote left open); lines \(broken.line)–\(broken.through) are one broken row"
                case .tooManyCells: "a row of more than \(CSVTable.maximumCells) cells, which no app writes"
                case .cellTooLong: "a cell of more than \(CSVTable.maximumCellBytes / 1024) KB, which no app writes"
                }
                log.rowLeftOut(ImportProblem(file: file.name, line: broken.line, column: nil, message: message), kind: "(broken row)")
            }
            return ImportFile(name: file.name, table: table, log: log)
        } catch .empty {
            throw ImportProblem(file: file.name, line: 1, column: nil, message: "the file is empty: expected a header line of column names")
        } catch .tooManyColumns {
            throw ImportProblem(file: file.name, line: 1, column: nil, message: "a header of more than \(CSVTable.maximumCells) columns: not an app's export")
        } catch .unclosedQuote(let line) {
            throw ImportProblem(file: file.name, line: line, column: nil, message: "a quoted cell is never closed (a \" without its partner)")
        } catch {
            throw ImportProblem(file: file.name, line: 0, column: nil, message: "more than \(CSVTable.maximumRows) rows: not an app's export")
        }
    }

    /// The app whose header `file` has.
    private static func kind(of file: ImportFile) throws(ImportProblem) -> ImportKind {
        if let kind = ImportKind.allCases.first(where: { $0.format?.matches(file) == true }) { return kind }
        throw ImportProblem(file: file.name, line: 1, column: nil,
                            message: "not an export bbreport knows: the header is \"\(TerminalText.safe(String(file.table.header.joined(separator: ",").prefix(120))))\"; give the kind (\(ImportKind.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
}

extension ImportKind {
    fileprivate func namesNoChild(_ file: ImportFile) -> Bool {
        self == .babytracker && BabyTracker.namesNoChild(file)
    }
}

/// The child given on the command line (`--child`, `--birthday`), and which child each row
/// is for: the name in the row's baby column, or the given child when the file names none.
/// With a child given, rows naming another are left out and counted.
struct ChildChoice {
    let name: String?
    let birthday: LocalDate?

    /// The most children read from one import, as one archive is built for (checked as the
    /// names come, so that a file of 800,000 names is refused at the 101st).
    static let maximumChildren = 100

    /// Throws at the row of `file` that names a child past ``maximumChildren`` in `column`,
    /// before any row is sorted or read: a file of 800,000 names is refused at once. With a
    /// child asked for, the others are only counted.
    func checkCount(_ file: ImportFile, column: ImportFile.Column?) throws(ImportProblem) {
        guard name == nil, let column else { return }
        var names = Set<String>()
        for row in file.table.rows {
            let rowName = row[column.index]
            guard !rowName.isEmpty, names.insert(rowName).inserted, names.count > Self.maximumChildren else { continue }
            throw ImportProblem(file: file.name, line: row.line, column: column.name,
                                message: "more than \(Self.maximumChildren) children named: not one family's export")
        }
    }

    /// The id of the child `row` is for, named `rowName` in the file's `column` (nil when
    /// the file has no such column); nil for a row of another child, or a row that names
    /// none in a file of several (a warning says so). A file that names no child and has no
    /// child given takes the first child read from the other files when `borrow` allows,
    /// saying so; otherwise it cannot be read without `--child`.
    func id(_ rowName: String?, column: String?, row: RowSource, app: String,
            family: inout ImportedFamily, borrow: Bool = false) throws(ImportProblem) -> String? {
        if let rowName, !rowName.isEmpty {
            guard let name else {
                guard family.children.count < Self.maximumChildren || family.knows(rowName) else {
                    throw ImportProblem(file: row.file, line: row.line, column: column,
                                        message: "more than \(Self.maximumChildren) children named: not one family's export")
                }
                return family.child(named: rowName)
            }
            guard rowName.lowercased() == name.lowercased() else {
                family.otherChild(rowName, row: row)
                return nil
            }
            return family.child(named: rowName, birthday: birthday)
        }
        if let name { return family.child(named: name, birthday: birthday) }
        if column == nil, borrow, let first = family.children.first {
            family.borrowed(first.name, file: row.file)
            return first.id
        }
        if let column {
            family.log.rowLeftOut(ImportProblem(file: row.file, line: row.line, column: column, message: "the row names no child (give --child NAME for the child of such rows)"),
                                  kind: row.kind)
            return nil
        }
        throw ImportProblem(file: row.file, line: 1, column: nil, message: "a \(app) export is one child's and does not name them: give --child NAME")
    }
}
