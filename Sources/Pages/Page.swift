/// One page of the archive, before it becomes HTML: where it goes, its title, and
/// its text as GitHub-flavoured Markdown.
public struct Page: Sendable {
    public let path: SitePath
    public let title: String
    /// The page's text. Our own words are escaped; notes are the family's Markdown.
    public let markdown: String

    public init(path: SitePath, title: String, markdown: String) {
        self.path = path
        self.title = title
        self.markdown = markdown
    }
}
