import HTML
import Pages
import Sample
import Testing

/// Our own text escaped for Markdown, read back through the real cmark-gfm: whatever
/// the text, and wherever the pages put it (a paragraph, a list item, a table cell), it
/// renders as the same words, with no emphasis, link, tag, code or block it did not have.
@Suite struct MarkdownEscapingTests {
    let renderer = MarkdownRenderer()

    /// Pieces that mean something to Markdown somewhere, and plain ones.
    static let pieces: [String] = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        + ["\n", "\r\n", "\t", "é", "日本", "\u{2028}", "\u{85}", "&amp;", "&#35;", "&copy", "1.", "2)", "10. ", "---", "***", "===",
           "www.example.org", "https://x.org/a_b", "a@b.co", "**", "__", "``", "~~", "<b>", "](x)", "![", "  "]

    /// What a reader sees: tags dropped, entities read, runs of white space as one.
    static func seen(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false } else if !inTag { text.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// The literal text as it should read: line breaks as spaces, white space runs as one.
    static func literal(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    @Test("20,000 random texts read literally in a paragraph, a list item and a table cell")
    func literally() {
        var random = RandomSource(seed: 48)
        for _ in 0..<20_000 {
            let text = (0..<random.integer(1...8)).map { _ in Self.pieces[random.integer(0...(Self.pieces.count - 1))] }.joined()
            let expected = Self.literal(text)
            guard !expected.isEmpty else { continue }
            let escaped = Markdown.escaped(text)
            for (context, markdown) in [("paragraph", escaped + "\n"), ("list item", "- " + escaped + "\n"),
                                        ("table cell", "| a |\n|---|\n| " + escaped + " |\n")] {
                let html = renderer.html(markdown)
                // A table's text begins with its header, `a`.
                let seen = context == "table cell" ? String(Self.seen(html).dropFirst(2)) : Self.seen(html)
                #expect(seen == expected, "\(context): \(text.debugDescription) → \(escaped.debugDescription) → \(html.debugDescription)")
                #expect(!html.contains("<em>") && !html.contains("<strong>") && !html.contains("<code>") && !html.contains("<del>")
                        && !html.contains("<h") && !html.contains("<blockquote>") && !html.contains("<ol>") && !html.contains("<hr"),
                        "\(context): \(text.debugDescription) → \(html.debugDescription)")
            }
        }
    }
}
