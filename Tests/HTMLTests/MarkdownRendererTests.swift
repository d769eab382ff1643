import Dispatch
import CCmarkGFM
import Foundation
import HTML
import Testing

@Suite struct MarkdownRendererTests {
    let renderer = MarkdownRenderer()

    @Test("a note with a paragraph too long for cmark-gfm is plain text, escaped, its lines kept; shorter paragraphs are formatted")
    func overlongParagraph() {
        let line = "word *emph* **strong** [link](x.html) <b>bold</b> | a |\n"
        let long = String(repeating: line, count: 400)
        #expect(long.utf8.count > 20_000)
        let html = renderer.html("First.\n\n" + long)
        #expect(html.hasPrefix("<p><em>This note is shown as plain text: a paragraph of it is too long to format.</em></p>\n<p>First.</p>\n<p>word *emph*"))
        #expect(!html.contains("<strong>") && !html.contains("<b>") && !html.contains("<a "))
        #expect(html.components(separatedBy: "&lt;b&gt;bold&lt;/b&gt;").count - 1 == 400)
        #expect(html.components(separatedBy: "<br />").count - 1 == 400)
        #expect(renderer.plainText(long) == long)
        // The same lines with a blank line every hundred: each paragraph is formatted.
        let apart = (0..<4).map { _ in String(repeating: line, count: 100) }.joined(separator: "\n")
        let formatted = renderer.html(apart)
        #expect(formatted.components(separatedBy: "<strong>strong</strong>").count - 1 == 400)
        #expect(!formatted.contains("plain text"))
    }

    @Test("GitHub extensions: tables, strikethrough, autolinks, task lists")
    func extensions() {
        #expect(renderer.html("| a | b |\n|---|---|\n| 1 | 2 |\n").contains("<table>"))
        #expect(renderer.html("~~no~~").contains("<del>no</del>"))
        #expect(renderer.html("see https://example.org now").contains(#"<a href="https://example.org">"#))
        #expect(renderer.html("- [x] done\n- [ ] not yet\n").contains(#"<input type="checkbox" checked="" disabled="" />"#))
    }

    @Test("safe mode: raw HTML and script links never reach the page", arguments: [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(1))",
        "[click](JAVASCRIPT:alert(1))",
        "<iframe src=\"https://example.org\"></iframe>",
        "<svg onload=alert(1)>",
        "[x](vbscript:msgbox(1))",
        "<a href=\"javascript:alert(1)\">x</a>",
        "</title><script>alert(1)</script>",
    ])
    func safe(markdown: String) {
        let html = renderer.html(markdown).lowercased()
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("vbscript:"))
        #expect(!html.contains("onerror="))
        #expect(!html.contains("onload="))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("<svg"))
        #expect(!html.contains("<img"))
    }

    @Test("an image in a note becomes a link to it: no page loads anything from outside the archive", arguments: [
        ("![the scan](https://clinic.example/scan.png)", #"<p><a href="https://clinic.example/scan.png">the scan</a></p>"#),
        ("![](https://tracker.example/pixel.gif \"t\")", #"<p><a href="https://tracker.example/pixel.gif" title="t">https://tracker.example/pixel.gif</a></p>"#),
        ("![x](//evil.example/a.png)", #"<p><a href="//evil.example/a.png">x</a></p>"#),
        ("![x](data:image/png;base64,iVBORw0KGgo=)", #"<p><a href="data:image/png;base64,iVBORw0KGgo=">x</a></p>"#),
        ("![x](javascript:alert(1))", #"<p><a href="">x</a></p>"#),
        ("See [![badge](https://b.example/b.svg)](https://b.example)", #"<p>See <a href="https://b.example">badge</a></p>"#),
        ("<img src=\"https://evil.example/x.png\">", "<!-- raw HTML omitted -->"),
    ])
    func imagesBecomeLinks(markdown: String, html: String) {
        let rendered = renderer.html(markdown)
        #expect(rendered.trimmingCharacters(in: .whitespacesAndNewlines) == html)
        #expect(!rendered.contains("<img"))
    }

    @Test("rendering from many threads and several renderers at once gives the same HTML every time")
    func concurrent() {
        let markdown = "Temp **37.1 °C**, ~~fever~~ fine. See https://example.org and *this*.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let expected = renderer.html(markdown)
        #expect(expected.contains("<del>fever</del>") && expected.contains("<a href=\"https://example.org\">"))
        // Separate renderers share cmark-gfm's global state, so they must share the lock too.
        let renderers = (0..<8).map { _ in MarkdownRenderer() }
        let results = (0..<8).map { _ in ResultBox() }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            var same = true
            for _ in 0..<200 where renderers[index].html(markdown) != expected {
                same = false
            }
            results[index].set(same)
        }
        #expect(results.allSatisfy { $0.value })
    }
}

/// A flag one thread sets and the test reads after all threads are done.
final class ResultBox: @unchecked Sendable {
    private(set) var value = false
    func set(_ value: Bool) { self.value = value }
}

/// A note's Markdown twin is safe where a renderer is not: raw HTML shows as typed and a
/// link to a script is only its text, whichever renderer shows the `.md` file.
@Suite struct NeutralisedNoteTests {
    /// `markdown` as a renderer that lets raw HTML and every link through shows it.
    static func unsafeHTML(_ markdown: String) -> String {
        let pointer = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_UNSAFE)!
        defer { free(pointer) }
        return String(cString: pointer)
    }

    @Test("raw HTML, script links in every spelling, and data: images and pages, in a renderer that is not in safe mode", arguments: [
        "<script>alert(1)</script>",
        "Slept <b>well</b> <img src=x onerror=alert(1)>",
        "[tap](javascript:alert(1))",
        "[tap](JaVaScRiPt&#58;alert(1)) and [tap](java&#x09;script:alert(1))",
        "<javascript:alert(1)>",
        "![pic](data:text/html;base64,PHNjcmlwdD4=)",
        "[ref]\n\n[ref]: vbscript:msgbox(1)",
        "<div onclick=\"x()\">\nhello\n</div>\n\nafter",
    ])
    func nothingLetThrough(note: String) throws {
        let safe = try #require(MarkdownRenderer.neutralised(note))
        let html = Self.unsafeHTML(safe).lowercased()
        // Text that shows `onerror=` escaped is harmless; tags and addresses are not.
        for forbidden in ["<script", "<img", "<b>", "<div", "href=\"java", "href=\"vbscript", "href=\"data", "src=\"data"] {
            #expect(!html.contains(forbidden), "\(note) → \(safe) → \(html)")
        }
        #expect(MarkdownRenderer.neutralised(safe) == nil, "neutralised twice: \(safe)")
    }

    @Test("what a parent typed stays readable: the HTML's text is there, as typed; a safe note is not touched")
    func typedTextKept() throws {
        let safe = try #require(MarkdownRenderer.neutralised("Slept <b>well</b> after [the bath](https://example.org) and [x](javascript:go())"))
        #expect(Self.unsafeHTML(safe).contains("Slept &lt;b&gt;well&lt;/b&gt; after <a href=\"https://example.org\">the bath</a> and x"), "\(safe)")
        for note in ["Fed at 3:00, 90 ml — *sleepy*", "See [the clinic](https://example.org/a) today", "a < b but > c", "![ok](data:image/png;base64,AAAA)"] {
            #expect(MarkdownRenderer.neutralised(note) == nil, "\(note)")
        }
    }
}
