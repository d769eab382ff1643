import CCmarkGFM
import Foundation

extension MarkdownRenderer {
    /// `markdown` (a parent's note) safe in any renderer, not only in cmark-gfm's safe mode:
    /// the page's Markdown twin may be shown by a portal or an editor that renders raw HTML
    /// and follows any link. Raw HTML becomes the text it is, as typed; a link or image to a
    /// `javascript:`, `vbscript:`, `file:` or `data:` address becomes its text. Nil when
    /// the note has neither, so that every other note stays exactly as written.
    public static func neutralised(_ markdown: String) -> String? {
        guard markdown.contains("<") || markdown.contains("](") || markdown.contains("]:") else { return nil }
        // Too long for cmark-gfm (see ``longestParagraph``): every mark that opens HTML or a link is escaped.
        if hasOverlongParagraph(markdown) { return escapingHTMLAndLinks(markdown) }
        var changed = false
        let text = MarkdownRenderer().parsed(markdown) { root, _ in
            changed = neutralise(root)
            return changed ? cmark_render_commonmark(root, CMARK_OPT_DEFAULT, 0) : nil
        }
        return changed ? text : nil
    }

    /// Whether `url` is an address no note may link to (as cmark-gfm's safe mode reads one:
    /// the scheme in any letter case, blanks and control characters in it ignored, as
    /// browsers ignore them); images of the common kinds aside, as cmark-gfm leaves them.
    static func isDangerous(_ url: String) -> Bool {
        let squeezed = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
        if ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: squeezed.hasPrefix) { return false }
        return ["javascript:", "vbscript:", "file:", "data:"].contains(where: squeezed.hasPrefix)
    }

    /// Turns the raw HTML under `root` into text and unwraps links to dangerous addresses;
    /// whether anything changed.
    private static func neutralise(_ root: OpaquePointer) -> Bool {
        var html: [OpaquePointer] = [], links: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return false }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE: html.append(node)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(node), isDangerous(String(cString: url)) { links.append(node) }
            default: break
            }
        }
        cmark_iter_free(iterator)
        for node in html { replaceWithText(node) }
        for link in links.reversed() {
            while let child = cmark_node_first_child(link) { cmark_node_insert_before(link, child) }
            cmark_node_free(link)
        }
        return !html.isEmpty || !links.isEmpty
    }

    /// Puts the text of the raw HTML `node` in its place: inline, a text node; a block, a
    /// paragraph of its lines.
    private static func replaceWithText(_ node: OpaquePointer) {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
        guard let holder = isBlock ? cmark_node_new(CMARK_NODE_PARAGRAPH) : cmark_node_new(CMARK_NODE_TEXT) else { return }
        if isBlock {
            let lines = literal.split(separator: "\n", omittingEmptySubsequences: true)
            for (index, line) in lines.enumerated() {
                if index > 0, let softBreak = cmark_node_new(CMARK_NODE_SOFTBREAK) { cmark_node_append_child(holder, softBreak) }
                if let text = cmark_node_new(CMARK_NODE_TEXT) {
                    cmark_node_set_literal(text, String(line))
                    cmark_node_append_child(holder, text)
                }
            }
        } else {
            cmark_node_set_literal(holder, literal)
        }
        cmark_node_replace(node, holder)
        cmark_node_free(node)
    }

    /// `markdown` with a backslash before every `<`, `[` and `]`: no HTML, no link.
    private static func escapingHTMLAndLinks(_ markdown: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(markdown.utf8.count + 64)
        for character in markdown {
            if character == "<" || character == "[" || character == "]" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
