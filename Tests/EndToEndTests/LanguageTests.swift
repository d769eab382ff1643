import Foundation
import Testing

@Suite struct LanguageTests {
    @Test("days.json and every data file are the same bytes in every language; the pages say which language they are in")
    func dataFilesAlike() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var snapshots: [String: [String: Data]] = [:]
        for code in ["en-US", "de", "ja", "ar", "fr-CA", "es-MX", "en-GB"] {
            let result = try Tool.run(["build", Tool.fixture("family.json"), "--language", code, "-o", code], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            snapshots[code] = try snapshot(of: folder.appendingPathComponent(code)).mapValues(\.0)
        }
        let english = try #require(snapshots["en-US"])
        for (code, files) in snapshots {
            for name in ["zoe-ava/days.json", "etc/days.json", ".bbreport-export-index"] {
                #expect(files[name] == english[name], "\(code): \(name)")
            }
            let home = String(decoding: try #require(files["index.html"]), as: UTF8.self)
            #expect(home.contains("<html lang=\"\(code)\" dir=\"\(code == "ar" ? "rtl" : "ltr")\""), "\(code)")
        }
        let german = String(decoding: try #require(snapshots["de"]?["zoe-ava/2026/11/01.html"]), as: UTF8.self)
        #expect(german.contains("Sonntag, 1. November 2026"))
        #expect(german.contains(">Einträge<"))
        #expect(!german.contains(" AM") && !german.contains(" PM"))
    }

    @Test("weeks begin on the language's first day: Sunday in US English, Monday in German, Saturday in Arabic; a week keeps its address",
          arguments: [("en-US", "Sunday", "11/01"), ("de", "Montag", "11/02"), ("ar", "السبت", "10/31")])
    func weekStart(code: String, firstDay: String, firstDate: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--language", code, "-o", "out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let month = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/11/index.html"), encoding: .utf8)
        let header = try #require(month.range(of: "<th scope=\"col\" class=\"week-col\">"))
        #expect(month[header.upperBound...].contains("</th><th scope=\"col\"><abbr title=\"\(firstDay)\">"), "\(code)")
        // Week 45 holds Monday, November 2 in every language: its page starts on the week's first day.
        let week = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/weeks/2026-W45.html"), encoding: .utf8)
        let firstLink = try #require(week.range(of: "href=\"../2026/"))
        #expect(week[firstLink.upperBound...].hasPrefix(firstDate + ".html"), "\(code)")
        // Every day links to the page of the week it is in.
        let day = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/\(firstDate).html"), encoding: .utf8)
        #expect(day.contains("weeks/2026-W45.html"), "\(code)")
    }

    @Test("the environment's language when none is chosen: LC_ALL, then LC_MESSAGES, then LANG; C is US English")
    func environment() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        for (lang, code) in [("de_DE.UTF-8", "de-DE"), ("ja_JP.UTF-8", "ja-JP"), ("C.UTF-8", "en-US"), ("it_IT.UTF-8", "en-US")] {
            environment["LANG"] = lang
            // The plain nightly line and the argument parser's way alike.
            for extra in [[], ["--scheme", "auto"]] {
                let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"] + extra, in: folder, environment: environment)
                #expect(result.status == 0, "\(result.stderr)")
                let home = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
                #expect(home.contains("<html lang=\"\(code)\""), "LANG=\(lang) \(extra)")
            }
        }
    }

    @Test("a language without words is refused before anything is written, naming those there are")
    func unknown() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--language", "it", "-o", "out"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: no pages in 'it' yet: the pages can be in ar, de, en, en-GB, es, fr, ja"))
        #expect(result.stderr.contains("--language-file PATH"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let clock = try Tool.run(["build", Tool.fixture("family.json"), "--clock", "25"], in: folder)
        #expect(clock.status == 64)
        #expect(clock.stderr.contains("'25' is not a clock; use 24 or 12"))
    }

    @Test("a family's own catalog: its words, English for the rest, a note naming what is missing; an unreadable one stops the build")
    func ownCatalog() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: Svenska\nwords:\n  entries: Händelser\n  notes: Anteckningar\n".write(to: folder.appendingPathComponent("sv.yaml"), atomically: true, encoding: .utf8)
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--language-file", "sv.yaml", "--clock", "12", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: sv.yaml: "))
        #expect(result.stderr.contains("words missing, shown in English: "))
        let day = try String(contentsOf: folder.appendingPathComponent("out/zoe-ava/2026/11/01.html"), encoding: .utf8)
        #expect(day.contains("<html lang=\"sv\""))
        #expect(day.contains(">Händelser<"))
        #expect(day.contains(">Summary<"))
        #expect(day.contains(" em<") || day.contains(" em ") || day.contains(" fm "), "Swedish 12-hour times")
        try "name: X\nwords:\n  entries: \"{count\"\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let bad = try Tool.run(["build", Tool.fixture("family.json"), "--language-file", "bad.yaml", "-o", "out"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("bad.yaml:3:12: error: a `{` without its `}` or an empty name"))
        let missing = try Tool.run(["build", Tool.fixture("family.json"), "--language-file", "none.yaml", "-o", "out"], in: folder)
        #expect(missing.stderr.contains("none.yaml: no such language file, or it cannot be read"))
    }

    @Test("a hostile language file stops at its line, said once and clean: aliases, bytes that are not UTF-8, a text of any length; keys no page uses are a warning")
    func hostileCatalogs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Nine levels of aliases, each ten of the last: 10^8 copies once expanded.
        var bomb = "name: Bomb\nwords:\n  x0: &a0 \"lollollollollollollollollollol\"\n"
        for level in 1...8 { bomb += "  x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]\n" }
        let files: [(String, Data, String)] = [
            ("bomb.yaml", Data(bomb.utf8), "bomb.yaml:3:7: error: an anchor or alias (&name, *name): a language file writes each text out; YAML's repeats are not read\n"),
            ("latin.yaml", Data("name: X\nwords:\n  entries: \"Caf".utf8) + Data([0xE9, 0x22, 0x0A]), "latin.yaml:3: error: not UTF-8 text\nhint: save the language file as UTF-8 (every editor can)\n"),
            ("broken.yaml", Data("name: X\nwords:\n  a: [b\n".utf8), "broken.yaml:4:1: error: not valid YAML: did not find expected ',' or ']'\n"),
        ]
        for (name, bytes, message) in files {
            try bytes.write(to: folder.appendingPathComponent(name))
            let result = try Tool.run(["build", Tool.fixture("family.json"), "--language-file", name, "-o", "out"], in: folder)
            #expect(result.status == 64 && result.stderr == message, "\(name): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        try "name: X\nwords:\n  entries: Händelser\n  entires: Typo\n".write(to: folder.appendingPathComponent("typo.yaml"), atomically: true, encoding: .utf8)
        let typo = try Tool.run(["build", Tool.fixture("family.json"), "--language-file", "typo.yaml", "-o", "out"], in: folder)
        #expect(typo.status == 0 && typo.stderr.contains("warning: typo.yaml: 1 key no page uses, not read: entires\n"), "\(typo.stderr)")
    }
}
