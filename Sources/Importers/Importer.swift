import Foundation
import Source
import Timekeeping

/// The apps whose exports bbreport reads.
public enum ImportKind: String, Sendable, CaseIterable {
    case huckleberry

    /// The app's name as people write it.
    public var appName: String {
        switch self {
        case .huckleberry: "Huckleberry"
        }
    }
}

/// Other apps' exports as a Baby Basics export: the same document whether it is written
/// to a file by `import` or built straight away, so both give the same pages.
public enum Importer {
    /// What was read: the export, the kind (detected when not given), and what the family
    /// should hear about, a line each.
    public struct Result: Sendable {
        public let document: ExportDocument
        public let kind: ImportKind
        public let warnings: [String]
    }

    /// Reads `files` (name and text) of `kind`, or of the kind their header shows, with
    /// times in `zone`; a file for one child takes `child` (and `birthday`).
    public static func read(_ files: [(name: String, text: String)], kind: ImportKind?, zone: Zone,
                            child: String?, birthday: LocalDate?) throws(ImportProblem) -> Result {
        guard !files.isEmpty else { throw ImportProblem(file: "import", line: 0, column: nil, message: "no file given") }
        var family = ImportedFamily()
        var clock = WallClock(zone: zone)
        var detected: ImportKind?
        for file in files {
            let table: CSVTable
            do {
                table = try CSVTable(text: file.text)
            } catch .empty {
                throw ImportProblem(file: file.name, line: 1, column: nil, message: "the file is empty: expected a header line of column names")
            } catch .unclosedQuote(let line) {
                throw ImportProblem(file: file.name, line: line, column: nil, message: "a quoted cell is never closed (a \" without its partner)")
            } catch {
                throw ImportProblem(file: file.name, line: 0, column: nil, message: "more than \(CSVTable.maximumRows) rows: not an app's export")
            }
            let fileKind: ImportKind
            if let kind {
                fileKind = kind
            } else if Huckleberry.matches(table) {
                fileKind = .huckleberry
            } else {
                throw ImportProblem(file: file.name, line: 1, column: nil,
                                    message: "not an export bbreport knows: the header is \"\(TerminalText.safe(String(table.header.joined(separator: ",").prefix(120))))\"; give the kind (\(ImportKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            detected = detected ?? fileKind
            switch fileKind {
            case .huckleberry:
                guard Huckleberry.matches(table) else {
                    let missing = Huckleberry.requiredColumns.filter { table.column($0) == nil }
                    throw ImportProblem(file: file.name, line: 1, column: nil,
                                        message: "not a Huckleberry export: no column \(missing.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                guard let child, !child.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ImportProblem(file: file.name, line: 1, column: nil,
                                        message: "a Huckleberry export is one child's and does not name them: give --child NAME")
                }
                let id = family.child(named: child, birthday: birthday)
                try Huckleberry(file: file.name, table: table).read(into: &family, child: id, clock: &clock)
            }
        }
        return Result(document: family.document(zone: zone), kind: detected!, warnings: family.warnings + clock.warnings)
    }
}
