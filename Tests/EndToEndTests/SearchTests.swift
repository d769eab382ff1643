import Foundation
import Testing

/// The search box of the family and child homes, opened from disk in headless Chromium.
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct SearchTests {
    /// Types `query` into the page's search box (as input events, which the page's own
    /// script answers) and returns each result as `href|text`.
    static func search(_ query: String) -> String {
        """
        (function () {
          var input = document.querySelector(".search-input");
          input.value = \(Browser.literal(query));
          input.dispatchEvent(new Event("input"));
          var lines = [document.querySelector(".search-status").textContent];
          document.querySelectorAll(".search-results li").forEach(function (item) {
            lines.push(item.querySelector("a").getAttribute("href") + "|" + item.textContent);
          });
          return lines.join("\\n");
        })()
        """
    }

    @Test("the family home finds the day of a known note, a caregiver and a date, from file://")
    func familyHome() async throws {
        let out = try await PageLanguage.english.sample
        let browser = try await BrowserContext.open()
        let home = out.appendingPathComponent("index.html")
        // Where the note is, read from the pages themselves, newest first.
        let expected = ArchiveWalk.pages(in: out).filter { page in
            page.range(of: #"/[0-9]{2}\.html$"#, options: .regularExpression) != nil
                && ((try? String(contentsOf: out.appendingPathComponent(page), encoding: .utf8))?.contains("Umbilical stump fell off today.") ?? false)
        }.sorted { $0.suffix(13) > $1.suffix(13) }
        #expect(!expected.isEmpty)
        let note = try await browser.load(home, javascript: true, probe: Self.search("umbilical STUMP"))
        #expect(note.problems.isEmpty, "\(note.problems)")
        let lines = (note.probed ?? "").split(separator: "\n").map(String.init)
        #expect(lines.first == (expected.count == 1 ? "1 day." : "\(expected.count) days."), "\(lines)")
        #expect(lines.dropFirst().map { String($0.split(separator: "|")[0]) } == expected)
        #expect(lines.dropFirst().allSatisfy { $0.contains("Umbilical stump fell off today.") })

        let date = try await browser.load(home, javascript: true, probe: Self.search("2026-11-21"))
        let dated = (date.probed ?? "").split(separator: "\n").dropFirst().map { String($0.split(separator: "|")[0]) }
        #expect(dated == ["ava/2026/11/21.html", "leo/2026/11/21.html"])

        let person = try await browser.load(home, javascript: true, probe: Self.search("nanny joy feb 3"))
        let found = (person.probed ?? "").split(separator: "\n").map(String.init)
        #expect(found.dropFirst().allSatisfy { $0.contains("Logged by") && $0.contains("Nanny Joy") && $0.contains("Feb 3, 2026") }, "\(found.joined(separator: "\n"))")
        #expect(found.count > 1)

        let none = try await browser.load(home, javascript: true, probe: Self.search("zzzz"))
        #expect(none.probed == "No day matches “zzzz”.")
    }

    @Test("search finds health: a fever, a medicine, a food and its reaction, a stool colour, a vaccination")
    func health() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = VisitHealthTests.ordinaryDay("2026-11-20") + VisitHealthTests.ordinaryDay("2026-11-21") + [
            #""type": "temperature", "occurred_at": "2026-11-21T02:40:00-06:00", "celsius": 38.4"#,
            #""type": "temperature", "occurred_at": "2026-11-20T09:00:00-06:00", "celsius": 37.2"#,
            #""type": "medication", "occurred_at": "2026-11-21T03:05:00-06:00", "name": "Paracetamol", "dose": "2.5 ml""#,
            #""type": "solids", "occurred_at": "2026-11-20T12:10:00-06:00", "food": "sweet potato", "reaction": "rash on the chin""#,
            #""type": "diaper", "occurred_at": "2026-11-20T15:10:00-06:00", "diaper_type": "poop", "stool_color": "pale""#,
            #""type": "vaccination", "occurred_at": "2026-11-20T10:00:00-06:00", "name": "Hepatitis B", "dose": "2""#,
        ]
        try Data(VisitHealthTests.export(born: "2026-10-25", events: events).utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try await Tool.run(["build", "export.json", "-o", "out", "-q"], in: folder).status == 0)
        let browser = try await BrowserContext.open()
        let home = folder.appendingPathComponent("out/index.html")
        for (query, day, line) in [("fever", "21", "Temperature 38.4\u{00A0}°C, fever"), ("paracetamol", "21", "Medicine Paracetamol · 2.5 ml"),
                                   ("sweet potato", "20", "Solids sweet potato · rash on the chin"), ("rash", "20", "Solids sweet potato · rash on the chin"),
                                   ("pale", "20", "Stool pale"), ("hepatitis", "20", "Vaccination Hepatitis B · dose 2"),
                                   ("temperature", "21", "Temperature 38.4\u{00A0}°C, fever")] {
            let found = try await browser.load(home, javascript: true, probe: Self.search(query))
            let lines = (found.probed ?? "").split(separator: "\n").map(String.init)
            #expect(lines.dropFirst().first?.hasPrefix("ava/2026/11/\(day).html|") == true, "\(query): \(lines)")
            #expect(lines.dropFirst().first?.contains(line) == true, "\(query): \(lines)")
        }
        // A temperature under the threshold is found as a temperature, not as a fever.
        let fever = try await browser.load(home, javascript: true, probe: Self.search("fever"))
        #expect((fever.probed ?? "").hasPrefix("1 day."), "\(fever.probed ?? "")")
    }

    @Test("a child's home searches that child only, and ?q= opens with a search done")
    func childHome() async throws {
        let out = try await PageLanguage.english.sample
        let browser = try await BrowserContext.open()
        var url = URLComponents(url: out.appendingPathComponent("ava/index.html"), resolvingAgainstBaseURL: false)!
        url.queryItems = [URLQueryItem(name: "q", value: "umbilical")]
        let load = try await browser.load(url.url!, javascript: true,
                                    probe: #"[...document.querySelectorAll(".search-results a")].map(a => a.getAttribute("href")).join(" ")"#)
        #expect(load.problems.isEmpty, "\(load.problems)")
        #expect(load.probed == "../ava/2026/02/01.html")
    }

    @Test("with JavaScript off the search box is not shown, and nothing else is missing")
    func withoutJavaScript() async throws {
        let out = try await PageLanguage.english.sample
        let browser = try await BrowserContext.open()
        for page in ["index.html", "ava/index.html"] {
            var display: String?
            var input: String?
            let load = try await browser.load(out.appendingPathComponent(page), javascript: false) { session in
                display = try await browser.computedStyle("display", of: "form.search", session: session)
                input = try await browser.computedStyle("display", of: ".search-input", session: session)
            }
            #expect(load.problems.isEmpty, "\(page): \(load.problems)")
            #expect(display == "none", "\(page): the search form is \(display ?? "missing")")
            #expect(input != nil)
        }
    }
}
