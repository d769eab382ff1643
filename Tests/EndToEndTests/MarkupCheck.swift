import Foundation

/// Reads the tags of a page (text cannot hold a raw `<`: both our templates and
/// cmark-gfm escape it) and reports any element or attribute that could run script,
/// load something or restyle the page, beyond those the archive itself uses.
enum MarkupCheck {
    /// Every element the templates and cmark-gfm produce.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "link", "body", "a", "nav", "ol", "ul", "li", "span", "main", "header",
        "footer", "section", "article", "figure", "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em",
        "del", "code", "pre", "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "abbr",
        "details", "summary", "input", "img", "script", "form", "label",
        "svg", "symbol", "path", "g", "rect", "use", "line", "text", "desc",
    ]

    static func problems(in html: String) -> [String] {
        let tags = try! NSRegularExpression(pattern: #"<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>"#)
        let attributes = try! NSRegularExpression(pattern: #"([^\s=/]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?"#)
        var problems: [String] = []
        for match in tags.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let name = String(html[Range(match.range(at: 1), in: html)!]).lowercased()
            let rest = String(html[Range(match.range(at: 2), in: html)!])
            if !allowedElements.contains(name) {
                problems.append("<\(name)>")
                continue
            }
            for attribute in attributes.matches(in: rest, range: NSRange(rest.startIndex..., in: rest)) {
                let key = String(rest[Range(attribute.range(at: 1), in: rest)!]).lowercased()
                let value = attribute.range(at: 2).location == NSNotFound ? "" : String(rest[Range(attribute.range(at: 2), in: rest)!])
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
                if key.hasPrefix("on") || key == "style" || key == "srcdoc" || key == "formaction" {
                    problems.append("<\(name) \(key)=…>")
                }
                if ["href", "src", "action", "xlink:href"].contains(key),
                   value.hasPrefix("javascript:") || value.hasPrefix("vbscript:") || value.hasPrefix("data:") {
                    problems.append("<\(name) \(key)=\(value.prefix(20))…>")
                }
            }
            if name == "input" && !rest.contains("type=\"checkbox\"") && !rest.hasPrefix(#" class="search-input" id="search-box" type="search""#) {
                problems.append("<input> that is neither a task-list checkbox nor the search box")
            }
            if name == "script", rest.range(of: #"^ src="(\.\./)?assets/(search|search-index)\.js" defer$"#, options: .regularExpression) == nil {
                problems.append("<script\(rest)> that is not the search box's")
            }
            if name == "form" && !rest.hasPrefix(#" class="search" role="search" hidden"#) { problems.append("<form> that is not the search box") }
            if name == "link" && !rest.contains("rel=\"stylesheet\"") { problems.append("<link> that is not our stylesheet") }
            if name == "meta" && rest.contains("refresh") { problems.append("<meta refresh>") }
        }
        return problems
    }
}
