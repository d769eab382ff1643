import Bytes
import Foundation

/// Renders ``TemplateProgram``s into one byte buffer, with swift-mustache's exact rules
/// (context stack, sections over arrays and booleans, inherited blocks, partial
/// indentation, HTML escaping by character). Values it cannot be sure to render as the
/// library does (an optional, a struct, a set) stop it: the caller then lets the library
/// render the whole page.
struct TemplateRunner {
    struct Unsupported: Error {}

    let programs: [String: TemplateProgram]
    /// Every template's name, with a program or not.
    let names: Set<String>
    private let output = ByteBuffer(capacity: 64 * 1024)

    init(programs: [String: TemplateProgram], names: Set<String>) {
        self.programs = programs
        self.names = names
    }

    /// What a template renders in: the objects from outermost to innermost (each told
    /// apart once, when it is pushed), the indentation of the partial or block it is in,
    /// and the blocks it inherits.
    private struct Scope {
        var stack: [Value]
        var indentation: String?
        var inherited: [String: TemplateProgram]?
    }

    /// The page `name` renders for `context`.
    mutating func render(_ name: String, context: Any) throws(Unsupported) -> String {
        try run(name, context: context)
        return output.string
    }

    /// The page `name` renders for `context`, as UTF-8 bytes.
    mutating func document(_ name: String, context: Any) throws(Unsupported) -> Data {
        try run(name, context: context)
        return output.withBytes { Data($0) }
    }

    private mutating func run(_ name: String, context: Any) throws(Unsupported) {
        guard let program = programs[name] else { throw Unsupported() }
        output.removeAll()
        try run(program, Scope(stack: [Value(context)]))
    }

    private mutating func run(_ program: TemplateProgram, _ scope: Scope) throws(Unsupported) {
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in program.nodes { try run(node, scope) }
            return
        }
        // As the library does: a node's non-empty output that starts a line of this
        // template's output is indented (a line ends at a lone "\n", not at "\r\n").
        let start = output.count
        let indent = Array(indentation.utf8)
        for node in program.nodes {
            let before = output.count
            try run(node, scope)
            guard output.count > before, before > start, output[before - 1] == 0x0A,
                  before - 1 == start || output[before - 2] != 0x0D else { continue }
            output.insert(indent, at: before)
        }
    }

    private mutating func run(_ node: TemplateProgram.Node, _ scope: Scope) throws(Unsupported) {
        switch node {
        case .text(let bytes):
            output.append(bytes)
        case .variable(let name, let escaped):
            guard let value = try lookup(name, in: scope.stack) else { return }
            let text: String
            switch value {
            case .string(let string): text = string
            case .markup(let markup):
                guard escaped else { return output.append(markup.bytes) }
                text = markup.text
            case .int(let number): text = String(describing: number)
            case .double(let number): text = String(describing: number)
            case .bool(let flag): text = String(describing: flag)
            case .object, .array: throw Unsupported()
            }
            if escaped { append(escaping: text) } else { output.append(text) }
        case .section(let name, let body, let inverted):
            try section(try lookup(name, in: scope.stack), body, inverted: inverted, scope)
        case .block(let name, let body, let indentation):
            var inner = scope
            inner.indentation = Self.indent(scope.indentation, indentation)
            try run(scope.inherited?[name] ?? body, inner)
        case .partial(let name, let indentation, let overrides):
            guard let program = programs[name] else {
                // No such template renders nothing; one without a program is the library's.
                if names.contains(name) { throw Unsupported() }
                return
            }
            var inner = scope
            inner.indentation = Self.indent(scope.indentation, indentation)
            if let overrides {
                // Blocks already inherited win over the partial's own.
                inner.inherited = scope.inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
            }
            try run(program, inner)
        }
    }

    private mutating func section(_ value: Value?, _ body: TemplateProgram, inverted: Bool, _ scope: Scope) throws(Unsupported) {
        switch value {
        case .array(let items):
            if inverted {
                guard items.isEmpty else { return }
                var inner = scope
                inner.stack.append(.array(items))
                try run(body, inner)
            } else {
                for item in items {
                    var inner = scope
                    inner.stack.append(try Value(item))
                    try run(body, inner)
                }
            }
        case .bool(let flag):
            if flag != inverted { try run(body, scope) }
        case .some(let value):
            guard !inverted else { return }
            var inner = scope
            inner.stack.append(value)
            try run(body, inner)
        case .none:
            if inverted { try run(body, scope) }
        }
    }

    private static func indent(_ outer: String?, _ inner: String?) -> String? {
        inner.map { (outer ?? "") + $0 } ?? outer
    }

    /// The library's lookup: `.` is the innermost object; a name is searched from the
    /// innermost object outwards, and the rest of a dotted name only inside what matched.
    private func lookup(_ name: TemplateProgram.Name, in stack: [Value]) throws(Unsupported) -> Value? {
        if name.isCurrent || name.parts.isEmpty { return stack.last }
        var found: Value?
        if name.innermostOnly {
            found = try stack.last!.child(name.parts[0])
        } else {
            for object in stack.reversed() {
                if let child = try object.child(name.parts[0]) {
                    found = child
                    break
                }
            }
        }
        for part in name.parts.dropFirst() {
            guard let object = found else { return nil }
            found = try object.child(part)
        }
        return found
    }

    /// Appends `text` with `<`, `>`, `&`, `"` and `'` escaped where they stand alone as a
    /// character (a `<` carrying a combining mark is left, as the library leaves it).
    private mutating func append(escaping text: String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
            output.append(text)
            return
        }
        for character in text {
            switch character {
            case "<": output.append("&lt;" as StaticString)
            case ">": output.append("&gt;" as StaticString)
            case "&": output.append("&amp;" as StaticString)
            case "\"": output.append("&quot;" as StaticString)
            case "'": output.append("&#39;" as StaticString)
            default: output.append(String(character))
            }
        }
    }

    /// The kinds of value the runner renders; anything else is left to the library.
    private enum Value {
        case string(String), int(Int), double(Double), bool(Bool)
        /// Rendered as the library renders its ``Markup/text``.
        case markup(Markup)
        case object([String: Any]), array([Any])

        init(_ value: Any) throws(Unsupported) {
            // The usual kinds by their exact type first: a comparison of type metadata,
            // where a cast would first look the value up for an optional inside.
            let type = type(of: value)
            if type == String.self {
                self = .string(value as! String)
                return
            }
            if type == [String: Any].self {
                self = .object(value as! [String: Any])
                return
            }
            if type == Markup.self {
                self = .markup(value as! Markup)
                return
            }
            if type == [[String: Any]].self {
                self = .array(value as! [[String: Any]])
                return
            }
            if type == Bool.self {
                self = .bool(value as! Bool)
                return
            }
            if value is any OptionalValue { throw Unsupported() }
            switch value {
            case let string as String: self = .string(string)
            case let flag as Bool: self = .bool(flag)
            case let number as Int: self = .int(number)
            case let number as Double: self = .double(number)
            case let dictionary as [String: Any]: self = .object(dictionary)
            case let array as [Any]: self = .array(array)
            default: throw Unsupported()
            }
        }

        /// The child `name`: a dictionary's value; nothing in text, numbers, booleans and
        /// arrays (their reflections have no named children).
        func child(_ name: String) throws(Unsupported) -> Value? {
            guard case .object(let dictionary) = self, let child = dictionary[name] else { return nil }
            return try Value(child)
        }
    }
}

/// Marks an optional inside an `Any`, which the library unwraps in its own ways.
private protocol OptionalValue {}
extension Optional: OptionalValue {}
