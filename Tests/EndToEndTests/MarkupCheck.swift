import Foundation

/// Reads every element of a page as a browser's parser builds it (libxml2's HTML parser)
/// and reports any element or attribute that could run script, load something or restyle
/// the page, beyond those the archive itself uses.
enum MarkupCheck {
    /// Every element the templates and cmark-gfm produce.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "link", "body", "a", "nav", "ol", "ul", "li", "span", "main", "header",
        "footer", "section", "article", "figure", "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em",
        "del", "code", "pre", "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "abbr",
        "details", "summary", "input", "img", "script", "form", "label", "fieldset", "legend",
        "svg", "symbol", "path", "g", "rect", "use", "line", "text", "desc", "polygon", "polyline", "circle",
    ]

    /// What in `html`, read as a browser's parser reads it, could run script, load something
    /// or restyle the page.
    static func problems(in html: String) -> [String] {
        guard let page = try? HTMLDocument(html) else { return ["a page libxml2 cannot parse"] }
        return problems(in: page)
    }

    static func problems(in page: HTMLDocument) -> [String] {
        page.all("*").flatMap(problems(of:))
    }

    static func problems(of element: HTMLElement) -> [String] {
        let name = element.name
        guard allowedElements.contains(name) else { return ["<\(name)>"] }
        let attributes = element.attributes
        var problems: [String] = []
        for (key, value) in attributes {
            if key.hasPrefix("on") || key == "style" || key == "srcdoc" || key == "formaction" {
                problems.append("<\(name) \(key)=…>")
            }
            let address = value.trimmingCharacters(in: .whitespaces).lowercased()
            if ["href", "src", "action", "xlink:href"].contains(key),
               address.hasPrefix("javascript:") || address.hasPrefix("vbscript:") || address.hasPrefix("data:") {
                problems.append("<\(name) \(key)=\(address.prefix(20))…>")
            }
        }
        let said = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        switch name {
        case "input" where said["type"] != "checkbox" && !(said["class"] == "search-input" && said["id"] == "search-box" && said["type"] == "search")
            && !(said["type"] == "radio" && said["name"] == "diary-view" && ["diary-view-day", "diary-view-double"].contains(said["id"] ?? "")):
            problems.append("<input> that is neither a task-list checkbox, the search box nor the diary's view")
        case "script" where Set(said.keys) != ["src", "defer"]
            || (said["src"] ?? "").wholeMatch(of: /(\.\.\/)?assets\/(search|search-index)\.js/) == nil:
            problems.append("<script\(attributes.map { " \($0.name)=\"\($0.value)\"" }.joined())> that is not the search box's")
        case "form" where !(said["class"] == "search" && said["role"] == "search" && said["hidden"] != nil):
            problems.append("<form> that is not the search box")
        case "link" where said["rel"] != "stylesheet"
            && !(said["rel"] == "alternate" && said["type"] == "application/atom+xml" && said["href"] == "feed.xml"):
            problems.append("<link> that is neither our stylesheet nor the home's feed")
        case "meta" where attributes.contains { $0.value.lowercased().contains("refresh") }:
            problems.append("<meta refresh>")
        default:
            break
        }
        return problems
    }
}
