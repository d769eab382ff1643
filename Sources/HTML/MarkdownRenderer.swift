import Bytes
import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown to HTML through the system's cmark-gfm, in safe mode:
/// raw HTML in a note becomes a comment and `javascript:` links lose their target.
public final class MarkdownRenderer: Sendable {
    /// The GFM extensions every page is parsed with.
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    // cmark-gfm edits a table global to the library on every parse (an open upstream
    // bug), so parsing is serialised across every renderer in the process, not per
    // instance; rendering the finished tree is safe to run in parallel.
    private static let parseLock = NSLock()

    public init() {
        _ = MarkdownRenderer.registration
    }

    /// Registers the core extensions exactly once, before any parse (its check is not atomic).
    private static let registration: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()

    /// The longest paragraph (bytes between blank lines) given to cmark-gfm. This version
    /// of cmark-gfm takes time growing with the square of a paragraph's length for some
    /// mixes of emphasis and links (a paragraph of 490 KB took 7.5 s, one of 1.5 MB over
    /// two minutes); a note with a longer one is shown as plain text, saying why.
    static let longestParagraph = 20_000

    /// Whether some paragraph of `markdown` is longer than ``longestParagraph``.
    static func hasOverlongParagraph(_ markdown: String) -> Bool {
        guard markdown.utf8.count > longestParagraph else { return false }
        var run = 0
        for line in markdown.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                run = 0
            } else {
                run += line.count + 1
                if run > longestParagraph { return true }
            }
        }
        return false
    }

    /// `text` as plain paragraphs, escaped, its line breaks kept, under a line that says why.
    static func plainHTML(_ text: String) -> String {
        var html = "<p><em>This note is shown as plain text: a paragraph of it is too long to format.</em></p>\n"
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.allSatisfy(\.isWhitespace) {
            html += "<p>" + paragraph.split(separator: "\n", omittingEmptySubsequences: false)
                .map { MarkupText.escaped(String($0)) }.joined(separator: "<br />\n") + "</p>\n"
        }
        return html
    }

    /// The HTML for `markdown`. An image becomes a link to where it is: the archive holds
    /// no images of its notes, and a page must never load anything from outside it.
    public func html(_ markdown: String) -> String {
        if Self.hasOverlongParagraph(markdown) { return Self.plainHTML(markdown) }
        return parsed(markdown) { root, parser in
            Self.replaceImagesWithLinks(in: root)
            // The parser's own extension list: passing NULL here would silently drop tagfilter.
            return cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))
        }
    }

    /// Turns every image node under `root` into a link with the same address and title,
    /// showing the image's description (or, without one, its address); an image inside a
    /// link becomes its description.
    private static func replaceImagesWithLinks(in root: OpaquePointer) {
        var images: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_IMAGE {
                images.append(node)
            }
        }
        cmark_iter_free(iterator)
        for image in images {
            // Inside a link already, the description alone stands in (links do not nest).
            var ancestor = cmark_node_parent(image)
            while let node = ancestor, cmark_node_get_type(node) != CMARK_NODE_LINK { ancestor = cmark_node_parent(node) }
            if ancestor != nil {
                while let child = cmark_node_first_child(image) { cmark_node_insert_before(image, child) }
                cmark_node_free(image)
                continue
            }
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            let url = cmark_node_get_url(image)
            cmark_node_set_url(link, url)
            cmark_node_set_title(link, cmark_node_get_title(image))
            while let child = cmark_node_first_child(image) {
                cmark_node_append_child(link, child)
            }
            if cmark_node_first_child(link) == nil, let text = cmark_node_new(CMARK_NODE_TEXT) {
                cmark_node_set_literal(text, url)
                cmark_node_append_child(link, text)
            }
            cmark_node_replace(image, link)
            cmark_node_free(image)
        }
    }

    /// The text of `markdown` without its markup, for searching: emphasis, links and
    /// list marks gone, words and line breaks kept.
    public func plainText(_ markdown: String) -> String {
        if Self.hasOverlongParagraph(markdown) { return markdown }
        return parsed(markdown) { root, _ in
            cmark_render_plaintext(root, CMARK_OPT_DEFAULT, 0)
        }
    }

    /// Parses `markdown` with the GFM extensions and returns what `render` makes of the tree.
    func parsed(_ markdown: String,
                        render: (_ root: OpaquePointer, _ parser: OpaquePointer) -> UnsafeMutablePointer<CChar>?) -> String {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in MarkdownRenderer.extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        let root: OpaquePointer? = MarkdownRenderer.parseLock.withLock {
            markdown.utf8CString.withUnsafeBufferPointer { buffer in
                cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
            }
            return cmark_parser_finish(parser)
        }
        guard let root else { return "" }
        defer { cmark_node_free(root) }
        guard let rendered = render(root, parser) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
