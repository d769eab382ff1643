import Foundation
import Importers
import InputFiles
import Source
import Timekeeping

/// Another app's export files to read, and how.
public struct ImportOptions: Sendable, Equatable {
    /// The app, or nil to tell it from the files' headers.
    public var kind: ImportKind?
    public var files: [String]
    public var zone: Zone
    /// The child of a file that does not name one, and their birthday.
    public var child: String?
    public var birthday: LocalDate?

    public init(kind: ImportKind?, files: [String], zone: Zone, child: String? = nil, birthday: LocalDate? = nil) {
        self.kind = kind
        self.files = files
        self.zone = zone
        self.child = child
        self.birthday = birthday
    }

    /// The most bytes read from one file: years of a family's rows are a few megabytes.
    public static let maximumFileBytes = 64 << 20
}

extension Report {
    /// The files as the bytes of a Baby Basics export, with the kind read and what became of
    /// the rows (a line per file and kind of row); `warn` hears the kind detected, every cell
    /// not understood and what was dropped, skipped or placed by a rule.
    public static func importFiles(_ options: ImportOptions, warn: (Diagnostic) -> Void = { _ in }) throws(Diagnostic) -> (data: Data, kind: ImportKind, events: Int, children: Int, summary: [String]) {
        var files: [(name: String, text: String)] = []
        for path in options.files {
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
                throw Diagnostic(.error, "\(path): \(what)", hint: "give the file the app exported; nothing was written",
                                 exitStatus: error == .missing || error == .folder ? ExitStatus.usage : ExitStatus.badData)
            }
            guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16) else {
                throw Diagnostic(.error, "\(path): not UTF-8 text", hint: "give the file as the app exported it", exitStatus: ExitStatus.badData)
            }
            files.append((path, text))
        }
        let result: Importer.Result
        do {
            result = try Importer.read(files, kind: options.kind, zone: options.zone, child: options.child, birthday: options.birthday)
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
        guard !result.document.events.isEmpty else {
            throw Diagnostic(.error, "\(options.files.joined(separator: ", ")): no entry could be read (\(result.summary.isEmpty ? "the files hold no rows" : "every row was left out, as the warnings say"))",
                             hint: "give the files the app exported; nothing was written", exitStatus: ExitStatus.badData)
        }
        do {
            return (try ExportWriter.data(for: result.document), result.kind, result.document.events.count, result.document.children.count, result.summary)
        } catch {
            throw Diagnostic(.error, "could not encode the imported data: \(error)")
        }
    }
}
