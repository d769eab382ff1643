import Foundation
import Hashing
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
    /// the environment's language (`LC_ALL`, `LC_MESSAGES`, `LANG`). A code without words
    /// and a file that cannot be read are errors now; catalogs are read by the build itself,
    /// after it has found whether there is anything to build.
    public func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) -> LanguageChoice {
        let text = try file.map { path throws(Diagnostic) in try SmallTextFile.read(path, kind: "language file") }
        do throws(LanguageError) {
            if let file { return LanguageChoice(code: code, file: (file, text ?? ""), clock: clock) }
            let code = try self.code.map { code throws(LanguageError) in try Language.validated(code) }
            return LanguageChoice(code: code ?? Language.environmentCode(environment), clock: clock)
        } catch {
            throw Diagnostic(error)
        }
    }
}

/// The pages' language as a build is told it, before any catalog is read: what its
/// fingerprint needs, and what the build turns into a ``Language`` once it knows there is
/// anything to build (a nightly run with nothing new reads no catalog).
public struct LanguageChoice: Sendable, Equatable {
    /// A catalog's language code (`de-AT`), or for a family's file the code its formats
    /// follow; nil for US English.
    public var code: String?
    /// A family's own catalog: its path and text.
    public var file: (path: String, text: String)?
    public var clock: Clock?

    public init(code: String? = nil, file: (path: String, text: String)? = nil, clock: Clock? = nil) {
        self.code = code
        self.file = file
        self.clock = clock
    }

    /// US English, as with `LANG=C`.
    public static let english = LanguageChoice()

    public static func == (lhs: LanguageChoice, rhs: LanguageChoice) -> Bool {
        lhs.code == rhs.code && lhs.clock == rhs.clock && lhs.file?.path == rhs.file?.path && lhs.file?.text == rhs.file?.text
    }

    /// Everything of the choice that shapes pages, for the build's fingerprint: the code,
    /// the clock, and a family file's words (the built-in catalogs are part of the program).
    var identity: String {
        let words = file.map { "\($0.path) \(ContentHash(Data($0.text.utf8)))" } ?? ""
        return "\(code ?? "")|\(clock?.rawValue ?? "")|\(words)"
    }

    /// The language, its catalog read.
    public func language() throws(Diagnostic) -> Language {
        do throws(LanguageError) {
            if let file { return try Language.file(file.path, text: file.text, code: code, clock: clock) }
            if let code { return try Language.named(code, clock: clock) }
            return Language.english(clock: clock)
        } catch {
            throw Diagnostic(error)
        }
    }
}

extension Diagnostic {
    /// A language that cannot be used; a catalog's problem at its line, as a compiler says it.
    init(_ error: LanguageError) {
        if case .unreadable(let catalog) = error {
            self.init(.error, catalog.message, at: "\(catalog.file):\(catalog.line):\(catalog.column)", exitStatus: ExitStatus.usage)
        } else {
            self.init(.error, error.description, exitStatus: ExitStatus.usage)
        }
    }
}

extension Language {
    /// The warning a build prints when a family's own catalog has keys no page uses.
    var unknownWordsWarning: Diagnostic? {
        guard let source, !unknownKeys.isEmpty else { return nil }
        let shown = unknownKeys.prefix(8).joined(separator: ", ")
        let more = unknownKeys.count > 8 ? ", and \(unknownKeys.count - 8) more" : ""
        return Diagnostic(.warning, "\(source): \(unknownKeys.count) \(unknownKeys.count == 1 ? "key" : "keys") no page uses, not read: \(shown)\(more)",
                          hint: "languages/en.yaml in bbreport's source has every key")
    }

    /// The note a build prints when a family's own catalog lacks words; nil when it lacks none.
    var missingWordsNote: Diagnostic? {
        guard let source, !missingKeys.isEmpty else { return nil }
        let shown = missingKeys.prefix(8).joined(separator: ", ")
        let more = missingKeys.count > 8 ? ", and \(missingKeys.count - 8) more" : ""
        return Diagnostic(.note, "\(source): \(missingKeys.count) words missing, shown in English: \(shown)\(more)",
                          hint: "languages/en.yaml in bbreport's source has every key")
    }
}
