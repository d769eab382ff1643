import Foundation
import Testing

/// The sleep diary: a row a day from the family's day start with sleep, feeds, crying and
/// night wakings where they happened, each row's figures beside it, the 48-hour view, and
/// one landscape sheet on A4 and Letter in every language's words.
@Suite struct DiaryTests {
    /// Sixteen days (Nov 6–21) of a girl born Sep 1, her day starting at 7 AM: naps at
    /// 9:00–10:15, 12:30–2:00 and 4:00–4:40 PM; nights 7:30–11:40 PM, 12:10–3:20 AM and
    /// 3:50–6:45 AM (two wakings); seven feeds a day, seventeen on Nov 16; 1h 55m of crying
    /// from 5:10 PM on Nov 9, 12, 15 and 18, and a spell of no length at 9 PM on Nov 15; no
    /// sleep logged on Nov 13; on Nov 21, asleep from 7:30 PM at the export (10 PM).
    static let export: String = {
        var events: [String] = []
        func at(_ day: Int, _ hour: Int, _ minute: Int) -> String {
            String(format: "2026-11-%02dT%02d:%02d:00-06:00", day + hour / 24, hour % 24, minute)
        }
        func add(_ fields: String) {
            events.append(#"{"id": "e\#(events.count)", "child_id": "c", \#(fields)}"#)
        }
        for day in 6...21 {
            var sleeps: [(Int, Int, Int, Int)] = [(9, 0, 10, 15), (12, 30, 14, 0), (16, 0, 16, 40)]
            if day < 21 { sleeps += [(19, 30, 23, 40), (24, 10, 27, 20), (27, 50, 30, 45)] }
            for sleep in sleeps where day != 13 {
                add(#""type": "sleep", "started_at": "\#(at(day, sleep.0, sleep.1))", "ended_at": "\#(at(day, sleep.2, sleep.3))""#)
            }
            if day == 21 { add(#""type": "sleep", "started_at": "\#(at(21, 19, 30))""#) }
            var feeds: [(Int, Int)] = [(7, 0), (10, 30), (14, 5), (17, 0), (19, 0), (23, 45), (27, 25)]
            if day == 16 {
                let cluster: [(Int, Int)] = (0..<14).map { index -> (Int, Int) in (8 + index / 2, index % 2 * 30) }
                feeds = [(7, 0)] + cluster + [(23, 45), (27, 25)]
            }
            for feed in feeds where day < 21 || feed.0 < 22 {
                add(#""type": "feeding", "started_at": "\#(at(day, feed.0, feed.1))", "feeding_type": "breast", "duration_minutes": 15"#)
            }
            add(#""type": "diaper", "occurred_at": "\#(at(day, 8, 0))", "diaper_type": "pee""#)
            if [9, 12, 15, 18].contains(day) {
                add(#""type": "crying", "started_at": "\#(at(day, 17, 10))", "ended_at": "\#(at(day, 19, 5))""#)
            }
        }
        add(#""type": "crying", "started_at": "\#(at(15, 21, 0))", "note": "in the car seat""#)
        return #"""
            {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
             "settings": {"timezone": "America/Chicago", "day_start": "07:00"},
             "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-09-01", "sex": "female"}],
             "events": [\#(events.joined(separator: ",\n"))]}
            """#
    }()

    static func diary(language: String) async throws -> HTMLDocument {
        try await SharedBuilds.shared.archive(export, arguments: ["--language", language, "--diary-days", "16"]).page("ava/diary.html")
    }

    /// The cells of the day table's row for `label`, after its strip.
    static func cells(_ page: HTMLDocument, _ label: String) throws -> [String] {
        let row = try #require(page.all("section.diary-day tbody tr").first { $0.first("th")?.text == label }, "no row \(label)")
        return row.all("td[data-label]").map(\.text)
    }

    @Test("16 days, a row each from 7 AM: total sleep, longest stretch and its start, night wakings and crying beside each strip")
    func rowsInEnglish() async throws {
        let page = try await Self.diary(language: "en-US")
        let rows = page.all("section.diary-day tbody tr")
        #expect(rows.map { $0.first("th")?.text ?? "" }.first == "Fri, Nov 6")
        #expect(rows.count == 16 && rows.last?.first("th")?.text == "Sat, Nov 21")
        #expect(try Self.cells(page, "Tue, Nov 10") == ["13h 40m", "4h 10m from 7:30 PM", "2", "–"])
        #expect(try Self.cells(page, "Thu, Nov 12") == ["13h 40m", "4h 10m from 7:30 PM", "2", "1h 55m"])
        // A day with no sleep logged says so; it is not a day awake.
        #expect(try Self.cells(page, "Fri, Nov 13") == ["not logged", "not logged", "not logged", "–"])
        #expect(page.texts("thead th").prefix(3) == ["Day", "The day, hour by hour7:00 AM10:00 AM1:00 PM4:00 PM7:00 PM10:00 PM1:00 AM4:00 AM", "Total sleep"])
        #expect(page.all("section.diary-day tbody tr").filter { $0.all("td").last?.text == "1h 55m" }.count == 4)
        #expect(page.texts(".diary-legend li") == ["Sleep", "Feed", "Crying", "Crying, length not logged", "Woke in the night",
                                                   "Before logging began or after the export"])
        #expect(page.text.contains("Night wakings: time awake between two sleeps that both began between 6:00 PM and 6:00 AM."))
        // Linked from the child's home and the visit summary.
        let archive = try await SharedBuilds.shared.archive(Self.export, arguments: ["--language", "en-US", "--diary-days", "16"])
        for path in ["ava/index.html", "ava/visit.html"] {
            #expect(try archive.page(path).all("a[href=diary.html]").count == 1, "\(path)")
        }
    }

    @Test("each mark sits at its time: minutes from the day start across 1,440 units, in both views")
    func marks() async throws {
        let page = try await Self.diary(language: "en-US")
        func strip(_ label: String, view: String = "diary-day") throws -> HTMLElement {
            let row = try #require(page.all("section.\(view) tbody tr").first { $0.first("th")?.text == label })
            return try #require(row.first("svg.strip"))
        }
        let tuesday = try strip("Tue, Nov 10")
        // Naps at 9:00 (120 minutes after 7:00), 12:30 and 4:00 PM; the night from 7:30 PM to 6:45 AM.
        #expect(tuesday.all("rect.bar-sleep").map { $0.attribute("x") ?? "" } == ["120", "330", "540", "750", "1030", "1250"])
        #expect(tuesday.all("rect.bar-sleep").map { $0.attribute("width") ?? "" } == ["75", "90", "40", "250", "190", "175"])
        #expect(tuesday.all("line.tick-feed").map { $0.attribute("x1") ?? "" } == ["0", "210", "425", "600", "720", "1005", "1225"])
        // Woke at 11:40 PM and 3:20 AM: a notch centred on each.
        #expect(tuesday.all("polygon.waking").map { $0.attribute("points") ?? "" } == ["991,0 1009,0 1000,7", "1211,0 1229,0 1220,7"])
        #expect(try strip("Mon, Nov 16").all("line.tick-feed").count == 17)
        let crying = try strip("Sun, Nov 15")
        #expect(crying.all("line.crying-band").map { ($0.attribute("x1") ?? "") + "–" + ($0.attribute("x2") ?? "") } == ["610–725"])
        #expect(crying.all("polygon.crying-peak").count == 1)
        // After the export nothing could be logged: shaded, not drawn as awake.
        #expect(try strip("Sat, Nov 21").all("rect.unlived").map { $0.attribute("x") ?? "" } == ["900"])
        // Double-plotted: each row a day and the next, the last with no next.
        let double = try strip("Tue, Nov 10", view: "diary-double")
        #expect(double.attribute("viewBox") == "0 0 2880 24")
        #expect(double.all("rect.bar-sleep").map { $0.attribute("x") ?? "" } == ["120", "330", "540", "750", "1030", "1250",
                                                                                "1560", "1770", "1980", "2190", "2470", "2690"])
        #expect(try strip("Sat, Nov 21", view: "diary-double").all("rect.bar-sleep").allSatisfy { Double($0.attribute("x") ?? "") ?? 0 < 1440 })
    }

    @Test("in German, Japanese and Arabic", arguments: [
        ("de", "Di. 10. Nov.", ["13 Std. 40 Min.", "4 Std. 10 Min. ab 19:30", "2", "–"]),
        ("ja", "11月10日(火)", ["13時間40分", "19:30から4時間10分", "2", "–"]),
        ("ar", "ثلاثاء، 10 نوفمبر", ["13 س 40 د", "4 س 10 د من 7:30 م", "2", "–"]),
    ])
    func languages(language: String, label: String, cells: [String]) async throws {
        let page = try await Self.diary(language: language)
        #expect(try Self.cells(page, label) == cells)
        #expect(page.root.attribute("dir") == (language == "ar" ? "rtl" : "ltr"))
    }

    @Test("in Arabic a row reads from its date on the right, its hours running leftward from the day start; in English the other way")
    func direction() async throws {
        let browser = try await BrowserContext.open()
        // Where the day start's reading and 7:30 PM's sleep are across the screen.
        let probe = #"""
            [document.querySelector(".diary-day .diary-axis span"), document.querySelectorAll(".diary-day .diary-axis span")[1],
             document.querySelector(".diary-day tbody th"), document.querySelectorAll(".diary-day tbody tr")[4].querySelectorAll("rect.bar-sleep")[3]]
              .map(e => Math.round(e.getBoundingClientRect().left)).join(" ")
            """#
        for language in ["en-US", "ar"] {
            let file = try await SharedBuilds.shared.archive(Self.export, arguments: ["--language", language, "--diary-days", "16"])
                .root.appendingPathComponent("ava/diary.html")
            let load = try await browser.load(file, javascript: false, viewport: (1280, 900), probe: probe)
            let lefts = (load.probed ?? "").split(separator: " ").compactMap { Int($0) }
            try #require(lefts.count == 4, "\(load.probed ?? "")")
            let (start, threeHours, date, evening) = (lefts[0], lefts[1], lefts[2], lefts[3])
            if language == "ar" {
                #expect(start > threeHours && date > start && evening < threeHours, "\(lefts)")
            } else {
                #expect(start < threeHours && date < start && evening > threeHours, "\(lefts)")
            }
        }
    }

    @Test("16 days with crying on 4 print on one landscape sheet, every word 8 pt or more",
          .enabled(if: Browser.available && Poppler.available, "needs Chromium and poppler-utils; scripts/test installs them"),
          arguments: [("en-US", "a4"), ("en-US", "letter"), ("de", "a4"), ("de", "letter"), ("ja", "a4"), ("ja", "letter"), ("ar", "a4"), ("ar", "letter")])
    func printed(language: String, paper: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.export.utf8).write(to: folder.appendingPathComponent("export.json"))
        let build = try await Tool.run(["build", "export.json", "-o", "out", "-q", "--pdf", "--paper", paper, "--language", language, "--diary-days", "16"],
                                       in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let pdf = folder.appendingPathComponent("out/ava/diary.pdf")
        let info = try Poppler.info(pdf)
        #expect(info.pages == 1, "\(language) on \(paper): \(info.pages) sheets")
        // `Page size: 841.92 x 594.96 pts (A4)`: wider than tall.
        let size = info.size.split(separator: " ").compactMap { Double($0) }
        #expect(size.count == 2 && size[0] > size[1] && info.size.hasSuffix(paper == "a4" ? "(A4)" : "(letter)"), "\(info.size)")
        // A Japanese font's box is its type size (DejaVu's, 1.164 times it).
        let small = try Poppler.wordHeights(pdf, page: 1).filter { $0.height < ($0.word.unicodeScalars.contains(where: PrintTests.isCJK) ? 7.95 : 9.25) }
        #expect(small.isEmpty, "\(language) on \(paper), under 8 pt: \(small.prefix(10))")
        let text = try Poppler.text(pdf, page: 1)
        let crying = ["en-US": "1h 55m", "de": "1 Std. 55 Min.", "ja": "1時間55分", "ar": "55"][language]!
        #expect(text.components(separatedBy: crying).count - 1 >= 4, "\(language): crying on 4 days in\n\(text)")
    }

    @Test("six weeks of the sample also fit one landscape sheet")
    func sixWeeks() async throws {
        guard Browser.available && Poppler.available else { return }
        let printed = try await SampleBuilds.archive(["--pdf", "--paper", "a4", "--diary-days", "42"])
        for child in ["ava", "leo"] {
            let pdf = printed.appendingPathComponent("\(child)/diary.pdf")
            #expect(try Poppler.info(pdf).pages == 1, "\(child)")
            #expect(try Poppler.wordHeights(pdf, page: 1).filter { $0.height < 9.25 }.isEmpty)
            #expect(try Poppler.text(pdf, page: 1).contains("Sun, Oct 11, 2026 – Sat, Nov 21, 2026 (42 days)"))
        }
    }

    @Test("--diary-days takes 7 to 42, on the command line and in the configuration file")
    func daysAllowed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for days in ["6", "43", "two"] {
            let result = try await Tool.run(["build", "-q", "--diary-days", days], in: folder)
            #expect(result.status == 64 && result.stderr.contains("is not a number of days for the sleep diary; use 7 to 42"), "\(result.stderr)")
        }
        try Data("diary_days: 50\n".utf8).write(to: folder.appendingPathComponent("family.yaml"))
        let config = try await Tool.run(["build", "-q", "--config", "family.yaml"], in: folder)
        #expect(config.status != 0 && config.stderr.contains("a number of days from 7 to 42"), "\(config.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("output").path))
    }
}
