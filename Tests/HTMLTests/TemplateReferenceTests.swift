@testable import HTML
import Sample
import Testing

/// The hand-written reader of `{{>name}}` and `{{<name}}` tags against the regular
/// expression it replaced.
@Suite struct TemplateReferenceTests {
    /// What the regular expression finds, with the same line and column rules.
    static func byExpression(_ text: String) -> [TemplateReference] {
        text.matches(of: /\{\{\s*([<>])\s*([A-Za-z0-9_\/.-]+?)(?:\.mustache)?\s*\}\}/).map { match in
            let before = text[..<match.range.lowerBound]
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            return TemplateReference(kind: match.1 == ">" ? .include : .extend, name: String(match.2),
                                     line: before.count { $0 == "\n" } + 1, column: before[lineStart...].count + 1)
        }
    }

    @Test("tags with spaces, a .mustache ending, folders, three braces, on later lines")
    func examples() {
        let text = "{{< layout }}\nZoë {{$body}}{{> partials/entry.mustache }}{{/body}}\n  {{{>x}} {{>.mustache}} {{> a.mustache.b}} {{>}} {{ > y\n}}"
        let found = TemplateReference.all(in: text)
        #expect(found == Self.byExpression(text))
        #expect(found.map(\.name) == ["layout", "partials/entry", "x", ".mustache", "a.mustache.b", "y"])
        #expect(found[1].line == 2 && found[1].column == 14)
        #expect(found[2].kind == .include && found[0].kind == .extend)
    }

    @Test("random text of tag pieces reads as the regular expression reads it")
    func randomText() {
        let pieces = ["{{", "}}", "{", "}", ">", "<", " ", "\n", "a", "b.", ".mustache", "/", "-", "é", "\r\n", "x"]
        var generator = RandomSource(seed: 14)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TemplateReference.all(in: text) == Self.byExpression(text), "\(text.debugDescription)")
        }
    }
}
