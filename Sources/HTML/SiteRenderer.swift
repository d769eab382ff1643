import Bytes
import Foundation
import Pages
import Speed
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

    /// The HTML document of `page`, as the bytes of its file.
    public func document(for page: Page) throws(TemplateError) -> Data {
        try templates.document(resolved(page.context) as! [String: Any], template: page.template)
    }

    /// The stylesheet of the theme tokens every page links, generated from the program's
    /// own theme definitions: the same for every archive it makes.
    public var themeStylesheet: String { ThemeCSS.stylesheet }

    /// `BBREPORT_WITHOUT=generated-markdown` renders all Markdown with cmark-gfm: the pages
    /// must not change (a test builds the sample both ways).
    static let cmarkOnly = !SpeedMechanism.generatedMarkdown.isOn

    /// `value` with every ``MarkdownText`` in it rendered to HTML.
    private func resolved(_ value: Any) -> Any {
        // Text, flags and numbers are most values: told apart by their exact type, a
        // comparison of metadata, before any cast (a cast from `Any` costs far more).
        let type = type(of: value)
        if type == String.self || type == Bool.self || type == Int.self || type == Markup.self { return value }
        // The language's words: only text, the same dictionary on every page.
        if type == PageWords.self { return (value as! PageWords).values }
        // Page data's own dictionaries and lists, likewise: a conditional cast of a
        // collection goes through the runtime's element-by-element machinery.
        if type == [String: Any].self { return resolved(object: value as! [String: Any]) }
        if type == [[String: Any]].self { return (value as! [[String: Any]]).map(resolved(object:)) }
        switch value {
        case let text as MarkdownText:
            let generated = text.isGenerated && !Self.cmarkOnly ? GeneratedMarkdown.html(text.source) : nil
            // Bytes from here on: each String made on the way would check all the UTF-8 again.
            let html = generated ?? Array(markdown.html(text.source).utf8)
            return Markup(bytes: TableLabels.labelled(decorated(html, categories: text.itemCategories)))
        case let dictionary as [String: Any]:
            return resolved(object: dictionary)
        case let array as [[String: Any]]:
            return array.map(resolved(object:))
        default:
            return value
        }
    }

    private func resolved(object: [String: Any]) -> [String: Any] {
        object.mapValues(resolved)
    }

    /// Each kind of event's list item opening, its category's class and its icon, made once.
    private static let openings = Dictionary(uniqueKeysWithValues: EventIcon.allCases.map { ($0.rawValue, opening($0.rawValue)) })

    private static func opening(_ kind: String) -> [UInt8] {
        let icon = EventIcon(rawValue: kind)
        return Array(("<li class=\"entry entry-\(icon?.category.rawValue ?? kind)\">" + (icon.map(Icons.inline) ?? "") + "<span>").utf8)
    }

    /// Gives the n-th list item the n-th category's class and icon. The list comes from
    /// our own escaped Markdown, so it has exactly one `<li>` per category. Works on UTF-8
    /// bytes: the tags are ASCII, and String searching was a tenth of the build.
    private func decorated(_ bytes: [UInt8], categories: [String]) -> [UInt8] {
        guard !categories.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + categories.count * 220)
        let open = Array("<li>".utf8)
        let close = Array("</li>".utf8)
        var position = 0
        var index = 0
        while index < categories.count, let start = ByteSearch.find(open, in: bytes, from: position) {
            let category = categories[index]
            result += bytes[position..<start]
            result += Self.openings[category] ?? Self.opening(category)
            position = start + open.count
            if let end = ByteSearch.find(close, in: bytes, from: position) {
                result += bytes[position..<end]
                result.append(contentsOf: "</span>".utf8)
                position = end
            }
            index += 1
        }
        result += bytes[position...]
        return result
    }
}
