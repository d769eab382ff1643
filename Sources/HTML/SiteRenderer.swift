import Pages

/// Turns the site's pages into the bytes of their HTML files.
public struct SiteRenderer: Sendable {
    let markdown = MarkdownRenderer()
    let layout = PageLayout()

    public init() {}

    /// The HTML document of `page`.
    public func html(for page: Page) -> String {
        layout.document(for: page, body: markdown.html(page.markdown))
    }
}
