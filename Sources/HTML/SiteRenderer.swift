import Foundation
import Pages
import Theme

/// Turns pages into HTML: Markdown through cmark-gfm, then the page's template.
public struct SiteRenderer: Sendable {
    let markdown = MarkdownRenderer()
    let templates: Templates

    public init(templates: Templates) {
        self.templates = templates
    }

    /// The HTML document of `page`.
    public func html(for page: Page) throws(TemplateError) -> String {
        try templates.render(resolved(page.context) as! [String: Any], template: page.template)
    }

    /// The stylesheets every page links: generated theme tokens and the layout.
    public var stylesheets: [(path: SitePath, text: String)] {
        [(SiteMap.themeStylesheet, ThemeCSS.stylesheet), (SiteMap.layoutStylesheet, templates.layoutStylesheet)]
    }

    /// `value` with every ``MarkdownText`` in it rendered to HTML.
    private func resolved(_ value: Any) -> Any {
        switch value {
        case let text as MarkdownText:
            return decorated(markdown.html(text.source), categories: text.itemCategories)
        case let dictionary as [String: Any]:
            return dictionary.mapValues(resolved)
        case let array as [[String: Any]]:
            return array.map { resolved($0) as! [String: Any] }
        default:
            return value
        }
    }

    /// Gives the n-th list item the n-th category's class and icon. The list comes from
    /// our own escaped Markdown, so it has exactly one `<li>` per category.
    private func decorated(_ html: String, categories: [String]) -> String {
        guard !categories.isEmpty else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + categories.count * 200)
        var rest = html[...]
        var index = 0
        while let open = rest.firstRange(of: "<li>"), index < categories.count {
            let category = categories[index]
            result += rest[..<open.lowerBound]
            result += "<li class=\"entry entry-\(category)\">"
            result += Theme.Category(rawValue: category).map(Icons.inline) ?? ""
            result += "<span>"
            rest = rest[open.upperBound...]
            if let close = rest.firstRange(of: "</li>") {
                result += rest[..<close.lowerBound]
                result += "</span>"
                rest = rest[close.lowerBound...]
            }
            index += 1
        }
        result += rest
        return result
    }
}
