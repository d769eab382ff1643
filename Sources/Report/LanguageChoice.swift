import Foundation
import Wording

/// What a family asked for of the pages' language: a code, a catalog of its own, a clock.
public struct LanguageRequest: Sendable, Equatable {
    /// `--language`, `language:`; nil leaves it to the environment.
    public var code: String?
    /// `--language-file`, `language_file:`: a catalog in the same format as ours.
    public var file: String?
    /// `--clock`, `clock:`.
    public var clock: Clock?

    public init(code: String? = nil, file: String? = nil, clock: Clock? = nil) {
        self.code = code
        self.file = file
        self.clock = clock
    }

    /// The language asked for: the file's words in `code`'s formats, the code's catalog, or
    /// the environment's language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) -> Language {
        let text = try file.map { path throws(Diagnostic) in try SmallTextFile.read(path, kind: "language file") }
        do throws(LanguageError) {
            if let file, let text { return try Language.file(file, text: text, code: code, clock: clock) }
            if let code { return try Language.named(code, clock: clock) }
            return Language.fromEnvironment(environment, clock: clock)
        } catch {
            throw Diagnostic(.error, error.description, exitStatus: ExitStatus.usage)
        }
    }
}

extension Language {
    /// The note a build prints when a family's own catalog lacks words; nil when it lacks none.
    var missingWordsNote: Diagnostic? {
        guard let source, !missingKeys.isEmpty else { return nil }
        let shown = missingKeys.prefix(8).joined(separator: ", ")
        let more = missingKeys.count > 8 ? ", and \(missingKeys.count - 8) more" : ""
        return Diagnostic(.note, "\(source): \(missingKeys.count) words missing, shown in English: \(shown)\(more)",
                          hint: "languages/en.yaml in bbreport's source has every key")
    }
}
