/// A tag naming another template: `{{>name}}` includes it, `{{<name}}` extends it.
public struct TemplateReference: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case include
        case extend
    }

    public let kind: Kind
    /// The template named, without `.mustache`.
    public let name: String
    /// Where the tag starts, 1-based.
    public let line: Int
    public let column: Int

    /// Every such tag in `text`, in order.
    static func all(in text: String) -> [TemplateReference] {
        text.matches(of: /\{\{\s*([<>])\s*([A-Za-z0-9_\/.-]+?)(?:\.mustache)?\s*\}\}/).map { match in
            let before = text[..<match.range.lowerBound]
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            return TemplateReference(kind: match.1 == ">" ? .include : .extend, name: String(match.2),
                                     line: before.count { $0 == "\n" } + 1, column: before[lineStart...].count + 1)
        }
    }
}
