import Foundation
import Testing

/// An encrypted archive opened in Chromium as a reader opens it: from file:// and from
/// `bbreport serve`, the passphrase asked once per visit by `templates/open.js`.
@Suite(.enabled(if: Browser.available, "needs Chromium; scripts/test installs it"))
struct EncryptedInBrowserTests {
    /// A page opened, its own scripts run (the search box is shown by search.js).
    static let opened = #"!document.querySelector("form.unlock") && document.readyState === "complete" && !document.querySelector("form.search[hidden]")"#
    static let status = #"document.querySelector(".unlock-status")?.textContent"#
    static let forget = "Forget on this device"

    /// `body`'s visible text once `condition` (JavaScript) holds in the tab, within 20 s.
    static func text(when condition: String, _ browser: BrowserContext, _ session: String) async throws -> String {
        try await browser.evaluate("""
            new Promise((resolve) => { const started = Date.now(); const timer = setInterval(() => {
              if ((\(condition)) || Date.now() - started > 20000) { clearInterval(timer); resolve(document.body ? document.body.innerText : ""); } }, 50); })
            """, session: session, timeout: 30)
    }

    static func type(_ passphrase: String, _ browser: BrowserContext, _ session: String) async throws {
        _ = try await browser.evaluate("""
            (() => { document.querySelector("form.unlock input").value = \(Browser.literal(passphrase));
                     document.querySelector("form.unlock").requestSubmit(); return ""; })()
            """, session: session)
    }

    /// Goes to `url` in the tab and waits for it to load.
    static func go(to url: String, _ browser: BrowserContext, _ session: String) async throws {
        let before = browser.devTools.eventCount(session: session)
        try await browser.call("Page.navigate", ["url": url], session: session)
        _ = try await browser.devTools.waitFor("Page.loadEventFired", session: session, after: before)
    }

    /// The address a link of the open page whose text is `text` (or whose selector is
    /// `selector`) leads to.
    static func link(_ selector: String, text: String? = nil, _ browser: BrowserContext, _ session: String) async throws -> String {
        let match = text.map { "&& a.textContent.trim() === \(Browser.literal($0))" } ?? ""
        return try await browser.evaluate("""
            (() => { const a = [...document.querySelectorAll(\(Browser.literal(selector)))].find((a) => true \(match));
                     return a ? new URL(a.getAttribute("href"), location.href).href : ""; })()
            """, session: session)
    }

    @Test("from file://: a wrong passphrase shows nothing; the right one the plain page's text; the next page opens without asking; search finds a medicine's day; it prints; a changed file says damaged")
    func fromDisk() async throws {
        let archive = try await EncryptedArchiveTests.sample()
        let plain = try await SampleBuilds.archive(["--markdown"])
        let browser = try await BrowserContext.open()
        func plainText(_ page: String) async throws -> String {
            try #require(try await browser.load(plain.appendingPathComponent(page), javascript: true, probe: "document.body.innerText").probed)
        }
        let homeText = try await plainText("index.html"), avaText = try await plainText("ava/index.html")
        let daysJSON = try String(contentsOf: plain.appendingPathComponent("ava/days.json"), encoding: .utf8)
        // A copy to damage: one byte of a day page's ciphertext changed, a month page cut short.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let damaged = folder.appendingPathComponent("archive")
        try FileManager.default.copyItem(at: archive, to: damaged)

        var seen: [String: String] = [:]
        var pdf = Data()
        _ = try await browser.load(archive.appendingPathComponent("index.html"), javascript: true) { session in
            try await Self.type("the kettle sings at dusk", browser, session)
            seen["wrong"] = try await Self.text(when: "\(Self.status) === \"Wrong passphrase\"", browser, session)
            try await Self.type(EncryptedArchiveTests.passphrase, browser, session)
            seen["home"] = try await Self.text(when: Self.opened, browser, session)
            try await Self.go(to: try await Self.link("h2 a", text: "Ava", browser, session), browser, session)
            seen["ava"] = try await Self.text(when: Self.opened, browser, session)
            let days = try await Self.link(".site-footer a", text: "days.json", browser, session)
            // Search: a medicine's name finds its days, and the first opens.
            seen["results"] = try await browser.evaluate("""
                new Promise((resolve) => { const input = document.querySelector(".search-input"); input.value = "Paracetamol";
                  input.dispatchEvent(new Event("input")); setTimeout(() => resolve(document.querySelector(".search-results")?.innerText || ""), 500); })
                """, session: session)
            let day = try await Self.link(".search-results a", browser, session)
            try await Self.go(to: day, browser, session)
            seen["day"] = try await Self.text(when: #"!document.querySelector("form.unlock") && document.readyState === "complete""#, browser, session)
            let printed = try await browser.call("Page.printToPDF", ["printBackground": true], session: session, timeout: 60)
            pdf = Data(base64Encoded: printed["data"] as? String ?? "") ?? Data()
            // days.json: handed over as a file (read here with fetch, which the page's policy
            // leaves to the reader's own click).
            try await browser.call("Page.setBypassCSP", ["enabled": true], session: session)
            try await Self.go(to: days, browser, session)
            seen["days.json"] = try await browser.evaluate("""
                new Promise((resolve) => { const started = Date.now(); const timer = setInterval(() => { const a = document.querySelector("a.unlock-download");
                  if (a || Date.now() - started > 20000) { clearInterval(timer); a ? fetch(a.href).then((r) => r.text()).then(resolve, (e) => resolve(String(e))) : resolve(""); } }, 50); })
                """, session: session)
            // The damaged copy, with the key kept for the tab: damaged, and nothing else.
            let dayName = day.split(separator: "/").suffix(2).joined(separator: "/")
            let sealed = damaged.appendingPathComponent(dayName)
            var shell = try Data(contentsOf: sealed)
            let at = try #require(shell.range(of: Data(#"id="sealed">"#.utf8))).upperBound + 40
            shell[at] = shell[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            try shell.write(to: sealed)
            try await Self.go(to: damaged.appendingPathComponent(dayName).absoluteString, browser, session)
            seen["changed"] = try await Self.text(when: "\(Self.status)?.includes(\"damaged\")", browser, session)
        }
        let wrong = try #require(seen["wrong"])
        #expect(wrong.contains("Wrong passphrase"))
        #expect(!wrong.contains("Ava") && !wrong.contains("Nov"), "\(wrong)")
        #expect(seen["home"]?.replacingOccurrences(of: " \(Self.forget)", with: "") == homeText)
        #expect(seen["home"]?.contains(Self.forget) == true)
        #expect(seen["ava"]?.replacingOccurrences(of: " \(Self.forget)", with: "") == avaText, "the child's home asked again or showed another text")
        #expect(seen["results"]?.contains("Paracetamol") == true, "\(seen["results"] ?? "")")
        #expect(seen["day"]?.contains("Paracetamol") == true, "\(seen["day"] ?? "")")
        #expect(seen["days.json"] == daysJSON)
        let changed = try #require(seen["changed"])
        #expect(changed.contains("This page was changed or damaged"), "\(changed)")
        #expect(!changed.contains("Paracetamol") && !changed.contains("Ava"), "\(changed)")
        let pdfFile = folder.appendingPathComponent("day.pdf")
        try pdf.write(to: pdfFile)
        let (_, printedText, _) = try await runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdfFile.path, "-"])
        #expect(String(decoding: printedText, as: UTF8.self).contains("Paracetamol"), "the printed page lost its content")
        #expect(!String(decoding: printedText, as: UTF8.self).contains(Self.forget))
    }

    @Test("a file cut short says damaged; the shell asks in the family's language; without scripts it says they are needed")
    func cutShort() async throws {
        let archive = try await EncryptedArchiveTests.sample()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cut = folder.appendingPathComponent("index.html")
        let whole = try Data(contentsOf: archive.appendingPathComponent("index.html"))
        try whole.prefix(whole.count - 5000).write(to: cut)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("assets"), withDestinationURL: archive.appendingPathComponent("assets"))
        let browser = try await BrowserContext.open()
        var seen = ""
        let load = try await browser.load(cut, javascript: true) { session in
            let asking = try await browser.evaluate(Self.status + #" || """#, session: session)
            #expect(asking == "Enter the passphrase to open this page")
            try await Self.type(EncryptedArchiveTests.passphrase, browser, session)
            seen = try await Self.text(when: "\(Self.status)?.includes(\"damaged\")", browser, session)
        }
        #expect(seen.contains("This page was changed or damaged"), "\(seen)")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let withoutScripts = try await browser.load(archive.appendingPathComponent("index.html"), javascript: false, probe: "document.body.innerText")
        #expect(withoutScripts.probed?.contains("This archive is encrypted. Opening it needs JavaScript") == true, "\(withoutScripts.probed ?? "")")
    }

    @Test("from bbreport serve on 127.0.0.1: a wrong passphrase shows nothing; the right one opens the family's home and a child's")
    func fromServe() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Tool.fixture("family.json"), toPath: folder.appendingPathComponent("family.json").path)
        let serve = try ServeProcess(["family.json", "-o", "out", "--encrypt"], in: folder, environment: EncryptedArchiveTests.environment())
        let browser = try await BrowserContext.open()
        var seen: [String: String] = [:]
        _ = try await browser.load(URL(string: "http://127.0.0.1:\(serve.port)/")!, javascript: true) { session in
            try await Self.type("the kettle sings at dusk", browser, session)
            seen["wrong"] = try await Self.text(when: "\(Self.status) === \"Wrong passphrase\"", browser, session)
            try await Self.type(EncryptedArchiveTests.passphrase, browser, session)
            seen["home"] = try await Self.text(when: Self.opened, browser, session)
            try await Self.go(to: try await Self.link("h2 a", browser, session), browser, session)
            seen["child"] = try await Self.text(when: Self.opened, browser, session)
        }
        #expect(seen["wrong"]?.contains("Wrong passphrase") == true && seen["wrong"]?.contains("Zoë") == false, "\(seen["wrong"] ?? "")")
        #expect(seen["home"]?.contains("Zoë") == true, "\(seen["home"] ?? "")")
        #expect(seen["child"]?.contains(Self.forget) == true, "\(seen["child"] ?? "")")
        #expect(try serve.interrupt() == 0)
    }
}
