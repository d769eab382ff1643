import Bytes
import Foundation
@testable import HTML
import Testing

/// The template runner against swift-mustache itself, on the constructs our templates and
/// a template author's may use.
@Suite struct TemplateRunnerTests {
    static func templates(_ files: [String: String]) throws -> Templates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-runner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try Templates.load(overriding: folder.path)
    }

    @Test("every built-in template has a program")
    func builtIn() throws {
        let templates = try Templates.load()
        #expect(templates.names.count >= 9)
        #expect(templates.names.subtracting(templates.programs.keys).isEmpty, "\(templates.names.subtracting(templates.programs.keys))")
    }

    static var context: [String: Any] { [
        "title": "Tom & \"Jerry\" <3 'x'", "count": 3, "ratio": 1.5, "on": true, "off": false, "empty": [[String: Any]](),
        "items": [["name": "a<b", "last": false], ["name": "e\u{301}<\u{301}", "last": true]] as [[String: Any]],
        "words": ["one", "two"], "child": ["name": "Ava", "inner": ["deep": "yes"] as [String: Any]] as [String: Any],
        "crlf": "line\r\n",
    ] }

    @Test("the runner renders what swift-mustache renders", arguments: [
        "{{title}} {{{title}}} {{&title}} {{count}} {{ratio}} {{on}} {{missing}}|",
        "{{#items}}<{{name}}{{^last}},{{/last}}>{{/items}}{{^items}}none{{/items}}{{#empty}}x{{/empty}}{{^empty}}no items{{/empty}}",
        "{{#on}}yes {{title}}{{/on}}{{^off}} not off{{/off}}{{#off}}never{{/off}}{{^missing}} missing{{/missing}}",
        "{{#words}}[{{.}}]{{/words}} {{child.name}} {{child.inner.deep}} {{#child}}{{name}} {{title}} {{.name}}|{{.title}}{{/child}}",
        "{{#child.inner}}{{deep}} {{name}}{{/child.inner}} {{#title}}({{.}}){{/title}} {{#count}}{{.}}{{/count}}",
        "a\n  {{>part}}\nb\n{{#items}}\n  {{>part}}\n{{/items}}\r\n  {{>part}}\n",
        "{{<frame}}{{$body}}inside {{title}}{{/body}}{{/frame}}",
        "{{<frame}}{{$body}}[\n  {{>part}}]{{/body}}{{/frame}}", "{{>inner}}",
        "{{<frame}}{{/frame}} and {{crlf}}  {{>part}}",
    ])
    func same(template: String) throws {
        let templates = try Self.templates([
            "page.mustache": template,
            "part.mustache": "p1 {{title}}\np2{{#on}}\n{{count}}\n{{/on}}\n",
            "frame.mustache": "<main>\n  {{$body}}default{{/body}}\n</main>\n",
            "inner.mustache": "{{<frame}}{{$body}}nested {{count}}{{/body}}{{/frame}}",
        ])
        #expect(templates.programs["page"] != nil)
        var runner = TemplateRunner(programs: templates.programs, names: templates.names)
        let ran = try runner.render("page", context: Self.context)
        let interpreted = try templates.render(Self.context, template: "page", interpreted: true)
        #expect(ran == interpreted)
    }

    @Test("a template author's transform or content-type tag is rendered by swift-mustache", arguments: [
        "{{uppercased(title)}}", "{{%CONTENT_TYPE: TEXT}}{{title}}", "{{#items}}{{#first()}}first {{/first()}}{{name}}{{/items}}",
    ])
    func leftToTheLibrary(template: String) throws {
        let templates = try Self.templates(["page.mustache": template, "outer.mustache": "[{{>page}}]"])
        #expect(templates.programs["page"] == nil)
        // A page including it is the library's too, and renders the same.
        var runner = TemplateRunner(programs: templates.programs, names: templates.names)
        #expect(throws: TemplateRunner.Unsupported.self) { try runner.render("outer", context: Self.context) }
        let html = try templates.render(Self.context, template: "outer")
        #expect(html == (try templates.render(Self.context, template: "outer", interpreted: true)))
        #expect(html.count > 2)
    }

    @Test("markup renders as the text it is, by the runner and by swift-mustache, transforms too", arguments: [
        "{{title}} {{{title}}} {{&title}}|{{#title}}({{.}}){{/title}}{{^title}}none{{/title}} [{{title.count}}]",
        "{{uppercased(title)}} {{#title}}{{lowercased(.)}}{{/title}} {{reversed(title)}}",
    ])
    func markup(template: String) throws {
        let text = Self.context["title"] as! String
        var context = Self.context
        context["title"] = Markup(bytes: Array(text.utf8))
        let templates = try Self.templates(["page.mustache": template])
        let asText = try templates.render(Self.context, template: "page", interpreted: true)
        #expect(asText.lowercased().contains("tom"))
        #expect(try templates.render(context, template: "page") == asText)
        #expect(try templates.render(context, template: "page", interpreted: true) == asText)
    }

    @Test("values the runner cannot be sure of leave the page to swift-mustache", arguments: ["optional", "set", "number dictionary"])
    func unsureValues(kind: String) throws {
        let value: Any = switch kind {
        case "optional": Optional("x") as Any
        case "set": Set(["a"])
        default: ["a": 1]
        }
        let context: [String: Any] = ["title": value]
        let templates = try Self.templates(["page.mustache": "{{title}}{{#title}}in{{/title}}"])
        var runner = TemplateRunner(programs: templates.programs, names: templates.names)
        #expect(throws: TemplateRunner.Unsupported.self) { try runner.render("page", context: context) }
        #expect(try templates.render(context, template: "page") == (try templates.render(context, template: "page", interpreted: true)))
    }
}
