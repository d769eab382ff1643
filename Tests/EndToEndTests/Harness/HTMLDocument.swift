import CLibXML2
import Foundation

/// A page read as a browser's parser reads it (libxml2's HTML parser), its elements found by
/// simple CSS selectors and their text read as a reader sees it.
final class HTMLDocument: @unchecked Sendable {
    fileprivate let document: htmlDocPtr

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(_ html: String, name: String = "page") throws {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        guard let parsed = html.withCString({ htmlReadMemory($0, Int32(strlen($0)), name, "UTF-8", options) }) else {
            throw Failure(description: "\(name): libxml2 could not parse it")
        }
        document = parsed
    }

    convenience init(contentsOf url: URL) throws {
        try self.init(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent)
    }

    deinit { xmlFreeDoc(document) }

    /// The page's `<html>` element.
    var root: HTMLElement {
        HTMLElement(document: self, node: xmlDocGetRootElement(document))
    }

    /// The elements `selector` selects, in document order.
    func all(_ selector: String) -> [HTMLElement] { root.all(selector) }

    /// The first element `selector` selects.
    func first(_ selector: String) -> HTMLElement? { all(selector).first }

    /// The text of each element `selector` selects.
    func texts(_ selector: String) -> [String] { all(selector).map(\.text) }

    /// What the body says, as one line.
    var text: String { first("body")?.text ?? "" }

    /// The nodes an XPath expression selects from `node`.
    fileprivate func nodes(_ xpath: String, from node: xmlNodePtr) -> [xmlNodePtr] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        context.pointee.node = node
        guard let result = xmlXPathEvalExpression(xpath, context) else {
            preconditionFailure("not an XPath expression: \(xpath)")
        }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { set.pointee.nodeTab[$0] }
    }
}

/// One element of an ``HTMLDocument`` (which it keeps alive).
struct HTMLElement: @unchecked Sendable, CustomStringConvertible {
    let document: HTMLDocument
    fileprivate let node: xmlNodePtr

    fileprivate init(document: HTMLDocument, node: xmlNodePtr?) {
        self.document = document
        self.node = node!
    }

    /// The tag's name, in lower case.
    var name: String { String(cString: node.pointee.name) }

    /// The attribute's value, entities read; nil when the element has none. Names are read
    /// in lower case, as the HTML parser keeps them (`viewBox` is `viewbox`).
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name.lowercased()) else { return nil }
        defer { bbreport_xml_free(value) }
        return String(cString: value)
    }

    /// Every attribute of the element, names in lower case, in the page's order.
    var attributes: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(document.document, current.pointee.children, 1)
            defer { bbreport_xml_free(value) }
            result.append((String(cString: current.pointee.name), value.map { String(cString: $0) } ?? ""))
            attribute = current.pointee.next
        }
        return result
    }

    /// The element's classes.
    var classes: [String] { (attribute("class") ?? "").split(separator: " ").map(String.init) }

    /// The elements under this one that `selector` selects, in document order.
    func all(_ selector: String) -> [HTMLElement] {
        all(xpath: Selector.xpath(selector))
    }

    func first(_ selector: String) -> HTMLElement? { all(selector).first }

    /// The elements an XPath expression selects from this one, for what a selector cannot
    /// say (`preceding::`, a text's content).
    func all(xpath: String) -> [HTMLElement] {
        document.nodes(xpath, from: node).map { HTMLElement(document: document, node: $0) }
    }

    /// The elements directly under this one.
    var children: [HTMLElement] {
        var result: [HTMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(HTMLElement(document: document, node: current)) }
            child = current.pointee.next
        }
        return result
    }

    /// What a reader reads of the element, as one line: its text with scripts and styles
    /// left out, a space where one block or cell ends and the next begins, and every run of
    /// white space (the no-break space among it) one space.
    var text: String {
        var pieces: [String] = []
        Self.collect(node, into: &pieces)
        return pieces.joined().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{00A0}" })
            .joined(separator: " ")
    }

    /// The element as markup, for a failing test's message.
    var description: String {
        guard let buffer = xmlBufferCreate() else { return "<\(name)>" }
        defer { xmlBufferFree(buffer) }
        htmlNodeDump(buffer, document.document, node)
        return String(cString: xmlBufferContent(buffer))
    }

    private static let unread: Set<String> = ["script", "style", "template", "head"]
    private static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
        "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "ul", "svg", "text", "desc",
    ]

    private static func collect(_ node: xmlNodePtr, into pieces: inout [String]) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let content = node.pointee.content { pieces.append(String(cString: content)) }
        case XML_ELEMENT_NODE:
            let name = String(cString: node.pointee.name)
            guard !unread.contains(name) else { return }
            let block = blocks.contains(name)
            if block { pieces.append(" ") }
            var child = node.pointee.children
            while let current = child {
                collect(current, into: &pieces)
                child = current.pointee.next
            }
            if block { pieces.append(" ") }
        default:
            break
        }
    }
}

/// CSS selectors of the simple kinds tests use, as XPath: `tag`, `.class`, `#id`, `[attr]`,
/// `[attr=value]` (value bare or quoted), compounds of them (`li.entry[data-kind=feed]`),
/// a space for a descendant and `>` for a child, and `,` between alternatives.
enum Selector {
    static func xpath(_ selector: String) -> String {
        selector.split(separator: ",").map { alternative in
            var path = "."
            var step = "//"
            for token in alternative.replacingOccurrences(of: ">", with: " > ").split(separator: " ") {
                if token == ">" { step = "/"; continue }
                path += step + compound(String(token))
                step = "//"
            }
            return path
        }.joined(separator: " | ")
    }

    /// One compound selector as an XPath step.
    private static func compound(_ token: String) -> String {
        var tag = "*"
        var tests: [String] = []
        var rest = Substring(token)
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "*" }
        if !name.isEmpty { tag = String(name); rest = rest.dropFirst(name.count) }
        while let first = rest.first {
            rest = rest.dropFirst()
            switch first {
            case ".", "#":
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                rest = rest.dropFirst(word.count)
                tests.append(first == "." ? "contains(concat(' ', normalize-space(@class), ' '), ' \(word) ')" : "@id='\(word)'")
            case "[":
                let inside = rest.prefix { $0 != "]" }
                rest = rest.dropFirst(inside.count + 1)
                let parts = inside.split(separator: "=", maxSplits: 1)
                if parts.count == 2 {
                    let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                    tests.append("@\(parts[0])='\(value)'")
                } else {
                    tests.append("@\(inside)")
                }
            default:
                preconditionFailure("not a selector this reader knows: \(token)")
            }
        }
        return tag + tests.map { "[\($0)]" }.joined()
    }
}
