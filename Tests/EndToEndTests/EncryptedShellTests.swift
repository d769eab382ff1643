import Encryption
import Foundation
import Testing

/// A page of an encrypted archive opened in Chromium from file:// by `templates/open.js`:
/// the sample's pages sealed into shells at their own places (as the build will write them),
/// then asked for the passphrase in one tab as a reader would.
@Suite(.enabled(if: Browser.available, "needs Chromium; scripts/test installs it"))
struct EncryptedShellTests {
    static let passphrase = "the kettle sings at dawn"
    static let words = #"{"unlock_wrong":"Wrong passphrase","unlock_damaged":"This page was changed or damaged","unlock_opening":"Opening…","unlock_ask":"Passphrase","unlock_no_crypto":"no WebCrypto"}"#

    /// A shell of `page` sealed with `key` for `name`, its scripts at `assets`.
    static func shell(_ page: Data, key: SealingKey, salt: [UInt8], name: String, assets: String) throws -> Data {
        let sealed = try #require(Sealed.seal([UInt8](page), key: key, context: Array(name.utf8)))
        let check = try #require(Sealed.seal(Array("bbreport".utf8), key: key, context: Array("check".utf8)))
        return Data("""
            <!doctype html>
            <html lang="en" data-salt="\(Data(salt).base64EncodedString())" data-rounds="\(SealingKey.iterations)" data-name="\(name)" data-check="\(Data(check).base64EncodedString())" data-unlock-words='\(words)'>
            <head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; script-src 'self' file:; base-uri 'none'; form-action 'none'"><title>Encrypted</title></head>
            <body><form class="unlock" hidden><label>Passphrase <input type="password" autocomplete="current-password"></label><button>Open</button></form>
            <p class="unlock-status" role="status"></p><noscript>An encrypted archive needs JavaScript.</noscript>
            <script type="application/octet-stream" id="sealed">\(Data(sealed).base64EncodedString())</script>
            <script src="\(assets)/open.js"></script></body></html>
            """.utf8)
    }

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

    @Test("a wrong passphrase says so and shows nothing; the right one shows the plain page's text; the next page opens without asking; a changed byte says damaged")
    func opensOncePerVisit() async throws {
        let plain = try await SampleBuilds.archive()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("archive")
        try FileManager.default.copyItem(at: plain, to: archive)
        try FileManager.default.copyItem(at: Tool.packageRoot.appendingPathComponent("templates/open.js"), to: archive.appendingPathComponent("assets/open.js"))
        let salt = try #require(RandomBytes.make(16))
        let key = try #require(SealingKey.derive(passphrase: Array(Self.passphrase.utf8), salt: salt))
        let day = "ava/2026/11/20.html", home = "ava/index.html", other = "ava/2026/11/19.html"
        for (page, name) in [(day, "d1"), (home, "h1"), (other, "o1")] {
            let url = archive.appendingPathComponent(page)
            try Self.shell(try Data(contentsOf: url), key: key, salt: salt, name: name, assets: "\(page.split(separator: "/").dropLast().map { _ in ".." }.joined(separator: "/"))/assets")
                .write(to: url)
        }
        // One byte of the third page's ciphertext changed.
        let damaged = archive.appendingPathComponent(other)
        var shell = try String(contentsOf: damaged, encoding: .utf8)
        let payload = try #require(shell.range(of: #"id="sealed">"#)).upperBound
        let flipAt = shell.index(payload, offsetBy: 40)
        shell.replaceSubrange(flipAt...flipAt, with: shell[flipAt] == "A" ? "B" : "A")
        try Data(shell.utf8).write(to: damaged)

        let browser = try await BrowserContext.open()
        let dayText = try #require(try await browser.load(plain.appendingPathComponent(day), javascript: true, probe: "document.body.innerText").probed)
        let homeText = try #require(try await browser.load(plain.appendingPathComponent(home), javascript: true, probe: "document.body.innerText").probed)
        var seen: [String: String] = [:]
        _ = try await browser.load(archive.appendingPathComponent(day), javascript: true) { session in
            try await Self.type("the kettle sings at dusk", browser, session)
            seen["wrong"] = try await Self.text(when: #"document.querySelector(".unlock-status")?.textContent === "Wrong passphrase""#, browser, session)
            try await Self.type(Self.passphrase, browser, session)
            // Opened, and its own scripts run (the search box is shown by search.js, deferred).
            seen["day"] = try await Self.text(when: #"!document.querySelector("form.unlock") && document.readyState === "complete" && !document.querySelector("form.search[hidden]")"#, browser, session)
            for (page, key) in [(home, "home"), (other, "damaged")] {
                let before = browser.devTools.eventCount(session: session)
                try await browser.call("Page.navigate", ["url": archive.appendingPathComponent(page).absoluteString], session: session)
                _ = try await browser.devTools.waitFor("Page.loadEventFired", session: session, after: before)
                seen[key] = try await Self.text(when: #"(!document.querySelector("form.unlock") && document.readyState === "complete" && !document.querySelector("form.search[hidden]")) || document.querySelector(".unlock-status")?.textContent.length > 0"#, browser, session)
            }
        }
        let wrong = try #require(seen["wrong"])
        #expect(wrong.contains("Wrong passphrase"))
        #expect(!wrong.contains("Nov") && !wrong.contains("Ava"), "\(wrong)")
        #expect(seen["day"] == dayText)
        #expect(seen["home"] == homeText, "the next page asked again or showed another text")
        #expect(seen["damaged"]?.contains("This page was changed or damaged") == true, "\(seen["damaged"] ?? "")")
    }
}
