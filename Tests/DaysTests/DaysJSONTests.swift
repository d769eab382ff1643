import Foundation
import Days
import Sample
import Testing
import Timekeeping

@Suite struct DaysJSONTests {
    @Test("days.json carries its documented fields, nulls and integer seconds, keys sorted")
    func shape() throws {
        var fixture = Fixture()
        fixture.dayStart = TimeOfDay("07:00")!
        fixture.exportedAt = "2026-11-22T12:00:00-06:00"
        fixture.sleep("2026-11-21T21:05:00-06:00", "2026-11-22T02:50:00-06:00")
        fixture.breast("2026-11-21T08:00:00-06:00", side: .left, both: true, minutes: 18)
        fixture.bottle("2026-11-21T11:00:00-06:00", ml: 90)
        fixture.diaper("2026-11-21T11:05:00-06:00", .both)
        let text = String(decoding: fixture.days().json(), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1] == #"  "child": {"date_of_birth":"2026-08-01","id":"c","name":"Ava"},"#)
        #expect(lines[2] == #"  "timezone": "America/Chicago","#)
        #expect(lines[3] == #"  "day_start": "07:00","#)
        #expect(lines[5] == #"    {"date":"2026-11-21","crying":{"count":0,"seconds":0,"untimed":0},"diapers":{"both":1,"count":1,"dirty":1,"dirty_logged":true,"dry":0,"logged":true,"pee":0,"poop":0,"stool_colors":{},"stool_consistencies":{},"wet":1,"wet_logged":true},"end":"2026-11-22T07:00:00-06:00","feedings":{"bottle":{"count":1,"ml":90},"breast":{"both_sides":1,"count":1,"left":1,"minutes":18,"right":0},"count":2,"interval_seconds":{"longest":10800,"mean":10800},"logged":true},"measurements":[],"medication":{"doses":0},"notes":{"count":0},"pumping":{"count":0,"ml":0},"sleep":{"longest_seconds":20700,"longest_started_at":"2026-11-21T21:05:00-06:00","logged":true,"nap_seconds":0,"night_seconds":20700,"ongoing":false,"started":1,"total_seconds":20700,"wake_window_seconds":null},"solids":{"count":0},"start":"2026-11-21T07:00:00-06:00","temperature":{"count":0,"max_celsius":null},"tummy_time":{"count":0,"minutes":0}},"#)
        #expect(lines[6] == #"    {"date":"2026-11-22","crying":{"count":0,"seconds":0,"untimed":0},"diapers":{"both":0,"count":0,"dirty":0,"dirty_logged":false,"dry":0,"logged":false,"pee":0,"poop":0,"stool_colors":{},"stool_consistencies":{},"wet":0,"wet_logged":false},"end":"2026-11-23T07:00:00-06:00","feedings":{"bottle":{"count":0,"ml":0},"breast":{"both_sides":0,"count":0,"left":0,"minutes":0,"right":0},"count":0,"interval_seconds":null,"logged":false},"measurements":[],"medication":{"doses":0},"notes":{"count":0},"pumping":{"count":0,"ml":0},"sleep":{"longest_seconds":null,"longest_started_at":null,"logged":false,"nap_seconds":0,"night_seconds":0,"ongoing":false,"started":0,"total_seconds":0,"wake_window_seconds":null},"solids":{"count":0},"start":"2026-11-22T07:00:00-06:00","temperature":{"count":0,"max_celsius":null},"tummy_time":{"count":0,"minutes":0}}"#)
        // And it is JSON a program can read.
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((object?["days"] as? [Any])?.count == 2)
    }

    @Test("growth and health figures: dry checks apart from the count, stools by colour, measurements as logged, the highest temperature, doses, pumping, solids, tummy time")
    func health() throws {
        var fixture = Fixture()
        fixture.diaper("2026-11-21T08:00:00-06:00", .pee)
        fixture.diaper("2026-11-21T09:00:00-06:00", .dry)
        fixture.events.append(.diaper(.init(occurredAt: Fixture.at("2026-11-21T10:00:00-06:00"), type: .both, stoolColor: .pale)))
        fixture.events.append(.diaper(.init(occurredAt: Fixture.at("2026-11-21T11:00:00-06:00"), type: .poop, stoolColor: .yellow)))
        fixture.events.append(.diaper(.init(occurredAt: Fixture.at("2026-11-21T12:00:00-06:00"), type: .poop, stoolColor: .yellow)))
        // A colour on a wet-only change says nothing of stool.
        fixture.events.append(.diaper(.init(occurredAt: Fixture.at("2026-11-21T13:00:00-06:00"), type: .pee, stoolColor: .green)))
        fixture.events.append(.measurement(.init(occurredAt: Fixture.at("2026-11-21T09:30:00-06:00"), weightKG: 6.42, lengthCM: 63.5)))
        fixture.events.append(.measurement(.init(occurredAt: Fixture.at("2026-11-21T09:31:00-06:00"), headCircumferenceCM: 41.2)))
        fixture.events.append(.temperature(.init(occurredAt: Fixture.at("2026-11-21T07:00:00-06:00"), celsius: 37.2)))
        fixture.events.append(.temperature(.init(occurredAt: Fixture.at("2026-11-21T19:00:00-06:00"), celsius: 38.4)))
        fixture.events.append(.medication(.init(occurredAt: Fixture.at("2026-11-21T08:05:00-06:00"), name: "Vitamin D", dose: "1 drop")))
        fixture.events.append(.pumping(.init(startedAt: Fixture.at("2026-11-21T06:00:00-06:00"), amountML: 120.5, side: .both)))
        fixture.events.append(.pumping(.init(startedAt: Fixture.at("2026-11-21T14:00:00-06:00"), durationMinutes: 15)))
        fixture.events.append(.solids(.init(occurredAt: Fixture.at("2026-11-21T12:30:00-06:00"), food: "pear")))
        fixture.events.append(.tummyTime(.init(startedAt: Fixture.at("2026-11-21T10:30:00-06:00"), durationMinutes: 7.5)))
        fixture.events.append(.tummyTime(.init(startedAt: Fixture.at("2026-11-21T16:30:00-06:00"), durationMinutes: 10)))
        let days = fixture.days()
        let summary = days.summary("2026-11-21")
        #expect(summary.diapers.count == 5 && summary.diapers.dry == 1 && summary.diapers.wet == 3 && summary.diapers.dirty == 3)
        let text = String(decoding: days.json(), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.contains(#""date":"2026-11-21""#) })
        #expect(line.contains(#""diapers":{"both":1,"count":5,"dirty":3,"dirty_logged":true,"dry":1,"logged":true,"pee":2,"poop":2,"stool_colors":{"pale":1,"yellow":2},"stool_consistencies":{},"wet":3,"wet_logged":true}"#))
        #expect(line.contains(#""measurements":[{"at":"2026-11-21T09:30:00-06:00","length_cm":63.5,"weight_kg":6.42},{"at":"2026-11-21T09:31:00-06:00","head_circumference_cm":41.2}]"#))
        #expect(line.contains(#""medication":{"doses":1}"#))
        #expect(line.contains(#""pumping":{"count":2,"ml":120.5}"#))
        #expect(line.contains(#""solids":{"count":1}"#))
        #expect(line.contains(#""temperature":{"count":2,"max_celsius":38.4}"#))
        #expect(line.contains(#""tummy_time":{"count":2,"minutes":17.5}"#))
        #expect((try JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any])
    }

    @Test("crying: spells by the day they start, its minutes by the day they fall in, overlaps once, a spell of no length counted apart")
    func crying() throws {
        var fixture = Fixture()
        fixture.dayStart = TimeOfDay("07:00")!
        fixture.exportedAt = "2026-11-23T12:00:00-06:00"
        func at(_ text: String) -> Instant { Fixture.at(text) }
        // 6:30–7:20 AM: 30 minutes in the day before the day start, 20 after it.
        fixture.events.append(.crying(.init(startedAt: at("2026-11-22T06:30:00-06:00"), endedAt: at("2026-11-22T07:20:00-06:00"))))
        // Two spells logged over each other: 6:00–7:00 PM and 6:30–7:30 PM are 90 minutes, not 120.
        fixture.events.append(.crying(.init(startedAt: at("2026-11-22T18:00:00-06:00"), endedAt: at("2026-11-22T19:00:00-06:00"), note: "hungry?")))
        fixture.events.append(.crying(.init(startedAt: at("2026-11-22T18:30:00-06:00"), durationMinutes: 60)))
        fixture.events.append(.crying(.init(startedAt: at("2026-11-22T22:00:00-06:00"))))
        let days = fixture.days()
        let before = days.summary("2026-11-21"), day = days.summary("2026-11-22")
        #expect(before.crying.spells == 1 && before.crying.time == .minutes(30) && before.crying.untimed == 0)
        #expect(day.crying.spells == 3 && day.crying.time == .minutes(20 + 90) && day.crying.untimed == 1)
        let text = String(decoding: days.json(), as: UTF8.self)
        #expect(text.contains(#"{"date":"2026-11-21","crying":{"count":1,"seconds":1800,"untimed":0},"#))
        #expect(text.contains(#"{"date":"2026-11-22","crying":{"count":3,"seconds":6600,"untimed":1},"#))
    }

    @Test("names are escaped as JSONEncoder escapes them: quotes, backslashes, every control character; slashes and Unicode as they are")
    func escaping() throws {
        var fixture = Fixture()
        fixture.name = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) })) + #"Zoë "Bean" \ </script> 😀"# + "\u{7F}\u{2028}"
        let text = String(decoding: fixture.days().json(), as: UTF8.self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(fixture.name), as: UTF8.self)
        #expect(text.split(separator: "\n")[1] == #"  "child": {"date_of_birth":"2026-08-01","id":"c","name":"# + expected + "},")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((object?["child"] as? [String: Any])?["name"] as? String == fixture.name)
    }

    @Test("fractional amounts are written as JSONEncoder writes them")
    func fractions() throws {
        var fixture = Fixture()
        fixture.bottle("2026-11-21T11:00:00-06:00", ml: 62.5)
        fixture.bottle("2026-11-21T13:00:00-06:00", ml: 0.1)
        fixture.breast("2026-11-21T15:00:00-06:00", side: .right, minutes: 7.25)
        let text = String(decoding: fixture.days().json(), as: UTF8.self)
        #expect(text.contains(#""bottle":{"count":2,"ml":62.6}"#))
        #expect(text.contains(#""minutes":7.25,"#))
    }

    @Test("a previous days.json gives the lines of the days said unchanged, found by date; the rest are written anew, and damage reads as no line")
    func reusing() throws {
        var before = Fixture()
        before.exportedAt = "2026-11-22T12:00:00-06:00"
        before.bottle("2026-11-20T11:00:00-06:00", ml: 90)
        before.diaper("2026-11-21T11:05:00-06:00", .both)
        var after = before
        after.exportedAt = "2026-11-23T12:00:00-06:00"
        after.diaper("2026-11-22T09:00:00-06:00", .pee)
        let previous = before.days().json()
        let days = after.days()
        let fresh = days.json()
        let lines = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
        // Nothing reused but what is said unchanged, and the new day is not in the old file.
        #expect(days.json(reusing: previous) { $0 < 2 } == fresh)
        #expect(days.json(reusing: previous) { $0 != 2 } == fresh)
        // A day said unchanged comes from the old file, even where it now reads otherwise.
        let copied = lines(days.json(reusing: previous) { $0 == 2 })
        #expect(copied[7] == lines(previous)[7] + "," && copied[7] != lines(fresh)[7])
        // A line whose date reads as another day's is not taken for this one's.
        let renamed = Data(String(decoding: previous, as: UTF8.self)
            .replacingOccurrences(of: #""date":"2026-11-21""#, with: #""date":"2026-11-19""#).utf8)
        #expect(renamed != previous)
        #expect(days.json(reusing: renamed) { $0 < 2 } == fresh)
        // A file cut anywhere gives only whole lines; one damaged anywhere never crashes.
        var generator = RandomSource(seed: 7)
        for _ in 0..<300 {
            var damaged = [UInt8](previous)
            damaged.removeLast(Int.random(in: 1...damaged.count, using: &generator))
            #expect((try? JSONSerialization.jsonObject(with: days.json(reusing: Data(damaged)) { _ in true })) != nil)
            damaged = [UInt8](previous)
            for _ in 0..<3 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = days.json(reusing: Data(damaged)) { _ in true }
        }
    }
}
