import Foundation
import Testing

/// The family home as a parent opens it at 3 AM, five hours after the nightly export:
/// times count from the reader's clock, the health card names the fever and the dose.
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct HomeClockTests {
    /// Exported Sat, Nov 21, 2026 at 10:00 PM in Chicago.
    static let exported: Int64 = 1_795_320_000_000

    static func home(_ folder: URL) async throws -> URL {
        var events = VisitHealthTests.ordinaryDay("2026-11-20") + VisitHealthTests.ordinaryDay("2026-11-21")
        events += [
            #""type": "temperature", "occurred_at": "2026-11-21T20:40:00-06:00", "celsius": 38.4"#,
            #""type": "medication", "occurred_at": "2026-11-21T21:05:00-06:00", "name": "Paracetamol", "dose": "2.5 ml", "next_dose_interval_minutes": 360"#,
            #""type": "feeding", "started_at": "2026-11-21T21:30:00-06:00", "feeding_type": "breast", "started_side": "left", "duration_minutes": 12"#,
        ]
        try Data(VisitHealthTests.export(born: "2026-10-25", events: events).utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try await Tool.run(["build", "export.json", "-o", "out", "-q"], in: folder).status == 0)
        return folder.appendingPathComponent("out/index.html")
    }

    static let cards = #"[...document.querySelectorAll(".dash-card")].map(card => card.innerText.replace(/\s+/g, " ")).join("\n") + "\n" + document.querySelector(".as-of").innerText + "\n" + (document.querySelector(".stale").hidden ? "" : document.querySelector(".stale").innerText)"#

    @Test("at 3 AM the cards count from the reader's clock, today is named by its date, and the page says how old the export is")
    func readersClock() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try await Self.home(folder)
        let browser = try await BrowserContext.open()
        let threeAM = try await browser.load(home, javascript: true, dark: true, viewport: (390, 844), clock: Self.exported + 5 * 3_600_000, probe: Self.cards)
        #expect(threeAM.problems.isEmpty, "\(threeAM.problems)")
        let text = (threeAM.probed ?? "").replacingOccurrences(of: "\u{00A0}", with: " ")
        for expected in ["Feed 5h ago Next: right side", "feeds on Sat, Nov 21", "Diaper 6h 50m ago", "Awake for 12h",
                         "Health Fever 38.4 °C at 8:40 PM", "Paracetamol · 2.5 ml at 9:05 PM; next allowed at 3:05 AM on Sun, Nov 22",
                         "Times count from now, on this device's clock. The data is as exported Sat, Nov 21, 10:00 PM.",
                         "Exported 5h ago: anything logged since is not here."] {
            #expect(text.contains(expected), "\(expected) in:\n\(text)")
        }
        #expect(!text.contains("today"))
        // An hour after the export, the same page: no warning, and still today.
        let soon = try await browser.load(home, javascript: true, clock: Self.exported + 3_600_000, probe: Self.cards)
        let fresh = (soon.probed ?? "").replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(fresh.contains("Feed 1h ago") && fresh.contains("feeds today"), "\(fresh)")
        #expect(!fresh.contains("Exported"))
    }

    @Test("on a 390 × 844 phone at 3 AM, both children of the sample are on the first screen, each with its cards")
    func bothChildrenAboveTheFold() async throws {
        let home = try await PageLanguage.english.sample.appendingPathComponent("index.html")
        let browser = try await BrowserContext.open()
        let probe = #"[...document.querySelectorAll(".child")].map(c => Math.round(c.querySelector("h2").getBoundingClientRect().bottom) + " " + Math.round(c.querySelector(".dash-card").getBoundingClientRect().top)).join(",")"#
        for clock in [Self.exported + 3_600_000, Self.exported + 5 * 3_600_000] {
            let load = try await browser.load(home, javascript: true, dark: true, viewport: (390, 844), clock: clock, probe: probe)
            let children = (load.probed ?? "").split(separator: ",").map { $0.split(separator: " ").compactMap { Int($0) } }
            #expect(children.count == 2, "\(load.probed ?? "")")
            #expect(children.allSatisfy { $0.count == 2 && $0[0] <= 844 && $0[1] < 844 }, "name bottom, first card top: \(load.probed ?? "")")
        }
        // The sample's day starts at 7 AM: "today" says so, and after 7 AM names its date.
        let today = #"document.querySelector(".card-today").textContent"#
        let night = try await browser.load(home, javascript: true, clock: Self.exported + 5 * 3_600_000, probe: today)
        #expect(night.probed?.hasSuffix("feeds since 7:00 AM") == true, "\(night.probed ?? "")")
        let morning = try await browser.load(home, javascript: true, clock: Self.exported + 10 * 3_600_000, probe: today)
        #expect(morning.probed?.hasSuffix("feeds on Sat, Nov 21") == true, "\(morning.probed ?? "")")
    }

    @Test("without script the home says plainly that its times count from the export, and shows the same health card")
    func withoutScript() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try await Self.home(folder)
        let browser = try await BrowserContext.open()
        let load = try await browser.load(home, javascript: false, clock: Self.exported + 5 * 3_600_000, probe: Self.cards)
        let text = (load.probed ?? "").replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(text.contains("As of 10:00 PM, Sat, Nov 21, when the data was exported: times count from then."), "\(text)")
        #expect(text.contains("Feed just now"))
        #expect(text.contains("Health Fever 38.4 °C"))
        #expect(load.html.contains(#"<li class="dash-card card-note fever">"#))
    }
}
