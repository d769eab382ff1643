@testable import HTML
import Mustache

/// What swift-mustache's own parser makes of a template, read from its tokens through
/// reflection (as bbreport once read them): the parser's tests compare ``TemplateParser``
/// with it.
extension TemplateProgram {
    /// The program of `template`, or nil when it uses something the runner leaves to the library.
    init?(_ template: MustacheTemplate) {
        guard let tokens = Self.children(of: template)["tokens"] as? [Any] else { return nil }
        var nodes: [Node] = []
        for token in tokens {
            guard let node = Self.node(token) else { return nil }
            nodes.append(node)
        }
        self.init(nodes: nodes)
    }

    /// One parsed token (an enum case of the library's, read through reflection) as a node.
    private static func node(_ token: Any) -> Node? {
        guard let (kind, payload) = Mirror(reflecting: token).children.first.map({ ($0.label ?? "", $0.value) }) else { return nil }
        // Text, the most common token, is read without reflecting on its fields.
        if kind == "text" {
            guard let text = payload as? String else { return nil }
            return .text(Array(text.utf8))
        }
        let fields = children(of: payload)
        func noTransforms() -> Bool { (fields["transforms"] as? [String])?.isEmpty ?? false }
        func program(_ key: String) -> TemplateProgram? { (fields[key] as? MustacheTemplate).flatMap(TemplateProgram.init(_:)) }
        switch kind {
        case "variable", "unescapedVariable":
            guard let name = fields["name"] as? String, noTransforms() else { return nil }
            return .variable(Name(name), escaped: kind == "variable")
        case "section", "invertedSection":
            guard let name = fields["name"] as? String, noTransforms(), let body = program("template") else { return nil }
            return .section(Name(name), body, inverted: kind == "invertedSection")
        case "blockExpansion":
            guard let name = fields["name"] as? String, let body = program("default") else { return nil }
            return .block(name, body, indentation: fields["indentation"] as? String)
        case "partial":
            // (name, indentation: String?, inherits: [String: MustacheTemplate]?), unlabelled first.
            let values = Mirror(reflecting: payload).children.map(\.value)
            guard values.count == 3, let name = values[0] as? String else { return nil }
            var overrides: [String: TemplateProgram]?
            if let inherits = values[2] as? [String: MustacheTemplate] {
                var programs: [String: TemplateProgram] = [:]
                for (block, template) in inherits {
                    guard let body = TemplateProgram(template) else { return nil }
                    programs[block] = body
                }
                overrides = programs
            }
            return .partial(name, indentation: values[1] as? String, overrides: overrides)
        default:
            // dynamicNamePartial, contentType, blockDefinition: left to the library.
            return nil
        }
    }

    /// The labelled fields of a struct or tuple, unwrapping optionals that hold a value.
    private static func children(of value: Any) -> [String: Any] {
        var fields: [String: Any] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            // An optional field unwrapped by a cast, not by reflecting on it too.
            if let optional = child.value as? any OptionalField {
                if let wrapped = optional.wrapped { fields[label] = wrapped }
            } else {
                fields[label] = child.value
            }
        }
        return fields
    }
}

/// An optional token field, whatever it wraps.
private protocol OptionalField {
    var wrapped: Any? { get }
}

extension Optional: OptionalField {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}
