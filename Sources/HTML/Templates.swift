import Foundation
import Mustache
import Speed
import Synchronization

/// The Mustache templates and the layout stylesheet: the defaults built into bbreport
/// (from the repository's `templates/` folder), each replaceable by a file of the same
/// name in a folder the user names.
public struct Templates: Sendable {
    /// swift-mustache's own parse, for the templates without a program and for
    /// `BBREPORT_WITHOUT=compiled-templates`: made the first time a page needs it.
    let library: LibraryParsing
    /// Every template the runner can render exactly as the library does, by name.
    let programs: [String: TemplateProgram]
    /// Every template's name: a partial without a program is the library's to render.
    let names: Set<String>
    /// `bbreport.css`, the layout stylesheet.
    public let layoutStylesheet: String
    /// `search.js`, the search box's script.
    public let searchScript: String
    /// `open.js`, the opener of an encrypted archive's files.
    public let openerScript: String
    /// Every template's name and text, in name order: what the pages were made with.
    public let sources: [(name: String, text: String)]
    /// The templates each template includes or extends, by name (without `.mustache`).
    public let references: [String: [TemplateReference]]

    /// ``TemplateSources/load(overriding:)``, parsed.
    public static func load(overriding folder: String? = nil) throws(TemplateError) -> Templates {
        try Templates(parsing: TemplateSources.load(overriding: folder))
    }

    /// The built-in templates parsed once, on another core, from the first time this is
    /// asked for: `bbreport build` asks before its arguments are parsed (3 ms on one core,
    /// while parsing the templates takes under 1 ms), and every build without a templates
    /// folder then takes them from here.
    public static let builtIn = parsedAside { () throws(TemplateError) in try Templates.load() }

    /// `parse` run on another core, its result (or the template that cannot be used)
    /// kept for whoever awaits it.
    public static func parsedAside(_ parse: @escaping @Sendable () throws(TemplateError) -> Templates)
        -> Task<Result<Templates, TemplateError>, Never> {
        Task.detached {
            do throws(TemplateError) {
                return .success(try parse())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Every template in `files` parsed; the first that cannot be used is reported at the
    /// place in it that is wrong.
    public init(parsing files: TemplateSources) throws(TemplateError) {
        let sources = files.files
        // Each template read straight into its program. One the parser gives up on is the
        // library's: refused (its message says where and why) or rendered by it alone.
        var programs: [String: TemplateProgram] = [:]
        var names: Set<String> = []
        var references: [String: [TemplateReference]] = [:]
        var givenUp = false
        for (file, source) in sources where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            names.insert(name)
            references[name] = TemplateReference.all(in: source.text)
            do {
                programs[name] = try TemplateParser.program(of: source.text)
            } catch {
                givenUp = true
            }
        }
        library = givenUp ? LibraryParsing(try LibraryParsing.parse(sources)) : LibraryParsing(sources: sources)
        try Templates.refuseIncludedPages(references, files: sources.mapValues(\.file))
        self.programs = programs
        self.names = names
        layoutStylesheet = sources["bbreport.css"]?.text ?? ""
        searchScript = sources["search.js"]?.text ?? ""
        openerScript = sources["open.js"]?.text ?? ""
        self.sources = files.texts
        self.references = references
    }

    /// A whole page (a template extending `layout`) included with `{{>name}}` inside a block
    /// of another page would nest pages without end (the outer block wins inside the
    /// included page, and includes it again) until the process runs out of stack: refused
    /// here, at the tag, with what to do instead.
    private static func refuseIncludedPages(_ references: [String: [TemplateReference]], files: [String: String]) throws(TemplateError) {
        let pages = Set(references.filter { $0.value.contains { $0.kind == .extend && $0.name == "layout" } }.keys)
        for (name, tags) in references.sorted(by: { $0.key < $1.key }) {
            for tag in tags where tag.kind == .include && pages.contains(tag.name) {
                throw TemplateError(file: files[name + ".mustache"] ?? name, line: tag.line, column: tag.column,
                                    message: "'\(tag.name)' is a whole page (it extends layout) and cannot be included with {{>\(tag.name)}}; put the part to share in partials/ and include that from both")
            }
        }
    }

    /// Renders the template `name` with `context`: by its program when it has one and the
    /// values are all of kinds the runner takes, else (or when `interpreted`) by swift-mustache.
    func render(_ context: [String: Any], template name: String, interpreted: Bool = Templates.interpreted) throws(TemplateError) -> String {
        String(decoding: try document(context, template: name, interpreted: interpreted), as: UTF8.self)
    }

    /// What `render` gives, as the UTF-8 bytes of the page's file.
    func document(_ context: [String: Any], template name: String, interpreted: Bool = Templates.interpreted) throws(TemplateError) -> Data {
        if !interpreted {
            var runner = TemplateRunner(programs: programs, names: names)
            if let html = try? runner.document(name, context: context) { return html }
        }
        guard let html = library.parsed.render(context, withTemplate: name) else {
            throw TemplateError(file: "templates/\(name).mustache", line: 1, column: 1, message: "there is no template named '\(name)'")
        }
        return Data(html.utf8)
    }

    /// `BBREPORT_WITHOUT=compiled-templates` renders every page with swift-mustache alone:
    /// the pages must not change (a test builds the sample both ways).
    static let interpreted = !SpeedMechanism.compiledTemplates.isOn
}

/// swift-mustache's library of the templates, parsed once, when first asked for (or at
/// once, when a template is refused: its error is the library's).
final class LibraryParsing: Sendable {
    private let sources: [String: (text: String, file: String)]
    private let library: Mutex<MustacheLibrary?>

    init(sources: [String: (text: String, file: String)]) {
        self.sources = sources
        library = Mutex(nil)
    }

    init(_ parsed: MustacheLibrary) {
        sources = [:]
        library = Mutex(parsed)
    }

    var parsed: MustacheLibrary {
        library.withLock { library in
            if let library { return library }
            // The parser took every template, so the library does too.
            let parsed = (try? Self.parse(sources)) ?? MustacheLibrary()
            library = parsed
            return parsed
        }
    }

    /// Every template in `sources` registered, in name order; the first the library refuses
    /// is reported at the place in it that is wrong.
    static func parse(_ sources: [String: (text: String, file: String)]) throws(TemplateError) -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            do {
                library.register(try MustacheTemplate(string: source.text), named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber, column = error.context.columnNumber
                let message = TemplateError.message(for: error.error, in: source.text, line: line, column: column)
                // A section never closed is reported at the end of the file; point at its opening tag instead.
                let opening = error.error as? MustacheTemplate.Error == .expectedSectionEnd
                    ? TemplateError.sections(in: source.text, line: line, column: column).openedAt : nil
                throw TemplateError(file: source.file, line: opening?.line ?? line, column: opening?.column ?? column, message: message)
            } catch {
                throw TemplateError(file: source.file, line: 1, column: 1, message: "\(error)")
            }
        }
        return library
    }
}

/// A template that cannot be used, printed like a compiler's error:
/// `templates/day.mustache:12:4: error: section 'entries' is closed as 'entry'`.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let column: Int?
    public let message: String
    /// The templates folder named is not there (a usage error, not a template's).
    public var isMissingFolder = false

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): error: \(message)"
    }

    /// What a parser error means, naming the sections involved when they can be found.
    static func message(for error: any Error, in text: String, line: Int, column: Int) -> String {
        guard let reason = error as? MustacheTemplate.Error else { return "\(error)" }
        switch reason {
        case .sectionCloseNameIncorrect:
            let (open, closing, _) = sections(in: text, line: line, column: column)
            switch (open, closing) {
            case let (open?, closing?): return "section '\(open)' is closed as '\(closing)'"
            case let (nil, closing?): return "'\(closing)' is closed but was never opened"
            default: return "a section is closed with the wrong name"
            }
        case .unfinishedName: return "a tag is not closed with '}}'"
        case .expectedSectionEnd:
            let open = sections(in: text, line: line, column: column).open
            return open.map { "section '\($0)' is opened but never closed" } ?? "a section is opened but never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is badly formed"
        case .transformAppliedToInheritanceSection: return "a transform cannot be applied to an inherited section"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection: return "only blocks may appear inside an inherited template"
        case .invalidConfigVariableSyntax: return "a configuration tag is badly formed"
        case .unrecognisedConfigVariable: return "unknown configuration tag"
        }
    }

    /// The innermost section still open before (line, column) and where it was opened, and
    /// the name of the closing tag found there, by reading the template's section tags in order.
    static func sections(in text: String, line: Int, column: Int) -> (open: String?, closing: String?, openedAt: (line: Int, column: Int)?) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let before = lines.prefix(line - 1).joined(separator: "\n") + (line > 1 ? "\n" : "")
            + String((lines.indices.contains(line - 1) ? lines[line - 1] : "").prefix(max(column - 1, 0)))
        var stack: [(name: String, at: String.Index)] = []
        var scanner = before[...]
        while let open = scanner.range(of: "{{") {
            let at = open.lowerBound
            scanner = scanner[open.upperBound...]
            guard let close = scanner.range(of: "}}") else { break }
            let tag = scanner[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            scanner = scanner[close.upperBound...]
            guard let kind = tag.first else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
            if "#^$<".contains(kind) {
                stack.append((name, at))
            } else if kind == "/", stack.last?.name == name {
                stack.removeLast()
            }
        }
        // The closing tag at the error: from the last "{{/" before the column to its "}}".
        let rest = lines.indices.contains(line - 1) ? String(lines[line - 1]) : ""
        let head = String(rest.prefix(max(column - 1, 0)))
        var closing: String?
        if let slash = head.range(of: "{{/", options: .backwards) {
            let tail = rest[slash.upperBound...]
            closing = tail.prefix { $0 != "}" }.trimmingCharacters(in: .whitespaces)
        }
        let openedAt = stack.last.map { last in
            let head = before[..<last.at]
            let lineStart = head.lastIndex(of: "\n").map { head.index(after: $0) } ?? head.startIndex
            return (line: head.count { $0 == "\n" } + 1, column: head[lineStart...].count + 1)
        }
        return (stack.last?.name, closing, openedAt)
    }
}
