import Foundation
import Testing

/// What the nightly build tells beyond its pages: `status.json` read against its schema as
/// a dashboard's tooling reads it, `feed.xml` read by feedparser as a feed reader reads it,
/// and the morning message (`--notify`) as a webhook on 127.0.0.1 receives it.
@Suite struct MorningAfterTests {
    /// A seven-week-old's Saturday and night, exported at 7:30 on Sunday morning: a feed at
    /// 2:00, a fever of 38.4 °C at 2:05 and paracetamol at 2:10, allowed again after 4 hours.
    static let morning = Tool.fixture("morning.json")

    /// Runs the fixture that reads with feedparser or jsonschema (from PyPI, `scripts/test`).
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = environment["BBREPORT_PYTHON_TOOLS"] ?? Tool.packageRoot.appendingPathComponent(".build/test-tools/python").path
        let outcome = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Tool.fixture("read-feed-and-status.py")] + arguments,
                                     environment: environment)
        let (status, output, errors) = outcome
        return (status, String(decoding: output, as: UTF8.self) + String(decoding: errors, as: UTF8.self))
    }

    struct Feed: Decodable {
        struct Entry: Decodable {
            let id: String
            let title: String
            let link: String
            let updated: String
            let summary: String
        }

        let bozo: Bool
        let problem: String
        let version: String
        let entries: [Entry]
    }

    static func feed(in folder: URL) throws -> Feed {
        let (status, output) = try python(["feed", folder.appendingPathComponent("feed.xml").path])
        #expect(status == 0, "\(output)")
        return try JSONDecoder().decode(Feed.self, from: Data(output.utf8))
    }

    static func status(in folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("status.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func statusFileValidatesAndSaysTheNight() throws {
        let folder = try temporaryFolder()
        for (input, output) in [([Self.morning], "morning"), ([], "sample")] {
            let run = try Tool.run(["build"] + input + ["-o", output, "-q"], in: folder)
            try #require(run.status == 0, "\(run.stderr)")
            let (status, text) = try Self.python(["status", folder.appendingPathComponent("\(output)/status.json").path,
                                                  Tool.packageRoot.appendingPathComponent("docs/status.schema.json").path])
            #expect(status == 0 && text.hasPrefix("valid"), "\(output): \(text)")
        }
        let status = try Self.status(in: folder.appendingPathComponent("morning"))
        #expect(status["exported_at"] as? String == "2026-11-22T07:30:00-06:00")
        let mia = try #require((status["children"] as? [[String: Any]])?.first)
        let feed = try #require(mia["last_feed"] as? [String: Any])
        #expect(feed["at"] as? String == "2026-11-22T06:50:00-06:00" && feed["kind"] as? String == "bottle")
        #expect((feed["amount"] as? [String: Any])?["value"] as? Double == 110 && (feed["amount"] as? [String: Any])?["unit"] as? String == "mL")
        // The last breast feed (left, at 2:00) was within a day: the right comes next.
        #expect(feed["next_side"] as? String == "right")
        let sleep = try #require(mia["sleep"] as? [String: Any])
        #expect(sleep["state"] as? String == "awake" && sleep["since"] as? String == "2026-11-22T06:40:00-06:00")
        let reading = try #require(mia["temperature"] as? [String: Any])
        #expect((reading["temperature"] as? [String: Any])?["value"] as? Double == 38.4)
        #expect(reading["fever"] as? Bool == true && reading["recent_fever"] as? Bool == true)
        #expect((reading["fever_from"] as? [String: Any])?["value"] as? Double == 38)
        let dose = try #require(mia["last_dose"] as? [String: Any])
        #expect(dose["medicine"] as? String == "Paracetamol" && dose["next_allowed_at"] as? String == "2026-11-22T06:10:00-06:00")
        // Sunday's day began at 7:00 and logged nothing yet: not logged, never zero.
        let today = try #require(mia["today"] as? [String: Any])
        #expect(today["date"] as? String == "2026-11-22" && today["starts_at"] as? String == "2026-11-22T07:00:00-06:00")
        #expect(today["feeds"] is NSNull && today["sleep"] is NSNull && today["wet_diapers"] is NSNull && today["bottle_volume"] is NSNull)
        #expect(today["doses"] as? Int == 0)
    }

    @Test func theHomeAssistantExampleReadsTheFile() throws {
        let folder = try temporaryFolder()
        let run = try Tool.run(["build", Self.morning, "-o", "archive", "-q"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let (status, output) = try Self.python(["dashboard", Tool.packageRoot.appendingPathComponent("docs/nightly.md").path,
                                                folder.appendingPathComponent("archive/status.json").path])
        try #require(status == 0, "\(output)")
        let rendered = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String])
        #expect(rendered == ["Mia last feed": "2026-11-22T06:50:00-06:00", "Mia feeds today": "None", "Mia asleep since": "None",
                             "Mia fever": "True", "Mia last feed (again)": "2026-11-22T06:50:00-06:00"])
    }

    @Test func feedIsValidAtomWithIdsThatOutliveARebuild() throws {
        let folder = try temporaryFolder()
        // Two nightly exports: the night before's is this one without its last day.
        let sample = try Tool.run(["sample", "-o", "export-2026-11-21.json"], in: folder)
        try #require(sample.status == 0, "\(sample.stderr)")
        try Self.exportEndingEarlier(folder.appendingPathComponent("export-2026-11-21.json"), at: "2026-11-20T22:00:00-06:00",
                                     into: folder.appendingPathComponent("export-2026-11-20.json"))
        let first = try Tool.run(["build", "export-2026-11-20.json", "-o", "archive", "-q"], in: folder)
        try #require(first.status == 0, "\(first.stderr)")
        let before = try Self.feed(in: folder.appendingPathComponent("archive"))
        let second = try Tool.run(["build", "export-2026-11-21.json", "-o", "archive", "-q"], in: folder)
        try #require(second.status == 0, "\(second.stderr)")
        let after = try Self.feed(in: folder.appendingPathComponent("archive"))
        for feed in [before, after] {
            #expect(!feed.bozo, "\(feed.problem)")
            #expect(feed.version == "atom10")
            // 60 days of two children, newest first.
            #expect(feed.entries.count == 120)
        }
        #expect(after.entries.first?.title == "Ava · Saturday, November 21, 2026")
        #expect(after.entries.first?.link.hasSuffix("ava/2026/11/21.html") == true)
        #expect(after.entries.first.map { $0.summary.contains("feeds") && $0.summary.contains("asleep") } == true)
        // Every day both feeds hold keeps its id, and a day before the last two its updated time.
        let earlier = Dictionary(uniqueKeysWithValues: before.entries.map { ($0.title, $0) })
        let shared = after.entries.filter { earlier[$0.title] != nil }
        #expect(shared.count == 118)
        #expect(shared.allSatisfy { earlier[$0.title]?.id == $0.id })
        #expect(shared.filter { !$0.title.contains("November 2") }.allSatisfy { earlier[$0.title]?.updated == $0.updated })
        #expect(Set(after.entries.map(\.id)).count == 120)
    }

    /// The export at `url` as it was at `end`: the events begun by then, exported then.
    static func exportEndingEarlier(_ url: URL, at end: String, into earlier: URL) throws {
        var export = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let reader = ISO8601DateFormatter()
        let cutoff = try #require(reader.date(from: end))
        let events = try #require(export["events"] as? [[String: Any]])
        export["events"] = events.filter { event in
            let start = (event["started_at"] ?? event["occurred_at"]) as? String
            return start.flatMap(reader.date(from:)).map { $0 <= cutoff } ?? true
        }
        export["exported_at"] = end
        try JSONSerialization.data(withJSONObject: export).write(to: earlier)
    }

    @Test func feedInTheFamilysLanguage() throws {
        let folder = try temporaryFolder()
        let run = try Tool.run(["build", Self.morning, "-o", "archive", "-q", "--language", "de"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let feed = try Self.feed(in: folder.appendingPathComponent("archive"))
        #expect(!feed.bozo, "\(feed.problem)")
        #expect(feed.entries.map(\.title) == ["Mia · Samstag, 21. November 2026"])
        #expect(feed.entries.first?.summary.contains("Mahlzeiten") == true)
    }
}
