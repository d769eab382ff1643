import Foundation
import Importers
import InputFiles
import Export
import Timekeeping

/// Another app's export files to read, and how.
public struct ImportOptions: Sendable, Equatable {
    /// The app, or nil to tell it from the files' headers.
    public var kind: ImportKind?
    public var files: [String]
    public var zone: Zone
    /// The child of a file that does not name one, and their birthday and sex.
    public var child: String?
    public var birthday: LocalDate?
    public var sex: ChildSex?

    public init(kind: ImportKind?, files: [String], zone: Zone, child: String? = nil, birthday: LocalDate? = nil, sex: ChildSex? = nil) {
        self.kind = kind
        self.files = files
        self.zone = zone
        self.child = child
        self.birthday = birthday
        self.sex = sex
    }

    /// The most bytes read from one file: years of a family's rows are a few megabytes.
    public static let maximumFileBytes = 64 << 20
    /// The most bytes read from all the files of one import: an export file's bound.
    public static let maximumTotalBytes = ExportReader.maximumBytes
    /// The most files one import reads, a folder's counted one by one.
    public static let maximumFiles = 100
}

extension Report {
    /// The app whose export the file at `path` is, when it is another app's rather than a
    /// Baby Basics export (which is JSON, an object); nil for anything else, or a file that
    /// cannot be read (the build says what is wrong with it).
    public static func otherApp(_ path: String) -> ImportKind? {
        // A Baby Basics export is told by its first bytes, without reading the rest.
        guard let head = try? FileInput.head(path, count: 4096), startsAsObject(head) == false,
              let data = try? FileInput.read(path, limit: ImportOptions.maximumFileBytes),
              let input = ImportInput(name: path, bytes: data) else { return nil }
        return Importer.recognize(input)
    }

    /// Whether `head` begins, after white space and a byte-order mark, with `{`; nil when
    /// it is all white space.
    static func startsAsObject(_ head: Data) -> Bool? {
        head.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.map { $0 == UInt8(ascii: "{") }
    }

    /// What to say of another app's export given where a Baby Basics export was expected,
    /// without the time zone its times need: the command that reads it.
    public static func otherAppWithoutZone(_ path: String, app: ImportKind, command: String) -> Diagnostic {
        Diagnostic(.error, "\(path): a \(app.appName) export, not a Baby Basics export file (JSON); its times carry no time zone",
                   hint: "run `bbreport \(command) --source \(app.rawValue) --timezone America/Chicago \(path)` with your own time zone, "
                       + "or make an export once with `bbreport import \(path) --timezone … -o export.json`; nothing was written",
                   exitStatus: ExitStatus.usage)
    }

    /// The files as the bytes of a Baby Basics export, with the kind read and what became of
    /// the rows (a line per file and kind of row); `warn` hears the kind detected, every cell
    /// not understood and what was dropped, skipped or placed by a rule.
    public static func importFiles(_ options: ImportOptions, warn: (Diagnostic) -> Void = { _ in }) throws(Diagnostic) -> (data: Data, kind: ImportKind, events: Int, children: Int, summary: [String]) {
        let imported = try importDocument(options, warn: warn)
        var data = Data()
        try encode(imported, options: options) { data.append($0) }
        return (data, imported.kind, imported.events.count, imported.header.children.count, imported.summary)
    }

    /// Imports the files as ``importFiles(_:warn:)`` does and writes the export to `output`
    /// as it is encoded, never whole in memory (see ``ExportFileOutput/write(to:inputs:_:)``).
    public static func importFiles(_ options: ImportOptions, to output: String, inputs: [String],
                                   warn: (Diagnostic) -> Void = { _ in }) throws(Diagnostic) -> (kind: ImportKind, events: Int, children: Int, summary: [String]) {
        let imported = try importDocument(options, warn: warn)
        try ExportFileOutput.write(to: output, inputs: inputs) { sink in
            try encode(imported, options: options, to: sink)
        }
        return (imported.kind, imported.events.count, imported.header.children.count, imported.summary)
    }

    /// Encodes the export into `sink`, throwing once it grows past the bound a build holds
    /// an export to: what import writes, build reads.
    private static func encode(_ export: Importer.Result, options: ImportOptions, to sink: (Data) throws -> Void) throws(Diagnostic) {
        var written = 0
        do {
            try ExportWriter.write(export.header, events: export.events) { chunk in
                written += chunk.count
                guard written <= ExportReader.maximumBytes else {
                    throw Diagnostic(.error, "\(options.files.joined(separator: ", ")): the export would be more than the \(FileInput.size(Int64(ExportReader.maximumBytes))) an export file can be",
                                     hint: "import fewer files at once, or choose one child with --child; nothing was written", exitStatus: ExitStatus.badData)
                }
                try sink(chunk)
            }
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic(.error, "could not encode the imported data: \(error)")
        }
    }

    /// The export the files make, with the kind read and what became of the rows.
    private static func importDocument(_ options: ImportOptions, warn: (Diagnostic) -> Void) throws(Diagnostic) -> Importer.Result {
        var inputs: [ImportInput] = []
        var total = 0
        for path in try expandedFolders(options.files) {
            let data: Data
            do {
                data = try FileInput.read(path, limit: ImportOptions.maximumFileBytes)
            } catch {
                let what = switch error {
                case .missing: "no such file"
                case .folder: "a folder, not an export file"
                case .notRegular(let kind): "\(kind), not a file"
                case .tooLarge(let size, let limit): "\(FileInput.size(size)), more than the \(FileInput.size(Int64(limit))) an app's export can be"
                case .unreadable(let reason): "cannot be read: \(reason)"
                }
                let usage = switch error {
                case .missing, .folder, .notRegular: true
                default: false
                }
                throw Diagnostic(.error, "\(path): \(what)", hint: "give the file the app exported; nothing was written",
                                 exitStatus: usage ? ExitStatus.usage : ExitStatus.badData)
            }
            if ExportFileOutput.isExport(data) {
                throw Diagnostic(.error, "\(path): a Baby Basics export already, not another app's export",
                                 hint: "build it as it is: `bbreport build \(path)`; nothing was written", exitStatus: ExitStatus.usage)
            }
            total += data.count
            guard total <= ImportOptions.maximumTotalBytes else {
                throw Diagnostic(.error, "\(path): the files given come to more than \(FileInput.size(Int64(ImportOptions.maximumTotalBytes))), more than an app's export can be",
                                 hint: "give the files of one export; nothing was written", exitStatus: ExitStatus.badData)
            }
            guard let input = ImportInput(name: path, bytes: data) else {
                let latin1 = ImportInput.looksLikeLatin1(data)
                throw Diagnostic(.error, "\(path): not UTF-8 text\(latin1 ? " (it looks like Latin-1 or Windows-1252)" : ", nor a database")",
                                 hint: latin1 ? "open it in a spreadsheet and save it as CSV in UTF-8; nothing was written"
                                              : "give the file as the app exported it; nothing was written",
                                 exitStatus: ExitStatus.badData)
            }
            inputs.append(input)
        }
        var result: Importer.Result
        do {
            result = try Importer.read(consume inputs, kind: options.kind, zone: options.zone, child: options.child, birthday: options.birthday)
        } catch {
            throw Diagnostic(.error, (error.column.map { "column \"\($0)\": " } ?? "") + error.message,
                             at: error.line > 0 ? "\(error.file):\(error.line)" : error.file, hint: "nothing was written", exitStatus: ExitStatus.badData)
        }
        if options.kind == nil {
            warn(Diagnostic(.note, "read as a \(result.kind.appName) export (from its header)"))
        }
        for line in result.warnings {
            warn(Diagnostic(.warning, line))
        }
        guard !result.events.isEmpty else {
            let rows = result.summary.isEmpty ? "the files hold no rows"
                : "every row was left out: " + result.summary.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
            throw Diagnostic(.error, "\(options.files.joined(separator: ", ")): no entry could be read (\(rows))",
                             hint: "give the files the app exported; nothing was written", exitStatus: ExitStatus.badData)
        }
        // The child's sex and birthday given beside the files, written into the export.
        do throws(ChildFacts.Problem) {
            try ChildFacts.apply([:], given: ChildFacts(sex: options.sex, dateOfBirth: options.birthday), to: options.child, children: &result.header.children)
        } catch {
            throw factsDiagnostic(error)
        }
        return result
    }
}

extension Report {
    /// `paths` with each folder (a Feed Baby export) replaced by the `.csv` files in it, in
    /// name order; at most ``ImportOptions/maximumFiles`` in all.
    public static func expandedFolders(_ paths: [String]) throws(Diagnostic) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let csv = names.filter { $0.lowercased().hasSuffix(".csv") && !$0.hasPrefix(".") }.sorted()
                guard !csv.isEmpty else {
                    throw Diagnostic(.error, "\(path): a folder with no .csv file in it", hint: "give the export's files, or the folder Feed Baby exported",
                                     exitStatus: ExitStatus.usage)
                }
                files += csv.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
            guard files.count <= ImportOptions.maximumFiles else {
                throw Diagnostic(.error, "more than \(ImportOptions.maximumFiles) files to import: not one app's export",
                                 hint: "give the files of one export; nothing was written", exitStatus: ExitStatus.usage)
            }
        }
        return files
    }
}
