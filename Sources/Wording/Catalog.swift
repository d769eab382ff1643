import Foundation
import Yams

/// A language's words as read from its file in `languages/`: every text a page shows,
/// by key, a text alone or one per plural category.
///
/// ```yaml
/// name: Deutsch
/// words:
///   entries: Einträge
///   feeds:
///     one: "{count} Mahlzeit"
///     other: "{count} Mahlzeiten"
/// ```
/// A catalog for a region (`en-GB.yaml`) names its language as `base: en` and holds
/// only the words that differ.
public struct Catalog: Sendable {
    public enum Entry: Sendable, Equatable {
        case text(Message)
        case plural([PluralCategory: Message])
    }

    /// The language's own name for itself: `Deutsch`.
    public let name: String
    /// `rtl` for a language written right to left.
    public let isRightToLeft: Bool
    /// The catalog this one completes, for a region's words.
    public let base: String?
    public let entries: [String: Entry]

    public init(name: String, isRightToLeft: Bool = false, base: String? = nil, entries: [String: Entry]) {
        self.name = name
        self.isRightToLeft = isRightToLeft
        self.base = base
        self.entries = entries
    }

    /// The catalog written in `text`, read from `file` (named in errors with line and column).
    public init(yaml text: String, file: String) throws(CatalogError) {
        // An alias repeats what it names: a few lines of them make a thousand-megabyte text.
        if let (line, column) = Self.anchorOrAlias(in: text) {
            throw CatalogError(file: file, line: line, column: column,
                               message: "an anchor or alias (&name, *name): a language file writes each text out; YAML's repeats are not read")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { throw CatalogError(file: file, line: 1, column: 1, message: "the file is empty") }
            root = node
        } catch let error as CatalogError {
            throw error
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
                throw CatalogError(file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
            default:
                throw CatalogError(file: file, line: 1, column: 1, message: "not valid YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
            }
        } catch {
            throw CatalogError(file: file, line: 1, column: 1, message: "not valid YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
        }
        guard let top = root.mapping else { throw CatalogError(file: file, at: root, "expected keys `name` and `words`") }
        var name: String?, isRightToLeft = false, base: String?, entries: [String: Entry] = [:]
        for (key, value) in top {
            switch key.string {
            case "name": name = value.string
            case "direction":
                guard let direction = value.string, ["ltr", "rtl"].contains(direction) else {
                    throw CatalogError(file: file, at: value, "direction is ltr or rtl")
                }
                isRightToLeft = direction == "rtl"
            case "base": base = value.string
            case "words": entries = try Self.entries(value, file: file)
            default: throw CatalogError(file: file, at: key, "unknown key `\(key.string ?? "")`; expected name, direction, base or words")
            }
        }
        guard let name else { throw CatalogError(file: file, at: root, "the catalog has no `name`") }
        self.init(name: name, isRightToLeft: isRightToLeft, base: base, entries: entries)
    }

    private static func entries(_ node: Node, file: String) throws(CatalogError) -> [String: Entry] {
        guard let mapping = node.mapping else { throw CatalogError(file: file, at: node, "`words` holds a key per text") }
        var entries: [String: Entry] = [:]
        for (key, value) in mapping {
            guard let name = key.string else { throw CatalogError(file: file, at: key, "a key is text") }
            entries[name] = try entry(value, file: file)
        }
        return entries
    }

    /// The longest text a catalog gives one key, in characters: a page's longest phrase is
    /// a tenth of it.
    public static let longestText = 1_000

    /// Where the first anchor (`&name`) or alias (`*name`) outside quotes and comments is, if any.
    static func anchorOrAlias(in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var quote: Character?, previous: Character = " ", column = 0
            for character in line {
                column += 1
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "#" && previous.isWhitespace {
                    break
                } else if (character == "&" || character == "*") && (previous.isWhitespace || "[{,:-".contains(previous)) {
                    return (index + 1, column)
                }
                previous = character
            }
        }
        return nil
    }

    private static func entry(_ node: Node, file: String) throws(CatalogError) -> Entry {
        if let text = node.string, text.count > longestText {
            throw CatalogError(file: file, at: node, "a text of \(text.count) characters; a page's words are at most \(longestText) a key")
        }
        if let text = node.string {
            guard let message = Message(text) else { throw CatalogError(file: file, at: node, "a `{` without its `}` or an empty name") }
            return .text(message)
        }
        guard let mapping = node.mapping else { throw CatalogError(file: file, at: node, "expected a text or a plural's forms (one, other, …)") }
        var forms: [PluralCategory: Message] = [:]
        for (key, value) in mapping {
            guard let category = key.string.flatMap(PluralCategory.init(rawValue:)) else {
                throw CatalogError(file: file, at: key, "`\(key.string ?? "")` is not a plural form; use zero, one, two, few, many or other")
            }
            guard let text = value.string, text.count <= longestText, let message = Message(text) else {
                throw CatalogError(file: file, at: value, "a plural form is a text of at most \(longestText) characters, with its braces closed")
            }
            forms[category] = message
        }
        return .plural(forms)
    }
}

/// A catalog that cannot be read, where and why, as a compiler says it:
/// `de.yaml:12:5: error: …`.
public struct CatalogError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(file: String, at node: Node, _ message: String) {
        self.init(file: file, line: node.mark.map { $0.line } ?? 1, column: node.mark.map { $0.column } ?? 1, message: message)
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
