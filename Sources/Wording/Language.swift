import Timekeeping

/// The language a build's pages are written in: its words (a catalog, completed by
/// English's), the locale its dates and numbers follow, and its direction. A class: the
/// pages read the current one thousands of times, and a reference costs one count to pass.
public final class Language: Sendable, Equatable {
    /// The code as chosen, `de-AT`; `en-US` when nothing was.
    public let code: String
    /// The language alone, `de`: which plural rules apply, and `<html lang>`'s first part.
    public let languageCode: String
    /// The region a family chose with the language (`AT`), nil when it came from no choice
    /// (a `C` locale): units and paper then follow the export and the time zone.
    public let region: String?
    public let name: String
    public let isRightToLeft: Bool
    public let formats: LocaleFormats
    let entries: [String: Catalog.Entry]
    /// Every key's entry ready to say: a text without placeholders as it is (most of what
    /// pages ask for), found with one look-up.
    private let words: [String: Word]
    /// Durations said before, by whole minutes (a day's two days of them at most).
    let durations = Memo(count: 2 * 1440 + 1)
    /// The keys English has that the chosen catalog lacked (a family's own file's gaps).
    public let missingKeys: [String]
    /// The keys of a family's own catalog that no page uses (a typo, an older key).
    public let unknownKeys: [String]
    /// The file a family's own catalog was read from.
    public let source: String?
    /// Everything that shapes the pages' text, as one string: code, clock and every word.
    /// Two languages with the same identity write the same pages.
    public let identity: String

    /// The language of `catalog` (completed by `fallback`'s words), formatting for `code`.
    public init(code: String, region: String?, catalog: Catalog, fallback: Catalog?, clock: Clock? = nil, source: String? = nil) {
        self.source = source
        self.code = code
        languageCode = String(code.prefix { $0 != "-" })
        self.region = region
        name = catalog.name
        isRightToLeft = catalog.isRightToLeft
        formats = LocaleFormats(identifier: code, clock: clock)
        var entries = fallback?.entries ?? [:]
        entries.merge(catalog.entries) { _, own in own }
        self.entries = entries
        words = entries.mapValues(Word.init)
        missingKeys = fallback.map { Set($0.entries.keys).subtracting(catalog.entries.keys).sorted() } ?? []
        unknownKeys = fallback.map { Set(catalog.entries.keys).subtracting($0.entries.keys).sorted() } ?? []
        identity = ([code, region ?? "", clock?.rawValue ?? "", catalog.isRightToLeft ? "rtl" : "ltr"]
            + entries.keys.sorted().map { "\($0)=" + Self.text(of: entries[$0]!) }).joined(separator: "\n")
    }

    /// An entry's every text in a fixed order (a dictionary's own order changes from run to run).
    private static func text(of entry: Catalog.Entry) -> String {
        switch entry {
        case .text(let message): message.source
        case .plural(let forms): PluralCategory.allCases.compactMap { category in forms[category].map { "\(category.rawValue):\($0.source)" } }
            .joined(separator: "\u{1F}")
        }
    }

    public static func == (lhs: Language, rhs: Language) -> Bool {
        lhs.identity == rhs.identity
    }

    /// `<html dir>`.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// The text of `key` with `values` in its placeholders; the key itself when no catalog has it.
    public func text(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        switch words[key] {
        case .plain(let text): text
        case .message(let message): message.filled(values)
        case .plural(let forms): (forms[.other] ?? forms.values.first)?.filled(values) ?? key
        case nil: key
        }
    }

    /// The text of `key` in the form for `count`, with `{count}` in the locale's digits.
    public func text(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard case .plural(let forms) = words[key] else { return text(key, values) }
        let category = PluralCategory.of(count, in: languageCode)
        guard let message = forms[category] ?? forms[.other] else { return key }
        let number = formats.integer(count)
        return message.filled { name in name == "count" ? number : values.first { $0.key == name }?.value }
    }

    /// Every key's text with no placeholders filled, for the templates (`{{w.entries}}`).
    public var templateWords: [String: Any] {
        var words: [String: Any] = [:]
        for key in entries.keys { words[key] = text(key) }
        return words
    }

    /// The language of the current build (English outside one); each page is made with
    /// its site's language bound here.
    @TaskLocal public static var current: Language = .english
}

/// A catalog entry as ``Language/text(_:_:)`` says it.
private enum Word: Sendable {
    case plain(String)
    case message(Message)
    case plural([PluralCategory: Message])

    init(_ entry: Catalog.Entry) {
        switch entry {
        case .text(let message): self = message.names.isEmpty ? .plain(message.source) : .message(message)
        case .plural(let forms): self = .plural(forms)
        }
    }
}
