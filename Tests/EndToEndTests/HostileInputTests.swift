import CCmarkGFM
import Foundation
import Testing

@Suite struct HostileInputTests {
    /// Sets an attribute that only running script can set; the text never spells it.
    static let effect = "document.body.dataset['pw'+'ned']=1"

    static let payloads: [String] = [
        "<script>\(effect)</script>",
        "<img src=x onerror=\"\(effect)\">",
        "<svg onload=\"\(effect)\">",
        "<svg><script>\(effect)</script></svg>",
        "[click](javascript:\(effect))",
        "[click](JaVaScRiPt:alert(1))",
        "[click](javascript&colon;alert(1))",
        "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![img](javascript:alert(1))",
        "<a href=\"javascript:\(effect)\">x</a>",
        "</title><script>\(effect)</script>",
        "\"><script>\(effect)</script>",
        "' onmouseover='\(effect)",
        "<iframe src=\"https://example.org\"></iframe>",
        "<object data=\"x.swf\"></object>",
        "<embed src=\"x\">",
        "<style>body{display:none}</style>",
        "<link rel=stylesheet href=https://evil.example/x.css>",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
        "<base href=\"https://evil.example/\">",
        "<form action=\"https://evil.example\"><input name=x></form>",
        "<math><mtext></mtext><mglyph><svg><mtext><style><img src onerror=\(effect)>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<<script>script>\(effect)<</script>/script>",
        "<scr<script>ipt>\(effect)</script>",
        "[x](vbscript:msgbox(1))",
        "<details open ontoggle=\"\(effect)\">",
        "[x](https://example.org \"title\\\" onmouseover=\\\"\(effect)\")",
        "{{title}} {{{sprite}}} {{#children}}x{{/children}}",
        "<!-- unterminated",
        "&lt;script&gt;\(effect)&lt;/script&gt;",
        "<a href=\"https://example.org\" target=_blank>raw link</a>",
        String(repeating: "Supercalifragilistic", count: 250),
        "مرحبا \u{202E}gnp.exe שלום",
        "null\u{0}byte",
        "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='\(effect)'/></svg>#x\"/></svg>",
    ]

    /// An export whose child names, note texts, caregivers and categories are all payloads.
    static func export() throws -> Data {
        let children: [[String: Any]] = (0..<3).map { ["id": "c\($0)", "name": payloads[$0 * 5], "date_of_birth": "2026-09-01"] }
        var events: [[String: Any]] = []
        for (index, payload) in payloads.enumerated() {
            let time = String(format: "2026-11-21T%02d:%02d:00-06:00", 8 + index / 6, (index % 6) * 10)
            events.append(["id": "n\(index)", "child_id": "c\(index % 3)", "type": "note", "occurred_at": time,
                           "text": payload, "category": payloads[(index + 7) % payloads.count],
                           "created_by": payloads[(index + 13) % payloads.count]])
            events.append(["id": "d\(index)", "child_id": "c\(index % 3)", "type": "diaper", "occurred_at": time,
                           "diaper_type": "pee", "created_by": payload])
        }
        let document: [String: Any] = [
            "format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
            "settings": ["timezone": "America/Chicago"], "children": children, "events": events,
        ]
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func build() throws -> URL {
        let folder = try temporaryFolder()
        try export().write(to: folder.appendingPathComponent("hostile.json"))
        let result = try Tool.run(["build", "hostile.json", "-o", "out", "-q"], in: folder)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
        return folder
    }

    @Test("no hostile name, note, caregiver or category reaches any page as markup")
    func noMarkup() throws {
        #expect(Self.payloads.count >= 30)
        let folder = try Self.build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let pages = ArchiveWalk.pages(in: out)
        #expect(pages.count >= 10)
        for page in pages {
            let document = try HTMLDocument(contentsOf: out.appendingPathComponent(page))
            let markup = MarkupCheck.problems(in: document)
            #expect(markup.isEmpty, "\(page): \(markup.prefix(5))")
            #expect(ArchiveWalk.problems(of: document, page: page, root: out).isEmpty, "\(page)")
        }
        let home = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("&lt;script&gt;document.body.dataset[&#39;pw&#39;+&#39;ned&#39;]=1&lt;/script&gt;"),
                "the hostile name shows as text")
    }

    /// `markdown` as cmark-gfm renders it, letting raw HTML and every link through when `unsafe`.
    static func html(_ markdown: String, unsafe: Bool) -> String {
        let pointer = cmark_markdown_to_html(markdown, markdown.utf8.count, unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)!
        defer { free(pointer) }
        return String(cString: pointer)
    }

    @Test("the Markdown twins carry no raw HTML and no script link: a renderer not in safe mode shows them as safe mode does")
    func twinsSafeAnywhere() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.export().write(to: folder.appendingPathComponent("hostile.json"))
        #expect(try await Tool.run(["build", "hostile.json", "-o", "out", "-q", "--markdown"], in: folder).status == 0)
        let out = folder.appendingPathComponent("out")
        let twins = FileManager.default.enumerator(atPath: out.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
        #expect(twins.count >= 5)
        var notes = 0
        for twin in twins {
            let markdown = try String(contentsOf: out.appendingPathComponent(twin), encoding: .utf8)
            notes += markdown.components(separatedBy: "document.body.dataset").count - 1
            #expect(Self.html(markdown, unsafe: true) == Self.html(markdown, unsafe: false), "\(twin)")
        }
        #expect(notes > 10, "the payloads' text is in the twins, as typed")
    }

    @Test("in Chromium with JavaScript on, no payload runs and nothing outside the archive is requested",
          .enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it"))
    func nothingRunsInABrowser() async throws {
        let folder = try Self.build()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let browser = try await BrowserContext.open()
        let pages = ["index.html"] + ArchiveWalk.pages(in: out).filter { $0.hasSuffix("/21.html") || $0.hasSuffix("/index.html") }
        for page in pages {
            let load = try await browser.load(out.appendingPathComponent(page), javascript: true)
            #expect(load.html.contains("</main>"), "\(page) did not render")
            #expect(!load.html.contains("data-pwned"), "a payload ran on \(page)")
            #expect(load.requests.allSatisfy { $0.hasPrefix("file://" + out.path + "/") }, "\(page) requested \(load.requests)")
            // Images a parent linked to are refused by the page's policy; nothing else may be logged.
            let unexpected = load.problems.filter { !$0.contains("Loading the image") && !$0.contains("blocked:csp") }
            #expect(unexpected.isEmpty, "\(page): \(unexpected.joined(separator: "\n"))")
        }
    }
}
