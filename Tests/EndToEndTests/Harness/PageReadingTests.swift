import Foundation
import Testing

/// The page reader and the checks built on it see what they look for: a check that cannot
/// fail would pass every archive.
@Suite struct PageReadingTests {
    @Test("a page's text is what a reader reads: blocks apart, scripts and styles left out, entities read, spaces as one")
    func text() throws {
        let page = try HTMLDocument("""
            <!DOCTYPE html><html><head><title>Day</title><style>p { color: red }</style></head>
            <body><main><h1>Sat,&nbsp;Nov&nbsp;21</h1><ul><li class="entry entry-feed" data-kind="feed">7:00&#160;AM · <b>Feed</b></li>
            <li class="entry">8:00 AM · Diaper &amp; cream</li></ul><table><tr><td>1</td><td>2</td></tr></table>
            <script>var hidden = "no";</script><svg class="chart growth"><text>12 h</text></svg></main></body></html>
            """)
        #expect(page.text == "Sat, Nov 21 7:00 AM · Feed 8:00 AM · Diaper & cream 1 2 12 h")
        #expect(page.texts("li.entry") == ["7:00 AM · Feed", "8:00 AM · Diaper & cream"])
        #expect(page.texts("ul > li.entry-feed[data-kind=feed] b") == ["Feed"])
        #expect(page.texts("title, h1") == ["Day", "Sat, Nov 21"])
        #expect(page.all("svg.chart.growth text").count == 1 && page.all("svg.chart.bars").isEmpty)
        #expect(page.first("li")?.classes == ["entry", "entry-feed"])
    }

    @Test("the markup check sees script, handlers, styles, script addresses and elements the archive never writes")
    func markupCheck() {
        let allowed = """
            <html><head><link rel="stylesheet" href="a.css"><script src="assets/search.js" defer></script>
            <link rel="alternate" type="application/atom+xml" title="Baby Basics report" href="feed.xml"></head><body>
            <form class="search" role="search" hidden><input class="search-input" id="search-box" type="search"></form>
            <ul><li><input type="checkbox" disabled> done</li></ul><a href="ava/index.html">Ava</a></body></html>
            """
        #expect(MarkupCheck.problems(in: allowed).isEmpty, "\(MarkupCheck.problems(in: allowed))")
        for (bad, problem) in [
            ("<script>alert(1)</script>", "<script> that is not the search box's"),
            (#"<img src="x.png" onerror="alert(1)">"#, "<img onerror=…>"),
            (#"<a href=" JavaScript:alert(1)">x</a>"#, "<a href=javascript:alert(1)…>"),
            (#"<p style="color: red">x</p>"#, "<p style=…>"),
            ("<iframe src=\"x.html\"></iframe>", "<iframe>"),
            (#"<meta http-equiv="Refresh" content="0; url=x">"#, "<meta refresh>"),
            (#"<input type="text">"#, "<input> that is neither a task-list checkbox, the search box nor the diary's view"),
            (#"<input type="radio" name="diary-view" id="other">"#, "<input> that is neither"),
            (#"<link rel="preload" href="x.js">"#, "<link> that is neither our stylesheet nor the home's feed"),
            (#"<link rel="alternate" type="application/atom+xml" href="https://elsewhere.example/feed.xml">"#, "<link> that is neither"),
        ] {
            let problems = MarkupCheck.problems(in: "<html><body>\(bad)</body></html>")
            #expect(problems.contains { $0.hasPrefix(problem) }, "\(bad): \(problems)")
        }
    }

    @Test("the archive walk sees missing files, folders, addresses outside, fragments that name nothing, and notes that load")
    func archiveWalk() throws {
        let root = HarnessFolder.fresh()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ava"), withIntermediateDirectories: true)
        try Data("<html><body id=\"top\">ok</body></html>".utf8).write(to: root.appendingPathComponent("ava/index.html"))
        try Data("""
            <html><body><p id="here"><a href="ava/index.html#top">Ava</a> <a href="#here">here</a> <a href="#nowhere">x</a>
            <a href="ava/missing.html">x</a> <a href="ava">x</a> <a href="https://example.org/">x</a> <a href="../up.html">x</a>
            <div class="note-text"><a href="https://example.org/note">fine</a> <a href="ava/index.html">x</a> <img src="pic.png"></div></p></body></html>
            """.utf8).write(to: root.appendingPathComponent("index.html"))
        let problems = try ArchiveWalk.problems(page: "index.html", root: root)
        #expect(problems.sorted() == [
            "index.html: #nowhere names no element", "index.html: ../up.html leaves the archive", "index.html: a note links to ava/index.html",
            "index.html: a note loads pic.png", "index.html: ava names a folder, not a file", "index.html: ava/missing.html is missing",
            "index.html: external reference https://example.org/",
        ].sorted(), "\(problems)")
        #expect(ArchiveWalk.reachable(from: "index.html", in: root).contains("ava/index.html"))
    }
}
