import Foundation
import Testing

@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct BrowserTests {
    static let pages = ["ava/2026/11/21.html", "ava/weeks/2026-W47.html", "ava/2026/11/index.html",
                        "ava/index.html", "ava/visit.html", "ava/growth.html", "index.html", "themes.html"]

    @Test("every page kind loads from file:// with JavaScript off and on: nothing logged, every request a file of the archive",
          arguments: [false, true], PageLanguage.allCases)
    func loadsCleanly(javascript: Bool, language: PageLanguage) async throws {
        let out = try await language.sample
        let browser = try await BrowserContext.open()
        for page in Self.pages {
            let load = try await browser.load(out.appendingPathComponent(page), javascript: javascript)
            #expect(load.html.contains("</main>"), "\(page) in \(language) did not render")
            #expect(load.problems.isEmpty, "\(page) in \(language): \(load.problems.joined(separator: "\n"))")
            // The homes carry the search box: with JavaScript, its index and script too.
            let scripts = javascript && (page == "index.html" || page == "ava/index.html") ? 2 : 0
            // The visit summary has a fourth stylesheet: its margins on paper.
            let stylesheets = page.hasSuffix("visit.html") ? 4 : 3
            #expect(load.requests.count == 1 + stylesheets + scripts,
                    "\(page) asked for \(load.requests): itself, \(stylesheets) stylesheets, \(scripts) scripts")
            for request in load.requests {
                let path = URL(string: request)?.path ?? ""
                #expect(request.hasPrefix("file://") && path.hasPrefix(out.path + "/"), "\(page) requested \(request)")
                #expect(FileManager.default.fileExists(atPath: path), "\(page) requested the missing \(request)")
            }
        }
    }
}

@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct BrowserCheckTests {
    @Test("the browser check sees a missing stylesheet, a blocked image and a blocked script")
    func seesProblems() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("bad.html")
        try Data("""
        <!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self' file:">
        <link rel="stylesheet" href="missing.css"><title>bad</title></head>
        <body><main><img src="https://example.org/x.png"><script>console.log("ran")</script></main></body></html>
        """.utf8).write(to: page)
        let load = try await BrowserContext.open().load(page, javascript: true)
        #expect(load.requests.contains { $0.hasSuffix("/missing.css") })
        #expect(load.problems.contains { $0.contains("failed load") })
        #expect(load.problems.contains { $0.contains("Content Security Policy") })
    }
}
