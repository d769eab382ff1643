import Hashing

/// One page of the archive before it becomes HTML: where it goes, the template that
/// lays it out and the data for it, and the page as Markdown.
public struct Page {
    public let path: SitePath
    /// The template's name, e.g. `day` for `templates/day.mustache`.
    public let template: String
    public let title: String
    /// What the template receives. ``MarkdownText`` values anywhere in it are rendered
    /// to HTML by cmark-gfm before the template runs. Objects in it are `[String: Any]` and
    /// lists `[[String: Any]]`, even when every value is text: the renderer tells those
    /// apart by their exact type, and casts anything else element by element.
    public let context: [String: Any]
    /// The page's text as GitHub-flavoured Markdown (written as `.md` on request).
    public let markdown: String

    public init(path: SitePath, template: String, title: String, context: [String: Any], markdown: String) {
        self.path = path
        self.template = template
        self.title = title
        self.context = context
        self.markdown = markdown
    }
}

/// Markdown placed by a template once rendered: a parent's note, or text bbreport writes.
public struct MarkdownText: Sendable, Equatable {
    public let source: String
    /// For a list: the class of each item in order (`feed`, `sleep`, …); the HTML stage
    /// gives each `<li>` its class and the matching icon.
    public let itemCategories: [String]
    /// Written by bbreport (tables, entry lists), not by a parent: the HTML stage may
    /// render it without cmark-gfm when it is sure to give the same HTML.
    public let isGenerated: Bool

    /// A parent's note, always rendered by cmark-gfm.
    public init(note source: String) {
        self.source = source
        itemCategories = []
        isGenerated = false
    }

    /// Markdown bbreport writes itself.
    public init(generated source: String, itemCategories: [String] = []) {
        self.source = source
        self.itemCategories = itemCategories
        isGenerated = true
    }
}

/// A page not made yet: where it will go, how to make it, and (for pages about days and
/// the themes page) a key that changes whenever anything the page shows changes, so that
/// a page whose key the previous build recorded need not be made again.
public struct PagePlan: Sendable {
    public let path: SitePath
    /// Nil for pages that are always made (homes, visit summaries, growth).
    public let key: ContentHash?
    /// For a day's own page: whose day, and its place in the child's days.
    public let day: (child: ChildSlug, index: Int)?
    public let make: @Sendable () -> Page

    public init(path: SitePath, key: ContentHash? = nil, day: (child: ChildSlug, index: Int)? = nil, make: @escaping @Sendable () -> Page) {
        self.path = path
        self.key = key
        self.day = day
        self.make = make
    }
}
