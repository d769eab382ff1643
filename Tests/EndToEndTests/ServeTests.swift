import Foundation
import Testing

/// `bbreport serve` as a parent or a template author runs it: a real server on an
/// ephemeral loopback port, real requests, a real browser for the reloads.
@Suite(.serialized) struct ServeTests {
    /// A folder with a copy of the fixture export and of the built-in templates.
    func workspace() throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: Tool.fixture("family.json"), toPath: folder.appendingPathComponent("family.json").path)
        try FileManager.default.copyItem(at: Tool.packageRoot.appendingPathComponent("templates"), to: folder.appendingPathComponent("tpl"))
        return folder
    }

    @Test("serve builds, answers with the right types, adds the reload script only to what it sends, and stops on Ctrl-C")
    func servesPages() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ServeProcess(["family.json", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        #expect(serve.stdout.hasPrefix("Serving out/ at http://127.0.0.1:\(serve.port)/ (Ctrl-C stops)\n"))

        let home = try RawHTTP.get("/", port: serve.port)
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["cache-control"] == "no-store")
        #expect(home.body.contains(#"<script src="/_bbreport/reload.js" data-generation="1"></script>"#))
        #expect(home.body.contains("script-src 'self' file:; base-uri 'none'; form-action 'none'; connect-src 'self'\">"))
        let onDisk = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(!onDisk.contains("_bbreport") && !onDisk.contains("connect-src"))
        #expect(home.body.replacingOccurrences(of: #"<script src="/_bbreport/reload.js" data-generation="1"></script>"# + "\n", with: "")
            .replacingOccurrences(of: "; connect-src 'self'", with: "") == onDisk)

        for (path, type) in [("/assets/bbreport.css", "text/css; charset=utf-8"), ("/assets/search.js", "text/javascript; charset=utf-8"),
                             ("/zoe-ava/days.json", "application/json"), ("/_bbreport/reload.js", "text/javascript; charset=utf-8"),
                             ("/zoe-ava/2026/11/01.html", "text/html; charset=utf-8")] {
            let answer = try RawHTTP.get(path, port: serve.port)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.headers["content-type"] == type, "\(path)")
        }
        let css = try RawHTTP.get("/assets/bbreport.css", port: serve.port)
        #expect(css.body == (try String(contentsOf: folder.appendingPathComponent("out/assets/bbreport.css"), encoding: .utf8)))
        let folderWithoutSlash = try RawHTTP.get("/zoe-ava", port: serve.port)
        #expect(folderWithoutSlash.status == 301 && folderWithoutSlash.headers["location"] == "/zoe-ava/")
        let childHome = try RawHTTP.get("/zoe-ava/", port: serve.port)
        #expect(childHome.status == 200 && childHome.body.contains("<h1>Zoë &amp; Ava</h1>"))
        #expect(try RawHTTP.get("/", port: serve.port, method: "POST").status == 405)

        // Bound to loopback only: /proc/net/tcp lists the listening socket as 0100007F (127.0.0.1).
        let sockets = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let listening = sockets.split(separator: "\n").filter { $0.contains(String(format: ":%04X ", serve.port)) && $0.contains(" 0A ") }
        #expect(!listening.isEmpty && listening.allSatisfy { $0.contains("0100007F:") }, "\(listening)")

        #expect(try serve.interrupt() == 0)
        #expect(serve.stdout.hasSuffix("Stopped.\n"))
        #expect(serve.stderr.isEmpty, "\(serve.stderr)")
        #expect(throws: ServeProcess.Failure.self) { try RawHTTP.get("/", port: serve.port) }
        let staging = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(staging.isEmpty, "left behind: \(staging)")
    }

    @Test("only files inside the archive are served: no .., no encoded .., no symbolic links out, no listings, no hidden files")
    func staysInside() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "TOP SECRET".write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("private"), withIntermediateDirectories: true)
        try "TOP SECRET".write(to: folder.appendingPathComponent("private/index.html"), atomically: true, encoding: .utf8)
        let serve = try ServeProcess(["family.json", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        // Links a careless hand (or a synced folder) could leave in the archive.
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("private").path, withDestinationPath: folder.appendingPathComponent("private").path)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("system").path, withDestinationPath: "/etc")

        let attempts = [
            "/../secret.txt", "/../../../../etc/passwd", "/zoe-ava/../../secret.txt",
            "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/etc/passwd", "/zoe-ava/%2e%2e/%2e%2e/secret.txt",
            "/..%2fsecret.txt", "/assets/..%2f..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/..%5csecret.txt", "/%252e%252e/secret.txt",
            "/secret.txt%00.html", "/leak.txt", "/private/", "/private/index.html", "/system/passwd", "/system/hostname",
            "/.bbreport-manifest", "/assets/", "/./index.html/..", "//etc/passwd", "/index.html/", "/zoe-ava/days.json/",
        ]
        for target in attempts {
            let answer = try RawHTTP.get(target, port: serve.port)
            #expect(answer.status == 404, "\(target) → \(answer.status)")
            #expect(!answer.body.contains("TOP SECRET") && !answer.body.contains("root:x:0:0"), "\(target) leaked")
        }
        // A link inside the archive to a file inside the archive is fine.
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("home.html").path, withDestinationPath: "index.html")
        #expect(try RawHTTP.get("/home.html", port: serve.port).status == 200)
        #expect(try serve.interrupt() == 0)
    }

    @Test("a changed input or template rebuilds and reloads the open page; a broken template shows its error over the last good pages")
    func rebuildsAndReloads() async throws {
        try #require(Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)")
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ServeProcess(["family.json", "-o", "out", "--templates", "tpl"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        let browser = try await BrowserContext.open()
        let day = try #require(URL(string: "http://127.0.0.1:\(serve.port)/zoe-ava/2026/11/01.html"))
        let template = folder.appendingPathComponent("tpl/day.mustache")
        let original = try String(contentsOf: template, encoding: .utf8)

        func text(_ session: String, _ expression: String) async throws -> String {
            let result = try await browser.call("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
            return (result["result"] as? [String: Any])?["value"] as? String ?? ""
        }
        /// `expression`'s value once `done` holds for it, looking again for up to 10 s: the
        /// page only changes by reloading, and a loaded machine may deliver a reload late.
        func text(_ session: String, _ expression: String, once done: (String) -> Bool) async throws -> String {
            let deadline = Date().addingTimeInterval(10)
            while true {
                let value = try await text(session, expression)
                if done(value) || Date() > deadline { return value }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        /// Makes a change, then waits for the server's rebuild line, the reload message on
        /// the page's socket, and the page loading again.
        func change(_ session: String, expect line: String, _ edit: () throws -> Void) async throws -> String {
            let lines = serve.lineCount
            let seen = browser.devTools.eventCount(session: session)
            try edit()
            try serve.waitFor(stdout: line, skipping: lines)
            let frame = try await browser.devTools.waitFor("Network.webSocketFrameReceived", session: session, after: seen)
            try await browser.devTools.waitFor("Page.loadEventFired", session: session, after: seen)
            return ((frame["response"] as? [String: Any])?["payloadData"] as? String) ?? ""
        }

        var overlay = ""
        var afterFix = ""
        var problems: [String] = []
        _ = try await browser.load(day, javascript: true) { session in
            #expect(try await text(session, "document.title").contains("November 1"))
            // A template change.
            let message = try await change(session, expect: "tpl/day.mustache changed: Built 21 pages") {
                try original.replacingOccurrences(of: "{{/main}}", with: "<p id=\"marker\">Template changed</p>{{/main}}")
                    .write(to: template, atomically: false, encoding: .utf8)
            }
            #expect(message == "2")
            #expect(try await text(session, "document.getElementById('marker') ? document.getElementById('marker').textContent : ''") { $0 == "Template changed" } == "Template changed")
            // An input change: a note's words.
            let export = folder.appendingPathComponent("family.json")
            let data = try String(contentsOf: export, encoding: .utf8)
            _ = try await change(session, expect: "family.json changed: Built 21 pages") {
                try data.replacingOccurrences(of: "after vaccines", with: "after the second vaccines").write(to: export, atomically: true, encoding: .utf8)
            }
            #expect(try await text(session, "document.body.textContent") { $0.contains("after the second vaccines") }.contains("after the second vaccines"))
            // A broken template: the error over the page, the same words as the terminal.
            _ = try await change(session, expect: "tpl/day.mustache changed.") {
                try (original + "{{#broken}}\n").write(to: template, atomically: false, encoding: .utf8)
            }
            overlay = try await text(session, "document.querySelector('.bbreport-overlay pre') ? document.querySelector('.bbreport-overlay pre').textContent : ''") { !$0.isEmpty }
            #expect(try await text(session, "document.body.textContent").contains("after the second vaccines"))
            // Fixed again: the overlay goes.
            _ = try await change(session, expect: "tpl/day.mustache changed: Built 21 pages") {
                try original.write(to: template, atomically: false, encoding: .utf8)
            }
            afterFix = try await text(session, "String(document.querySelectorAll('.bbreport-overlay').length)") { $0 == "0" }
            // Nothing logged while it was served (once it stops, the page's socket is refused).
            problems = browser.problems(session: session)
            // Ctrl-C with the page still open and connected.
            #expect(try serve.interrupt() == 0)
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(overlay.hasPrefix("tpl/day.mustache:\(original.split(separator: "\n", omittingEmptySubsequences: false).count):1: error: section 'broken' is opened but never closed"), "\(overlay)")
        #expect(serve.stderr.hasPrefix(overlay + "\nnote: the last good archive is still served"), "\(serve.stderr)")
        #expect(afterFix == "0")
    }

    @Test("while the last build failed, other pages are still served from the last good archive, under the error")
    func brokenTemplateKeepsPages() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ServeProcess(["family.json", "-o", "out", "--templates", "tpl"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        let before = try RawHTTP.get("/zoe-ava/2026/11/01.html", port: serve.port)
        try "{{#entries}}\n".write(to: folder.appendingPathComponent("tpl/week.mustache"), atomically: false, encoding: .utf8)
        try serve.waitFor(stdout: "tpl/week.mustache changed.")
        let during = try RawHTTP.get("/zoe-ava/2026/11/01.html", port: serve.port)
        #expect(during.status == 200)
        #expect(during.body.contains("<pre>tpl/week.mustache:1:1: error: section &#39;entries&#39; is opened but never closed"))
        #expect(during.body.contains("You are looking at the last good build."))
        // Beneath the overlay, the same page as before.
        let page = { (body: String) in body.components(separatedBy: "<link rel=\"stylesheet\" href=\"/_bbreport/overlay.css\">")[0]
            .components(separatedBy: "<script src=\"/_bbreport/reload.js\"")[0] }
        #expect(page(during.body) == page(before.body))
        #expect(try serve.interrupt() == 0)
    }

    @Test("a missing input stops serve at once, as build would")
    func missingInput() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["serve", "nope.json", "-o", "out", "--port", "0"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: nope.json: no such file\n"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("with no archive yet, a failed first build is itself the page; a port in use is said plainly")
    func failedFirstBuild() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{\"format\": \"babybasics-export\", ".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let serve = try ServeProcess(["broken.json", "-o", "out"], in: folder)
        try serve.waitFor(stderr: "note: the browser shows this error until a fix is saved")
        #expect(serve.stderr.hasPrefix("error: broken.json: line 1, column 33: not valid JSON"), "\(serve.stderr)")
        let page = try RawHTTP.get("/", port: serve.port)
        #expect(page.status == 503)
        #expect(page.body.contains("<pre>error: broken.json: line 1, column 33: not valid JSON"), "\(page.body)")
        #expect(page.body.contains("There is no archive to show yet."))

        let second = try Tool.run(["serve", "family.json", "-o", "other", "--port", String(serve.port)], in: folder)
        #expect(second.status == 69)
        #expect(second.stderr == "error: cannot listen on 127.0.0.1:\(serve.port): the port is in use\nhint: another server (or another bbreport serve) is using it; pick another with --port, or --port 0 for any free port\n")
        #expect(try serve.interrupt() == 0)
    }

    @Test("only requests naming this server are answered; the reload socket only for its own pages; oversized requests are refused and closed")
    func hostileRequests() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ServeProcess(["family.json", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        let port = serve.port
        func request(_ head: String) throws -> RawHTTP.Response {
            try RawHTTP.exchange(Array((head + "\r\n").utf8), port: port)
        }
        // Host: a page that rebinds its own name to 127.0.0.1 sends its own name.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            #expect(try request("GET / HTTP/1.1\r\nHost: \(host)\r\n").status == 200, "\(host)")
        }
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port + 1)", "127.0.0.1", "127.0.0.1.nip.io:\(port)", "0:\(port)", ""] {
            let answer = try request("GET / HTTP/1.1\r\nHost: \(host)\r\n")
            #expect(answer.status == 403, "\(host)")
            #expect(!answer.body.contains("Zo"), "\(host)")
        }
        #expect(try request("GET / HTTP/1.1\r\n").status == 403)
        #expect(try request("GET /zoe-ava/days.json HTTP/1.1\r\nHost: attacker.test:\(port)\r\n").body.hasPrefix("This server answers only requests for 127.0.0.1:\(port)"))

        // The reload socket: a page of this server, or nothing.
        let upgrade = "GET /_bbreport/reload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for origin in ["Origin: http://evil.example\r\n", "Origin: http://evil.example:\(port)\r\n", "Origin: null\r\n",
                       "Origin: https://127.0.0.1:\(port)\r\n", ""] {
            #expect(try request(upgrade + origin).status == 403, "\(origin)")
        }
        let accepted = try RawHTTP.exchange(Array((upgrade + "Origin: http://127.0.0.1:\(port)\r\n\r\n").utf8), port: port, timeout: 1, until: "\r\n\r\n")
        #expect(accepted.status == 101)
        #expect(accepted.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")

        // Too large: answered and closed, not held open.
        let longPath = "/" + String(repeating: "a", count: 100_000)
        let long = try request("GET \(longPath) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        #expect(long.status == 414)
        let bigHeader = "X-Padding: " + String(repeating: "b", count: 2_000_000) + "\r\n"
        #expect(try request("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + bigHeader).status == 431)
        let manyHeaders = String(repeating: "X-A: b\r\n", count: 20_000)
        #expect(try request("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + manyHeaders).status == 431)
        #expect(try request("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 1000000000\r\n").status == 400)
        #expect(try request("NONSENSE\r\n").status == 400)
        // What can never become a request is answered, not held for the head's 10 s (the
        // exchange gives up after 5): lines ended by a bare LF, bytes that begin no method, a blank line.
        for raw in [Array("GET / HTTP/1.1\nHost: 127.0.0.1:\(port)\n\n".utf8), [0x00, 0x01, 0x02, 0xFF, 0x0D, 0x0A], Array("\r\n".utf8),
                    Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\n\n".utf8)] {
            #expect(try RawHTTP.exchange(raw, port: port, timeout: 5).status == 400, "\(raw.prefix(16))")
        }
        // Still serving after all that.
        #expect(try RawHTTP.get("/", port: port).status == 200)
        #expect(try serve.interrupt() == 0)
        #expect(serve.stderr.isEmpty, "\(serve.stderr)")
    }

    @Test("serve keeps answering pages: many reload sockets are capped, connections dripping their heads make room, and a full server says 503")
    func keepsAnswering() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try ServeProcess(["family.json", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built 21 pages")
        let port = serve.port
        /// A connection opened and sent `text`, then held open by the test.
        func open(_ text: String) -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            return fd
        }
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        // 100 pages' reload sockets, more than the 32 kept.
        let upgrade = "GET /_bbreport/reload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n"
        for _ in 0..<100 { held.append(open(upgrade)) }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try RawHTTP.get("/", port: port).status == 200)
        // 300 connections that never finish their heads, more than the 256 the server holds.
        for _ in 0..<300 { held.append(open("GET / HTTP/1.1\r\nHo")) }
        Thread.sleep(forTimeInterval: 0.5)
        var statuses: [Int] = []
        for _ in 0..<20 { statuses.append(try RawHTTP.get("/", port: port).status) }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 } && statuses.filter { $0 == 200 }.count >= 15, "\(statuses)")
        #expect(try serve.interrupt() == 0)
    }
}
