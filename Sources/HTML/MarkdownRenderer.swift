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

    /// The HTML for `markdown`.
    public func html(_ markdown: String) -> String {
        parsed(markdown) { root, parser in
            // The parser's own extension list: passing NULL here would silently drop tagfilter.
            cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))
        }
    }

    /// The text of `markdown` without its markup, for searching: emphasis, links and
    /// list marks gone, words and line breaks kept.
    public func plainText(_ markdown: String) -> String {
        parsed(markdown) { root, _ in
            cmark_render_plaintext(root, CMARK_OPT_DEFAULT, 0)
        }
    }

    /// Parses `markdown` with the GFM extensions and returns what `render` makes of the tree.
    private func parsed(_ markdown: String,
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
