@testable import HTML
import Mustache
import Sample
import Testing

/// The template parser against swift-mustache's parser and what ``TemplateProgram`` reads
/// of its tokens: the same program, or no program where the library refuses the template
/// or keeps it to itself.
@Suite struct TemplateParserTests {
    /// What the library makes of `text`: refused, parsed without a program, or a program.
    enum Outcome: Equatable, CustomStringConvertible {
        case refused
        case noProgram
        case program(TemplateProgram)

        init(library text: String) {
            guard let template = try? MustacheTemplate(string: text) else { self = .refused; return }
            self = TemplateProgram(template).map(Outcome.program) ?? .noProgram
        }

        init(parser text: String) {
            do {
                self = .program(try TemplateParser.program(of: text))
            } catch .malformed {
                self = .refused
            } catch {
                self = .noProgram
            }
        }

        var description: String {
            switch self {
            case .refused: "refused"
            case .noProgram: "no program"
            case .program(let program): "\(program)"
            }
        }
    }

    /// Whether the parser's outcome may stand for the library's: the same program, or none
    /// where the library has none (it is then the library's to parse, refuse or render).
    static func agree(_ text: String) -> Bool {
        switch (Outcome(library: text), Outcome(parser: text)) {
        case (.program(let library), .program(let parsed)): library == parsed
        case (.program, _): false
        case (_, .program): false
        default: true
        }
    }

    @Test("every built-in template gives the library's program")
    func builtIn() throws {
        let sources = try TemplateSources.load()
        let templates = sources.files.filter { $0.key.hasSuffix(".mustache") }
        #expect(templates.count >= 12)
        for (name, source) in templates {
            let library = Outcome(library: source.text)
            guard case .program = library else {
                Issue.record("\(name): the library has no program")
                continue
            }
            #expect(Outcome(parser: source.text) == library, "\(name)")
        }
    }

    @Test("the library's rules for whitespace, standalone tags, delimiters and inheritance", arguments: [
        "", "plain", "a\nb\r\nc\rd\u{2028}e", "  {{#s}}\n  x\n  {{/s}}\n", "{{#s}}  \n{{/s}}", "x {{#s}}\ny{{/s}} z",
        "  {{! note }}\n", "{{!a}b}}c", "{{=<% %>=}}<%a%>\n<%={{ }}=%>{{b}}", "  {{=| |=}}  \n|x|", "{{{a}}}{{&b}}{{ c }}",
        "\t{{>part}}\r\n", " {{>part}} x", "{{<frame}}\n  {{$body}}\n    inner\n  {{/body}}\n{{/frame}}\n",
        "{{$block}}default{{/block}}", "  {{$block}}\n  d\n  {{/block}}\n", "{{a.b}}{{.}}{{.c}}", "trailing  \n  ",
        "{{^empty}}none{{/empty}}", "é{{#e\u{301}}}{{/e\u{301}}}", "{{>partials/nav}}", "{", "x{", "{{", "}}", "{{a",
        "{{#a}}", "{{/a}}", "{{#a}}{{/b}}", "{{=x=}}", "{{f(x)}}", "{{>*dyn}}", "{{<*dyn}}{{/*dyn}}", "{{%CONTENT_TYPE:TEXT}}",
        "{{<p}}text{{x}}{{/p}}", "{{$b(x)}}{{/b(x)}}", "{{\nname}}", "{{#a}}\r\n{{/a}}\r\n",
    ])
    func rules(template: String) {
        #expect(Self.agree(template), "\(template.debugDescription): library \(Outcome(library: template)), parser \(Outcome(parser: template))")
    }

    @Test("thousands of generated templates, well formed or not, parse as the library parses them")
    func generated() {
        var generator = RandomSource(seed: 20261124)
        var disagreements: [String] = []
        var programs = 0
        for round in 0..<4000 {
            let text = round.isMultiple(of: 2) ? Self.wellFormed(&generator, depth: 3) : Self.soup(&generator)
            if case .program = Outcome(library: text) { programs += 1 }
            if !Self.agree(text), disagreements.count < 5 { disagreements.append(text.debugDescription) }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        // Most well-formed ones have a program: the comparison is of programs, not refusals.
        #expect(programs > 1500)
    }

    /// Sections, partials, inheritance, comments and delimiter changes, nested and balanced,
    /// on lines of their own or not.
    static func wellFormed(_ generator: inout RandomSource, depth: Int) -> String {
        var text = ""
        for _ in 0..<generator.next(below: 6) {
            let indent = ["", " ", "  ", "\t"][generator.next(below: 4)]
            let end = ["", "\n", "\n", "\r\n", " \n", "x\n"][generator.next(below: 6)]
            let name = ["a", "b", "items", "x.y", ".", "first-name", "é"][generator.next(below: 7)]
            switch generator.next(below: depth > 0 ? 12 : 7) {
            case 0: text += indent + "text" + end
            case 1: text += indent + "{{\(name)}}" + end
            case 2: text += indent + "{{{\(name)}}}{{&\(name)}}" + end
            case 3: text += indent + "{{! a comment }}" + end
            case 4: text += indent + "{{>part}}" + end
            case 5: text += indent + "{{=<% %>=}}<%\(name)%>" + end + "<%={{ }}=%>"
            case 6: text += end
            case 7, 8:
                let open = generator.next(below: 2) == 0 ? "#" : "^"
                text += indent + "{{\(open)\(name)}}" + end + wellFormed(&generator, depth: depth - 1) + indent + "{{/\(name)}}" + end
            case 9:
                text += indent + "{{$block}}" + end + wellFormed(&generator, depth: depth - 1) + indent + "{{/block}}" + end
            default:
                text += indent + "{{<frame}}" + end
                for block in ["body", "side"].prefix(generator.next(below: 3)) {
                    text += indent + "  {{$\(block)}}" + end + wellFormed(&generator, depth: depth - 1) + indent + "  {{/\(block)}}" + end
                }
                text += indent + "{{/frame}}" + end
            }
        }
        return text
    }

    /// Pieces of tags and text thrown together: mostly refused, sometimes not.
    static func soup(_ generator: inout RandomSource) -> String {
        let pieces = ["x", " ", "\t", "\n", "\r\n", "\r", "é", "e\u{301}", "{", "}", "{{", "}}", "{{a}}", "{{#a}}", "{{/a}}",
                      "{{^a}}", "{{!", "{{!c}}", "{{>p}}", "{{<p}}", "{{/p}}", "{{$b}}", "{{/b}}", "{{=<% %>=}}", "<%", "%>",
                      "<%a%>", "{{{", "}}}", "{{&a}}", "=", "(", ")", "*", "{{f(a)}}", "\u{2028}", "{{ a }}", "{{.}}"]
        var text = ""
        for _ in 0..<generator.next(below: 14) {
            text += pieces[generator.next(below: pieces.count)]
        }
        return text
    }
}

private extension RandomSource {
    /// A whole number from 0 to `bound` - 1.
    mutating func next(below bound: Int) -> Int {
        integer(0...(bound - 1))
    }
}
