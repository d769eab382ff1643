import Foundation
import Testing

@Suite struct SiteTests {
    @Test("the sample archive has every page kind, and every link and source resolves to a file inside it")
    func linksResolve() async throws {
        let out = try await SampleBuilds.archive()
        for file in ["index.html", "themes.html", "assets/theme.css", "assets/bbreport.css", "ava/index.html",
                     "ava/2026/11/index.html", "ava/2026/11/21.html", "ava/weeks/2026-W47.html", "ava/days.json",
                     "leo/index.html", "leo/2026/03/08.html", "leo/weeks/2026-W10.html", "ava/visit.html",
                     "assets/paper.css"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file) is missing")
        }
        let pages = ArchiveWalk.pages(in: out)
        #expect(pages.count > 700)
        var problems: [String] = []
        var references = 0
        for page in pages {
            let document = try HTMLDocument(contentsOf: out.appendingPathComponent(page))
            problems += ArchiveWalk.problems(of: document, page: page, root: out)
            references += ArchiveWalk.references(in: document.root).count
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(references > 20_000)
    }

    @Test("the stylesheets are balanced, and themes.html pairs each strategy's light and dark swatches")
    func stylesheetsAndThemes() async throws {
        let out = try await SampleBuilds.archive()
        for sheet in ["assets/bbreport.css", "assets/theme.css", "assets/paper.css", "ava/visit-print.css"] {
            var depth = 0, lowest = 0
            let text = try String(contentsOf: out.appendingPathComponent(sheet), encoding: .utf8)
                .replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "", options: .regularExpression)
            for character in text {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1; lowest = min(lowest, depth) }
            }
            #expect(depth == 0 && lowest == 0, "\(sheet): braces end at \(depth), dip to \(lowest)")
        }
        let themes = try String(contentsOf: out.appendingPathComponent("themes.html"), encoding: .utf8)
        let pairs = themes.components(separatedBy: #"<li class="swatch-pair""#).dropFirst()
        #expect(pairs.count == 25)
        for pair in pairs {
            let modes = pair.components(separatedBy: "data-scheme=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(modes.prefix(2) == ["light", "dark"])
        }
    }

    @Test("a template folder replaces only the templates it has")
    func templateOverride() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try Data("{{<layout}}{{$main}}<p class=\"mine\">My day: {{heading}}</p>{{/main}}{{/layout}}".utf8)
            .write(to: templates.appendingPathComponent("day.mustache"))
        try Data("<nav>crumbs by me</nav>".utf8).write(to: templates.appendingPathComponent("partials/breadcrumbs.mustache"))
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--templates", "mine"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let day = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/11/01.html"), encoding: .utf8)
        #expect(day.contains("<p class=\"mine\">My day: Sunday, November 1, 2026</p>"))
        #expect(day.contains("<nav>crumbs by me</nav>"))
        #expect(day.contains("Content-Security-Policy"), "the built-in layout is still used")
        let week = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/weeks/2026-W44.html"), encoding: .utf8)
        #expect(week.contains("Sleep and feeds"), "other pages keep the built-in templates")
    }

    @Test("a broken template names file, line and column, exits non-zero and writes nothing", arguments: [
        ("day.mustache", "<p>\n  {{#entries}}x{{/entry}}\n</p>\n", "mine/day.mustache:2:19: error: section 'entries' is closed as 'entry'"),
        ("week.mustache", "<p>{{heading</p>\n", "mine/week.mustache:1:13: error: a tag is not closed with '}}'"),
        ("partials/pager.mustache", "{{#next}}\n<a>\n", "mine/partials/pager.mustache:1:1: error: section 'next' is opened but never closed"),
        ("week.mustache", "{{<layout}}{{$main}}\n<p>{{> day }}</p>{{/main}}{{/layout}}\n",
         "mine/week.mustache:2:4: error: 'day' is a whole page (it extends layout) and cannot be included with {{>day}}; put the part to share in partials/ and include that from both"),
    ])
    func brokenTemplate(name: String, text: String, message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))
        let templates = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: templates.appendingPathComponent(name))
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--templates", "mine"], in: folder)
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.mapValues(\.0) == before.mapValues(\.0))
    }

    @Test("a templates folder that is not there, a template too large to be one, or a pipe: refused, the archive as it was",
          arguments: ["missing", "large", "pipe"])
    func unusableTemplates(kind: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))
        let templates = folder.appendingPathComponent("mine")
        if kind != "missing" {
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        }
        if kind == "large" {
            try Data(String(repeating: "<p>{{#a}}{{name}}{{/a}}</p>\n", count: 6000).utf8).write(to: templates.appendingPathComponent("day.mustache"))
        }
        // Read, a pipe with no writer would wait for ever.
        if kind == "pipe" {
            #expect(mkfifo(templates.appendingPathComponent("day.mustache").path, 0o600) == 0)
        }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--templates", "mine"], in: folder)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        switch kind {
        case "missing":
            #expect(result.status == 64)
            #expect(lines.first == "mine: error: no such templates folder")
            #expect(lines.last?.hasPrefix("hint: name the folder that holds your templates") == true, "\(lines)")
        case "large":
            #expect(result.status == 65)
            #expect(lines.first == "mine/day.mustache: error: is 164 KB, more than the 128 KB a template may be")
        default:
            #expect(result.status == 65)
            #expect(lines.first == "mine/day.mustache: error: is a named pipe (FIFO), not a file")
        }
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.mapValues(\.0) == before.mapValues(\.0))
    }

    @Test("a broken template is the error reported, whatever is wrong with the input too", arguments: [
        ["no-such.json"], ["cut.json"], ["--server", "http://127.0.0.1:9"],
    ])
    func templateBeforeInput(input: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"format": "babybasics-export", "events": ["#.utf8).write(to: folder.appendingPathComponent("cut.json"))
        let templates = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<p>{{heading</p>\n".utf8).write(to: templates.appendingPathComponent("week.mustache"))
        let environment = ProcessInfo.processInfo.environment.merging(["BBREPORT_TOKEN": "t"]) { $1 }
        let result = try Tool.run(["build"] + input + ["-o", "out", "--templates", "mine", "--retry-base", "0"], in: folder,
                                  environment: environment)
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").first == "mine/week.mustache:1:13: error: a tag is not closed with '}}'")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("theme flags and the export's per-child override reach the pages")
    func themes() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try await SampleBuilds.archive()
        let leo = try String(contentsOf: sample.appendingPathComponent("leo/index.html"), encoding: .utf8)
        let ava = try String(contentsOf: sample.appendingPathComponent("ava/index.html"), encoding: .utf8)
        #expect(leo.contains(#"data-palette="ocean-calm""#), "the sample gives Leo his own palette")
        #expect(ava.contains(#"data-palette="warm-nightlight" data-categories="desaturated-jewel" data-icons="filled">"#))
        let result = try await Tool.run(["build", "-q", "--palette", "sage-garden", "--categories", "muted-earth",
                                   "--icon-style", "tinted", "--scheme", "dark"], in: folder)
        #expect(result.status == 0)
        let forced = try String(contentsOf: folder.appendingPathComponent("output/leo/index.html"), encoding: .utf8)
        #expect(forced.contains(#"data-palette="sage-garden" data-categories="muted-earth" data-icons="tinted" data-scheme="dark">"#))
        let bad = try await Tool.run(["build", "--palette", "pink"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains(#"unknown palette "pink"; use one of warm-nightlight, current-indigo, ocean-calm, sage-garden, midnight-harbor"#))
    }
}

@Suite struct VisitRangeTests {
    @Test("a visit range outside the archive is warned about and the summary says so")
    func outside() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--visit-from", "2030-01-01", "--visit-to", "2030-01-14"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the visit range holds none of Zoë & Ava's days (2026-10-31 to 2026-11-02); visit.html says so\n"))
        let visit = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/visit.html"), encoding: .utf8)
        #expect(visit.contains("No days in this range"))
    }
}
