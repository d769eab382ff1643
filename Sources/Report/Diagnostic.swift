import Archive
import HTML
import Export

/// A message for the person at the terminal, printed like a compiler's
/// (`error: export.json: events[3].started_at: …`), with what to do next and the exit
/// status of the README's table.
public struct Diagnostic: Error, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public let severity: Severity
    /// `file:line:col` when the problem is at a line of a file; printed first, as compilers do.
    public let location: String?
    public let message: String
    /// What to do about it, when there is something to say.
    public let hint: String?
    public let exitStatus: Int32

    public init(_ severity: Severity, _ message: String, at location: String? = nil, hint: String? = nil,
                exitStatus: Int32 = ExitStatus.other) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
        self.exitStatus = exitStatus
    }

    /// `error: message` (or `file:12:4: error: message`), then `hint: …` on its own line.
    /// Whatever the words quote from a file or a server cannot steer the terminal.
    public var description: String {
        (location.map { "\(TerminalText.safe($0)): " } ?? "") + "\(severity.rawValue): \(TerminalText.safe(message))"
            + (hint.map { "\nhint: \(TerminalText.safe($0))" } ?? "")
    }
}

/// The exit statuses the README lists (sysexits.h values).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let other: Int32 = 1
    public static let usage: Int32 = 64
    public static let badData: Int32 = 65
    public static let unavailable: Int32 = 69
    public static let tokenRejected: Int32 = 77
}

extension Diagnostic {
    init(_ error: SourceError) {
        switch error.reason {
        case .missingFile:
            self.init(.error, error.description,
                      hint: "give the path of a Baby Basics export, or make one with `bbreport sample --output export.json`",
                      exitStatus: ExitStatus.usage)
        case .isFolder:
            self.init(.error, error.description, hint: "give the path of the export file inside it", exitStatus: ExitStatus.usage)
        case .notAFile:
            self.init(.error, error.description, hint: "give the path of an export file saved on disk", exitStatus: ExitStatus.usage)
        case .unreadable:
            self.init(.error, error.description, hint: "check the file's permissions", exitStatus: ExitStatus.other)
        case .changedWhileRead:
            self.init(.error, error.description,
                      hint: "build again once whatever writes the export has finished; nothing was written", exitStatus: ExitStatus.other)
        case .empty, .notJSON, .invalidValue, .tooLarge:
            self.init(.error, error.description,
                      hint: "export the data again from the Baby Basics app, or fix the file at that place; nothing was written",
                      exitStatus: ExitStatus.badData)
        }
    }

    init(_ error: ArchiveError) {
        switch error.reason {
        case .protectedFolder, .notAnArchive, .notAFolder, .foreignEntry:
            self.init(.error, error.description, exitStatus: ExitStatus.usage)
        case .busy, .fileSystem:
            self.init(.error, error.description, hint: "the previous archive was left as it was", exitStatus: ExitStatus.other)
        }
    }
}

extension Diagnostic {
    /// A template that cannot be used: printed as the compiler would, `file:line:col: error: …`.
    init(_ error: TemplateError) {
        // A folder that is not there is the command's mistake, not a template's.
        let hint = error.isMissingFolder
            ? "name the folder that holds your templates (day.mustache, partials/…), or leave out --templates for the built-in ones"
            : "fix the template, or remove it from the --templates folder to use the built-in one"
        self.init(.error, error.message,
                  at: error.file + (error.line.map { ":\($0)" } ?? "") + (error.column.map { ":\($0)" } ?? ""),
                  hint: hint + "; nothing was written",
                  exitStatus: error.isMissingFolder ? ExitStatus.usage : ExitStatus.badData)
    }
}
