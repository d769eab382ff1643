import Servers
import APITestServer
import Foundation
import Testing

/// A Baby Buddy server's data through `fetch --source babybuddy` and `build --source
/// babybuddy`, against a loopback server speaking Baby Buddy's shapes (Fixtures/babybuddy.json:
/// every feeding type and method, a dry change, a solid-food feeding, an empty note,
/// UTC timestamps with microseconds, pages of two records whose `next` names another host).
@Suite(.serialized) struct BabyBuddyTests {
    static let token = "0123456789abcdef0123456789abcdef01234567"

    func serve() async throws -> (APITestServer, URL) {
        let server = try APITestServer(exportFile: try Data(contentsOf: URL(fileURLWithPath: Tool.fixture("babybuddy.json"))), token: Self.token)
        return (server, try await server.start())
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TOKEN"] = Self.token
        return environment
    }

    func day(_ date: String, in file: URL) throws -> [String: Any] {
        try DaysFile.day(date, in: file)
    }

    @Test("fetch writes a valid export that builds to the same archive as build --source babybuddy, with the mapping of docs/inputs.md")
    func fetchAndBuild() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, url) = try await serve()
        defer { Task { await server.stop() } }
        let common = ["--source", "babybuddy", "--server", url.absoluteString, "--timezone", "America/Chicago"]
        let fetch = try await Tool.run(["fetch"] + common + ["-o", "bb.json"], in: folder, environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.hasPrefix("Fetched 2 children and 38 events from \(url.absoluteString) in "))
        // What is left out names Baby Buddy's own ids; an endpoint this server lacks is said once.
        let skipped = [
            "skipped 1 parent- or self-fed milk feeding (Baby Buddy feeding 107): they are not breast or bottle feeds; their notes are kept",
            "skipped 1 feeding of a type or method bbreport does not know (Baby Buddy feeding 108): a newer Baby Buddy may have added it; their notes are kept",
            "skipped 1 empty note (Baby Buddy note 602): there is nothing to show",
            "this Baby Buddy has no api/head-circumference/; nothing of that kind was read",
        ]
        #expect(fetch.stderr == skipped.map { "warning: \(url.absoluteString): \($0)\n" }.joined() + "hint: a newer Baby Buddy keeps them\n")

        // A warning about the data names the records as Baby Buddy numbers them.
        let validate = try await Tool.run(["validate", "bb.json"], in: folder)
        #expect(validate.status == 0 && validate.stderr.contains(
            "bb.json: events[34] (Baby Buddy sleep 312): this sleep overlaps the one at events[33] (Baby Buddy sleep 311); the two are counted once in the totals"),
            "\(validate.stdout)\(validate.stderr)")

        let fromFile = try await Tool.run(["build", "bb.json", "-o", "from-file", "-q"], in: folder)
        let fromServer = try await Tool.run(["build"] + common + ["-o", "from-server", "-q"], in: folder, environment: environment)
        #expect(fromFile.status == 0 && fromServer.status == 0, "\(fromFile.stderr)\(fromServer.stderr)")
        // Every page and days.json alike; only the manifest's fingerprint of the options differs
        // (one build was given --timezone, the other read it from the file).
        let a = try snapshot(of: folder.appendingPathComponent("from-file")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        let b = try snapshot(of: folder.appendingPathComponent("from-server")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        #expect(a.count > 10 && a == b, "fetch + build differs from build --source babybuddy: \(a.keys.filter { a[$0] != b[$0] }.sorted())")

        // The export: names from first + last, ids from the server and Baby Buddy's numbers.
        let export = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("bb.json"))) as? [String: Any])
        let children = try #require(export["children"] as? [[String: Any]])
        #expect(children.map { $0["name"] as? String } == ["Derrick Miller", "Ada"])
        #expect(children[0]["date_of_birth"] as? String == "2026-10-22" && children[1]["date_of_birth"] == nil)
        // A Baby Buddy that keeps a due date sends it; one that does not, sends none.
        #expect(children[0]["due_date"] as? String == "2026-11-19" && children[1]["due_date"] == nil)
        let ids = children.compactMap { $0["id"] as? String }
        #expect(ids.count == 2 && ids[0].hasSuffix("-child-1") && ids[1].hasSuffix("-child-2") && ids[0].hasPrefix("bb"))
        #expect((export["settings"] as? [String: Any])?["timezone"] as? String == "America/Chicago")
        let events = try #require(export["events"] as? [[String: Any]])
        func event(_ suffix: String) -> [String: Any]? { events.first { ($0["id"] as? String)?.hasSuffix(suffix) == true } }
        #expect(event("-feeding-101")?["started_side"] as? String == "left" && event("-feeding-101")?["duration_minutes"] as? Double == 16)
        #expect(event("-feeding-102")?["started_side"] as? String == "right")
        #expect(event("-feeding-103")?["both_sides"] as? Bool == true && event("-feeding-103")?["started_side"] == nil)
        #expect(event("-feeding-104")?["feeding_type"] as? String == "bottle" && event("-feeding-104")?["amount_ml"] as? Double == 120)
        #expect(event("-feeding-105")?["amount_ml"] as? Double == 90.5)
        #expect(event("-feeding-201")?["amount_ml"] as? Double == 60 && event("-feeding-201")?["duration_minutes"] == nil, "end == start: no duration")
        #expect(event("-feeding-105")?["started_at"] as? String == "2026-11-21T19:36:22.840-06:00")
        // A solid-food feeding is solids; the feedings left out keep their notes.
        #expect(event("-feeding-106")?["type"] as? String == "solids" && event("-feeding-106-notes")?["text"] as? String == "Sweet potato")
        #expect(event("-feeding-107") == nil && event("-feeding-107-notes")?["text"] as? String == "Tried a cup" && event("-feeding-108") == nil)
        #expect(event("-feeding-102-notes")?["text"] as? String == "Fussy at first" && event("-feeding-102-notes")?["category"] as? String == "feeding")
        #expect(["-change-401": "pee", "-change-402": "poop", "-change-403": "both", "-change-404": "dry", "-change-405": "pee"]
            .allSatisfy { event($0.key)?["diaper_type"] as? String == $0.value })
        #expect(event("-change-402")?["stool_color"] as? String == "yellow" && event("-change-403")?["stool_color"] as? String == "brown"
                && event("-change-401")?["stool_color"] == nil)
        #expect(event("-note-602") == nil)
        // Measurements at noon of their date, in the family's zone; °F read as such; pumping and tummy time with their text as notes.
        #expect(event("-weight-701")?["weight_kg"] as? Double == 4.21 && event("-weight-701")?["occurred_at"] as? String == "2026-11-21T12:00:00-06:00")
        #expect(event("-weight-701-notes")?["text"] as? String == "Clinic scale" && event("-weight-701-notes")?["category"] as? String == "growth")
        #expect(event("-height-801")?["length_cm"] as? Double == 55.5)
        #expect(abs((event("-temperature-901")?["celsius"] as? Double ?? 0) - 38) < 1e-9 && event("-temperature-902")?["celsius"] as? Double == 37.2)
        #expect(event("-pumping-1001")?["amount_ml"] as? Double == 110 && event("-pumping-1001")?["duration_minutes"] as? Double == 20)
        #expect(event("-tummy-time-1101")?["duration_minutes"] as? Double == 10
                && event("-tummy-time-1101-milestone")?["type"] as? String == "milestone"
                && event("-tummy-time-1101-milestone")?["text"] as? String == "Lifted head")
        // Medication (Baby Buddy 2.9): the dose with its unit, the interval to the next, its notes.
        #expect(event("-medication-1201")?["name"] as? String == "Paracetamol" && event("-medication-1201")?["dose"] as? String == "2.5 ml"
                && event("-medication-1201")?["next_dose_interval_minutes"] as? Double == 240)
        #expect(event("-medication-1201-notes")?["text"] as? String == "After the fever reading"
                && event("-medication-1201-notes")?["category"] as? String == "medication")
        #expect(event("-medication-1202")?["dose"] as? String == "1 drops" && event("-medication-1202")?["next_dose_interval_minutes"] == nil)
        #expect(event("-medication-1203")?["name"] as? String == "Medicine" && event("-medication-1203")?["dose"] == nil
                && event("-medication-1203")?["next_dose_interval_minutes"] as? Double == 1440)
        // Every note on every record is kept: days.json counts as many notes as the records hold non-empty texts.
        let served = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Tool.fixture("babybuddy.json")))) as? [String: Any])
        let texts = served.values.compactMap { $0 as? [[String: Any]] }.joined().compactMap { $0["notes"] ?? $0["note"] }
        let written = texts.compactMap { $0 as? String }.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.count
        var counted = 0
        for child in ["derrick-miller", "ada"] {
            counted += try Self.days(folder.appendingPathComponent("from-file/\(child)/days.json"))
                .reduce(0) { $0 + (($1["notes"] as? [String: Any])?["count"] as? Int ?? 0) }
        }
        #expect(written == 10 && counted == written, "\(counted) notes counted of \(written)")
        #expect(event("-note-601")?["text"] as? String == "Weight **4.2 kg** at the check-up")
        #expect(event("-sleep-302")?["ended_at"] as? String == "2026-11-22T05:45:00-06:00")

        // The figures of Derrick's Saturday, by hand: 8 AM left 16 min, 11 AM right 10 min,
        // 2 PM both 20.5 min, bottles of 120 and 90.5 ml; pee, poop, both, pee; a 9:00–10:30
        // nap and a night from 8:30 PM (3.5 h before midnight).
        let saturday = try day("2026-11-21", in: folder.appendingPathComponent("from-file/derrick-miller/days.json"))
        let feedings = try #require(saturday["feedings"] as? [String: Any])
        #expect(feedings["count"] as? Int == 5)
        #expect((feedings["bottle"] as? [String: Any])?["ml"] as? Double == 210.5)
        let breast = try #require(feedings["breast"] as? [String: Any])
        #expect(breast["count"] as? Int == 3 && breast["left"] as? Int == 1 && breast["right"] as? Int == 1 && breast["both_sides"] as? Int == 1)
        #expect(abs((breast["minutes"] as? Double ?? 0) - (16 + 10 + 20 + 30.5 / 60)) < 1e-9)
        let diapers = try #require(saturday["diapers"] as? [String: Any])
        #expect(diapers["count"] as? Int == 4 && diapers["pee"] as? Int == 2 && diapers["poop"] as? Int == 1 && diapers["both"] as? Int == 1)
        let sleep = try #require(saturday["sleep"] as? [String: Any])
        #expect(sleep["nap_seconds"] as? Int == 5400 && sleep["night_seconds"] as? Int == 12600 && sleep["longest_seconds"] as? Int == 33300)
        #expect((saturday["notes"] as? [String: Any])?["count"] as? Int == 10)
        #expect((diapers["stool_colors"] as? [String: Any])?["yellow"] as? Int == 1)

        // Paging: four pages of two feedings for child 1, each asked of our server only.
        let requests = await server.requests
        let feedingPages = requests.map(\.target).filter { $0.hasPrefix("/api/feedings") && $0.contains("child=1") }
        #expect(feedingPages.count == 2 * 4, "\(feedingPages)")  // fetch, then build --source babybuddy
        #expect(requests.allSatisfy { $0.authorization == "Token \(Self.token)" })
        for result in [fetch, fromFile, fromServer, validate] {
            #expect(!result.stdout.contains(Self.token) && !result.stderr.contains(Self.token))
        }
    }

    @Test("90 days of the sample, served as Baby Buddy holds them, give the sample's own days.json but for what Baby Buddy cannot hold")
    func ninetyDays() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await Tool.run(["sample", "--days", "90", "--seed", "3", "-o", "sample.json"], in: folder).status == 0)
        let server = try APITestServer(exportFile: try Data(contentsOf: folder.appendingPathComponent("sample.json")), token: Self.token, asBabyBuddy: true)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        // Baby Buddy keeps neither the zone nor the day start: give the sample's.
        let fromBabyBuddy = try await Tool.run(["build", "--source", "babybuddy", "--server", url.absoluteString, "--timezone", "America/Chicago",
                                          "--day-start", "07:00", "-o", "bb"], in: folder, environment: environment)
        #expect(fromBabyBuddy.status == 0, "\(fromBabyBuddy.stderr)")
        let pages = { (line: String) in line.components(separatedBy: " (")[0] }
        // Only the parent-fed milk feedings added after every 15th feed are left out, named by Baby Buddy's ids.
        let skipped = fromBabyBuddy.stderr.split(separator: "\n")
        #expect(skipped.count == 1 && skipped[0].hasPrefix("warning: \(url.absoluteString): skipped ")
                && skipped[0].contains(" parent- or self-fed milk feedings (Baby Buddy feedings ")
                && skipped[0].hasSuffix(", …): they are not breast or bottle feeds; their notes are kept"), "\(fromBabyBuddy.stderr)")
        let own = try await Tool.run(["build", "sample.json", "-o", "own"], in: folder)
        #expect(own.status == 0)
        // The growth pages too: Baby Buddy holds the weights, lengths and head circumferences.
        #expect(pages(own.stdout) == pages(fromBabyBuddy.stdout) && own.stdout.hasPrefix("Built 229 pages"), "\(own.stdout)\(fromBabyBuddy.stdout)")
        for child in ["ava", "leo"] {
            let sampleDays = try Self.days(folder.appendingPathComponent("own/\(child)/days.json"))
            let servedDays = try Self.days(folder.appendingPathComponent("bb/\(child)/days.json"))
            #expect(sampleDays.count == 91 && servedDays.count == sampleDays.count)
            for (index, (mine, theirs)) in zip(sampleDays, servedDays).enumerated() {
                // Baby Buddy's "both breasts" has no started side; the sleep still going
                // at export is a timer there, not a sleep.
                let last = index == sampleDays.count - 1
                #expect(Self.comparable(mine, last: last) == Self.comparable(theirs, last: last), "\(child) \(mine["date"] ?? "")")
            }
        }
    }

    /// Every day object of a days.json, in order.
    static func days(_ file: URL) throws -> [[String: Any]] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("{\"date\"") }
            .compactMap { line in
                let json = line.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            }
    }

    /// A day as canonical JSON, without what Baby Buddy cannot hold: the started sides (and
    /// the sleep, on the last day), red and pale stools, crying (it has no such record), and
    /// a measurement's time of day (it keeps the date; bbreport places it at noon) and grouping.
    static func comparable(_ day: [String: Any], last: Bool) -> String {
        var day = day
        day["crying"] = nil
        // Baby Buddy keeps weight, height and head circumference as records of their own: one of each a day, merged.
        day["measurements"] = (day["measurements"] as? [[String: Any]]).map { list in
            list.reduce(into: [String: Any]()) { merged, measurement in merged.merge(measurement.filter { $0.key != "at" }) { $1 } }
        }
        if var diapers = day["diapers"] as? [String: Any] {
            diapers["stool_colors"] = (diapers["stool_colors"] as? [String: Any])?.filter { $0.key != "red" && $0.key != "pale" }
            day["diapers"] = diapers
        }
        if var feedings = day["feedings"] as? [String: Any], var breast = feedings["breast"] as? [String: Any] {
            breast["left"] = nil
            breast["right"] = nil
            feedings["breast"] = breast
            day["feedings"] = feedings
        }
        if last { day["sleep"] = nil }
        return String(decoding: (try? JSONSerialization.data(withJSONObject: day, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    @Test("--amount-unit oz converts bottle amounts; without --timezone the build says which zone cuts the days")
    func ouncesAndZone() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, url) = try await serve()
        defer { Task { await server.stop() } }
        let fetch = try await Tool.run(["fetch", "--source", "babybuddy", "--server", url.absoluteString, "--amount-unit", "oz", "-o", "oz.json"],
                                 in: folder, environment: environment)
        #expect(fetch.status == 0)
        #expect(fetch.stderr.contains("warning: Baby Buddy does not keep the family's time zone: days are cut in this computer's ("))
        #expect(fetch.stderr.contains("hint: give --timezone (or timezone: in the configuration file), such as --timezone America/Chicago"))
        let text = try String(contentsOf: folder.appendingPathComponent("oz.json"), encoding: .utf8)
        #expect(text.contains(#""amount_ml":3548.8235475"#), "120 oz")
        #expect(!text.contains(#""timezone""#))
    }

    @Test("a token that may not read some endpoints (403) builds the rest and names each; one that may read no records exits 77")
    func caregiverToken() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func serve(forbidding endpoints: [String]) async throws -> (APITestServer, URL) {
            var data = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Tool.fixture("babybuddy.json")))) as! [String: Any]
            data["forbidden"] = endpoints
            let server = try APITestServer(exportFile: try JSONSerialization.data(withJSONObject: data), token: Self.token)
            return (server, try await server.start())
        }
        let (server, url) = try await serve(forbidding: ["medication", "notes"])
        defer { Task { await server.stop() } }
        let build = try await Tool.run(["build", "--source", "babybuddy", "--server", url.absoluteString, "--timezone", "America/Chicago", "-o", "out"],
                                 in: folder, environment: environment)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("api/medication/: this token may not read it (403); medicines are not in the archive\n"), "\(build.stderr)")
        #expect(build.stderr.contains("api/notes/: this token may not read it (403); notes are not in the archive\n"), "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
        let every = ["feedings", "sleep", "changes", "notes", "weight", "height", "head-circumference", "temperature", "pumping", "tummy-times", "medication"]
        let (locked, lockedURL) = try await serve(forbidding: every)
        defer { Task { await locked.stop() } }
        let refused = try await Tool.run(["fetch", "--source", "babybuddy", "--server", lockedURL.absoluteString, "--timezone", "America/Chicago", "-o", "bb.json"],
                                   in: folder, environment: environment)
        #expect(refused.status == 77 && refused.stderr.contains("this token may read the children but none of their records"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bb.json").path))
    }

    @Test("a rejected token exits 77 with the server's words; a 500 is retried and the fetch completes")
    func faults() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, url) = try await serve()
        defer { Task { await server.stop() } }
        var wrong = environment
        wrong["BBREPORT_TOKEN"] = "ffffffffffffffffffffffffffffffffffffffff"
        let rejected = try await Tool.run(["fetch", "--source", "babybuddy", "--server", url.absoluteString, "-o", "x.json"], in: folder, environment: wrong)
        #expect(rejected.status == 77)
        #expect(rejected.stderr.hasPrefix("error: GET \(url.absoluteString)/api/children/: the server rejected the token (401 Unauthorized): Invalid token.\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.json").path))

        await server.inject(.status(500), times: 1, on: "/api/sleep")
        let retried = try await Tool.run(["fetch", "--source", "babybuddy", "--server", url.absoluteString, "--timezone", "UTC",
                                    "--retry-base", "0", "-o", "y.json"], in: folder, environment: environment)
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout.hasPrefix("Fetched 2 children and 38 events"))
        let sleepRequests = await server.requests.map(\.target).filter { $0.hasPrefix("/api/sleep") && $0.contains("child=1") }
        #expect(sleepRequests.count == 2, "\(sleepRequests)")
    }
}
