/// A template as swift-mustache parses it, in plain nodes that ``TemplateRunner`` renders
/// without the library's per-value protocol casts and string concatenation (made by
/// ``TemplateParser``). Only what the runner renders exactly as the library does is
/// taken: a template with transforms, dynamic partial names or a content-type tag has no
/// program, and the library renders it.
struct TemplateProgram: Sendable, Equatable {
    indirect enum Node: Sendable, Equatable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, TemplateProgram, inverted: Bool)
        case block(String, TemplateProgram, indentation: String?)
        case partial(String, indentation: String?, overrides: [String: TemplateProgram]?)
    }

    /// A variable's name, split at its dots once: `.`, `a`, `a.b` or `.a` (only the
    /// innermost object is searched).
    struct Name: Sendable, Equatable {
        let parts: [String]
        let isCurrent: Bool
        let innermostOnly: Bool

        init(_ name: String) {
            isCurrent = name == "."
            innermostOnly = !isCurrent && name.first == "."
            parts = name.split(separator: ".").map(String.init)
        }
    }

    let nodes: [Node]

    init(nodes: [Node]) {
        self.nodes = nodes
    }
}
