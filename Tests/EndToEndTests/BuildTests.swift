import Foundation
import Testing

@Suite struct BuildTests {
    @Test("building an export writes every page kind and days.json per child, every page reachable from index.html")
    func buildsFixture() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--output", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Built 21 pages (34 files changed) for 2 children in "))
        #expect(result.stdout.hasSuffix(" s → out/\n"))
        #expect(result.stderr.isEmpty)

        let out = folder.appendingPathComponent("out")
        let files = try snapshot(of: out).keys.sorted()
        #expect(files == [
            ".bbreport-export-index", ".bbreport-manifest", "assets/bbreport.css", "assets/paper-landscape.css", "assets/paper.css", "assets/search-index.js",
            "assets/search.js",
            "assets/theme.css", "compare.html",
            "etc/2026/11/02.html", "etc/2026/11/index.html", "etc/days.json", "etc/diary.html", "etc/index.html", "etc/trends.html", "etc/visit-print.css", "etc/visit.html",
            "etc/weeks/2026-W45.html",
            "feed.xml", "index.html", "status.json", "themes.html",
            "zoe-ava/2026/10/31.html", "zoe-ava/2026/10/index.html", "zoe-ava/2026/11/01.html", "zoe-ava/2026/11/02.html",
            "zoe-ava/2026/11/index.html", "zoe-ava/days.json", "zoe-ava/diary.html", "zoe-ava/index.html", "zoe-ava/trends.html", "zoe-ava/visit-print.css", "zoe-ava/visit.html",
            "zoe-ava/weeks/2026-W44.html", "zoe-ava/weeks/2026-W45.html",
        ].sorted())
        let reachable = ArchiveWalk.reachable(from: "index.html", in: out)
        // status.json is for dashboards, which are pointed at it; the home links the feed.
        for page in files where (page.hasSuffix(".html") || page.hasSuffix(".json") || page.hasSuffix(".xml")) && page != "status.json" {
            #expect(reachable.contains(page), "\(page) cannot be reached from index.html")
        }
    }

    @Test("days.json and a day page match their golden files")
    func golden() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--output", "out"], in: folder)
        #expect(result.status == 0)
        for file in ["zoe-ava/days.json", "zoe-ava/2026/10/31.html", "zoe-ava/2026/11/01.html", "etc/days.json",
                     "zoe-ava/weeks/2026-W44.html", "index.html", "zoe-ava/visit.html"] {
            try expectGolden(try Data(contentsOf: folder.appendingPathComponent("out/\(file)")), "golden/\(file)")
        }
    }

    @Test("--markdown writes each page's Markdown beside its HTML, to paste; without it they go again")
    func markdownBeside() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--markdown"], in: folder).status == 0)
        let out = folder.appendingPathComponent("out")
        let files = try snapshot(of: out).keys
        let pages = files.filter { $0.hasSuffix(".html") }.map { $0.dropLast(5) }.sorted()
        #expect(files.filter { $0.hasSuffix(".md") }.map { $0.dropLast(3) }.sorted() == pages)
        let day = try String(contentsOf: out.appendingPathComponent("zoe-ava/2026/11/01.md"), encoding: .utf8)
        #expect(day.hasPrefix("# Zoë & Ava · Sunday, November 1, 2026\n\n6 weeks old · day from 7:00 AM to 7:00 AM the next morning\n\n## Summary\n"))
        #expect(day.contains("\n## Entries\n\n- **"))
        #expect(day.contains("Temp **37.9 °C** after vaccines."))
        #expect(!day.contains("<svg") && !day.contains("<div") && !day.contains("class="))

        let without = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder)
        #expect(without.status == 0)
        #expect(without.stdout.hasPrefix("Built 21 pages (0 files changed, 21 removed) for 2 children"), "\(without.stdout)")
        #expect(try snapshot(of: out).keys.filter { $0.hasSuffix(".md") }.isEmpty)
    }

    @Test("the same input gives byte-identical archives")
    func deterministic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "a"], in: folder).status == 0)
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "b"], in: folder).status == 0)
        let a = try snapshot(of: folder.appendingPathComponent("a")).mapValues(\.0)
        let b = try snapshot(of: folder.appendingPathComponent("b")).mapValues(\.0)
        #expect(a == b)
    }

    @Test("notes are rendered as Markdown in safe mode: raw HTML as the text typed, no javascript: links")
    func safeNotes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/11/01.html"), encoding: .utf8)
        #expect(page.contains("<strong>37.9 °C</strong>"))
        #expect(page.contains("type=\"checkbox\""))
        // The raw HTML, and the link inside it, show as the text typed.
        #expect(!page.contains("<script"))
        #expect(!page.contains("href=\"javascript:"))
        #expect(page.contains("<p>&lt;script&gt;alert('x')&lt;/script&gt; [bad](javascript:alert(1))</p>"))
        #expect(page.contains("Content-Security-Policy"))
    }

    @Test("with no file, the bundled sample is built into output/, saying so")
    func bundledSample() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("note: no export file given: building the bundled sample (2 children, 300 days)\n"))
        #expect(result.stdout.hasPrefix("Built 723 pages (736 files changed) for 2 children in "))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/index.html").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/ava/days.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/leo/days.json").path))
    }
}
