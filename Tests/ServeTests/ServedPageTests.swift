import Report
@testable import Serve
import Testing

@Suite struct ServedPageTests {
    @Test("the policy gains 'self' for scripts, styles and connections, and loses nothing", arguments: [
        ("default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; base-uri 'none'",
         "default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; base-uri 'none'; script-src 'self'; connect-src 'self'"),
        ("default-src 'none'; script-src file:; style-src file:",
         "default-src 'none'; script-src file: 'self'; style-src file: 'self'; connect-src 'self'"),
        ("script-src 'self'; style-src 'self'; connect-src 'self'",
         "script-src 'self'; style-src 'self'; connect-src 'self'"),
    ])
    func policy(given: String, served: String) {
        let page = #"<head><meta http-equiv="Content-Security-Policy" content="\#(given)"></head>"#
        #expect(ServedPage.widenedPolicy(page) == #"<head><meta http-equiv="Content-Security-Policy" content="\#(served)"></head>"#)
    }

    @Test("a page of someone's own templates without a policy or a </body> still gets the script")
    func bareTemplate() {
        let snapshot = ServeState.Snapshot(generation: 7, failure: nil)
        #expect(ServedPage.html("<p>hi</p>", state: snapshot) == "<p>hi</p><script src=\"/_bbreport/reload.js\" data-generation=\"7\"></script>\n")
        #expect(ServedPage.html("<BODY><p>hi</p></BODY>", state: snapshot)
            == "<BODY><p>hi</p><script src=\"/_bbreport/reload.js\" data-generation=\"7\"></script>\n</BODY>")
    }

    @Test("the overlay shows the message escaped, exactly as the terminal printed it")
    func overlay() {
        let failure = Diagnostic(.error, "section '<b>' is opened but never closed", at: "t/day.mustache:3:1")
        let page = ServedPage.html("<body></body>", state: ServeState.Snapshot(generation: 2, failure: failure))
        #expect(page.contains("<pre>t/day.mustache:3:1: error: section &#39;&lt;b&gt;&#39; is opened but never closed</pre>"))
        #expect(page.contains("You are looking at the last good build."))
    }

    @Test("a reload is announced when files changed or an error went away, and an error once")
    func generations() {
        let state = ServeState()
        #expect(state.succeeded(changed: 0) == nil)
        #expect(state.succeeded(changed: 3) == 1)
        let failure = Diagnostic(.error, "bad", at: "a:1:1")
        #expect(state.failed(failure) == 2)
        #expect(state.failed(failure) == nil)
        #expect(state.snapshot.failure?.description == "a:1:1: error: bad")
        #expect(state.succeeded(changed: 0) == 3)
        #expect(state.snapshot.failure == nil)
    }
}

@Suite struct ContentTypeTests {
    @Test("the files beside the pages are served as what they are: days.json, status.json, feed.xml")
    func types() {
        #expect(ContentType.of("ava/days.json") == "application/json")
        #expect(ContentType.of("status.json") == "application/json")
        #expect(ContentType.of("feed.xml") == "application/xml; charset=utf-8")
        #expect(ContentType.of("ava/2026/11/21.md") == "text/markdown; charset=utf-8")
        #expect(ContentType.of("unknown.bin") == "application/octet-stream")
    }
}
