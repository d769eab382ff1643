import Export
import Testing
import Timekeeping
@testable import Importers

/// Baby Tracker, Glow, BabyConnect, Hatch and PiyoLog, row by row.
@Suite struct AppFormatsTests {
    static let chicago = Zone(identifier: "America/Chicago")!

    func read(_ files: [(String, String)], kind: ImportKind? = nil, child: String? = nil, zone: Zone = chicago) throws -> Importer.Result {
        try Importer.read(files.map { (name: $0.0, text: $0.1) }, kind: kind, zone: zone, child: child, birthday: nil)
    }

    func kinds(_ result: Importer.Result) -> [ExportEvent.Kind] {
        result.document.events.map(\.kind)
    }

    func at(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    func problem(_ files: [(String, String)], kind: ImportKind? = nil, child: String? = "Ava") -> String? {
        do throws(ImportProblem) {
            _ = try Importer.read(files.map { (name: $0.0, text: $0.1) }, kind: kind, zone: Self.chicago, child: child, birthday: nil)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("dates with slashes: month first unless a first number cannot be a month; 12-hour, 24-hour with a suffix, 0:00 AM, seconds")
    func times() {
        #expect(DateOrder.of(["1/13/26, 19:54", "2/3/26, 08:00"]) == .monthFirst)
        #expect(DateOrder.of(["13/1/26, 19:54", "2/3/26, 08:00"]) == .dayFirst)
        #expect(DateOrder.of(["1/2/26"]) == .monthFirst)
        func reading(_ text: String, _ order: DateOrder = .monthFirst) -> String? {
            TimeText.reading(text, order: order).map { "\($0.date) \($0.hour):\($0.minute):\($0.second)" }
        }
        #expect(reading("1/13/26, 19:54") == "2026-01-13 19:54:0")
        #expect(reading("1/13/26, 7:54 PM") == "2026-01-13 19:54:0")
        #expect(reading("12/12/20 12:05 AM") == "2020-12-12 0:5:0")
        #expect(reading("12/12/20 12:05 PM") == "2020-12-12 12:5:0")
        #expect(reading("02/22/2022 14:41 PM") == "2022-02-22 14:41:0")
        #expect(reading("02/22/2022 0:00 AM") == "2022-02-22 0:0:0")
        #expect(reading("10/26/2025 7:30:09 AM") == "2025-10-26 7:30:9")
        #expect(reading("13/1/26 08:00", .dayFirst) == "2026-01-13 8:0:0")
        #expect(reading("2024-10-25 18:16") == "2024-10-25 18:16:0")
        #expect(reading("2/30/26, 08:00") == nil && reading("1/13/26, 25:00") == nil && reading("1/13/26") == nil && reading("yesterday") == nil)
        #expect(TimeText.reading("10/20/2025", order: .monthFirst, dateAlone: true).map { "\($0.date) \($0.hour)" } == "2025-10-20 12")
    }

    @Test("Baby Tracker: nursing sides and minutes, diaper status, sleep length, bottles in the header's unit, pumping, growth in lbs.oz, medicine, other kinds")
    func babyTracker() throws {
        let result = try read([
            ("nursing.csv", "Baby,Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Note\nAva,\"1/13/26, 19:54\",Right,5,10,15,\nAva,\"1/13/26, 08:00\",Left,12,,12\n"),
            ("diaper.csv", "Baby,Time,Status,Note\nAva,\"1/13/26, 09:00\",Wet,\nAva,\"1/13/26, 10:00\",Dirty,\nAva,\"1/13/26, 11:00\",Mixed,\nAva,\"1/13/26, 12:00\",Dry,\n"),
            ("sleep.csv", "Baby,Time,Duration(minutes),Note\nAva,\"1/13/26, 1:00 PM\",90,long nap\n"),
            ("expressed.csv", "Baby,Time,Amount (oz.),Note\nAva,\"1/13/26, 15:00\",2.5,\n"),
            ("formula.csv", "Baby,Time,Amount (ml),Note\nAva,\"1/13/26, 16:00\",120,\n"),
            ("pump.csv", "Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Left amount (oz.),Right amount (oz.),Total amount (oz.),Note\n\"1/13/26, 17:00\",Left,10,,10,3,,3,\n"),
            ("growth.csv", "Baby,Time,Weight (lbs.oz),Length (in.),Head Size (in.),Note\nAva,\"1/13/26, 18:00\",8.04,,,\n"),
            ("Ava_medication.csv", "Baby,Time,Medication,Amount,Note\nAva,\"1/13/26, 18:30\",Vitamin D,1 drop,\n"),
            ("Ava_vaccine.csv", "Baby,Time,Vaccine,Note\nAva,\"1/13/26, 18:45\",MMR,\n"),
            ("Ava_milestone.csv", "Baby,Time,Milestone,Note\nAva,\"1/13/26, 18:50\",First smile,at grandma's\n"),
            ("Ava_bath.csv", "Baby,Time,Note\nAva,\"1/13/26, 18:55\",\n"),
        ])
        let k = kinds(result)
        #expect(k.count == 16, "\(k)")
        #expect(k[0] == .feeding(.init(startedAt: at("2026-01-13T08:00:00-06:00"), type: .breast, startedSide: .left, durationMinutes: 12)))
        #expect(k[1] == .diaper(.init(occurredAt: at("2026-01-13T09:00:00-06:00"), type: .pee)))
        #expect(k[2] == .diaper(.init(occurredAt: at("2026-01-13T10:00:00-06:00"), type: .poop)))
        #expect(k[3] == .diaper(.init(occurredAt: at("2026-01-13T11:00:00-06:00"), type: .both)))
        #expect(k[4] == .diaper(.init(occurredAt: at("2026-01-13T12:00:00-06:00"), type: .dry)))
        #expect(k[5] == .sleep(.init(startedAt: at("2026-01-13T13:00:00-06:00"), endedAt: at("2026-01-13T14:30:00-06:00"))))
        #expect(k[6] == .note(.init(occurredAt: at("2026-01-13T13:00:00-06:00"), text: "long nap", category: "sleep")))
        #expect(k[7] == .feeding(.init(startedAt: at("2026-01-13T15:00:00-06:00"), type: .bottle, amountML: 2.5 * Quantities.millilitresPerOunce)))
        #expect(k[8] == .feeding(.init(startedAt: at("2026-01-13T16:00:00-06:00"), type: .bottle, amountML: 120)))
        #expect(k[9] == .pumping(.init(startedAt: at("2026-01-13T17:00:00-06:00"), amountML: 3 * Quantities.millilitresPerOunce, durationMinutes: 10, side: .left)))
        guard case .measurement(let growth) = k[10] else { Issue.record("\(k[10])"); return }
        #expect(abs(growth.weightKG! - (8 * 0.45359237 + 4 * 0.028349523125)) < 1e-9)
        #expect(k[11] == .medication(.init(occurredAt: at("2026-01-13T18:30:00-06:00"), name: "Vitamin D", dose: "1 drop")))
        // Vaccines and milestones are events of their own; a bath is counted, not read.
        #expect(k[12] == .vaccination(.init(occurredAt: at("2026-01-13T18:45:00-06:00"), name: "MMR")))
        #expect(k[13] == .milestone(.init(occurredAt: at("2026-01-13T18:50:00-06:00"), text: "First smile")))
        #expect(k[14] == .note(.init(occurredAt: at("2026-01-13T18:50:00-06:00"), text: "at grandma's", category: "milestone")))
        #expect(result.warnings.contains("Ava_bath.csv: skipped rows of kinds bbreport does not read: 1 bath"))
        #expect(result.warnings.contains("pump.csv: the file names no child; its rows are counted for Ava (give --child NAME to choose)"))
    }

    @Test("Glow: bottles in ml or oz, diaper contents and colour, taps left out, growth from either unit at noon, untimed")
    func glow() throws {
        let result = try read([
            ("glow_feed_bottle.csv", "Time of feeding,Milk type,Amount(ml),Amount(oz)\n01/05/2026 9:00:00 AM,Formula,,3\n01/05/2026 7:00:00 AM,Breast milk,90,3.04\n"),
            ("glow_diaper.csv", "Diaper time,In the diaper,Color,Texture\n01/05/2026 10:00:00 AM,poo,Black,\n01/05/2026 10:30:00 AM,pee and poo,Green,\n"),
            ("glow_sleep.csv", "Begin time,End time\n01/05/2026 1:00:00 PM,01/05/2026 1:00:40 PM\n01/05/2026 2:00:00 PM,01/05/2026 3:00:00 PM\n01/05/2026 9:00:00 PM,\n"),
            ("glow_growth.csv", "Date,Weight(kg),Weight(lb),Height(cm),Height(in),Head Circ.(cm),Head Circ.(in)\n01/05/2026,,10,,21,38,\n"),
        ], child: "Ivy")
        let k = kinds(result)
        #expect(k == [
            .feeding(.init(startedAt: at("2026-01-05T07:00:00-06:00"), type: .bottle, amountML: 90)),
            .feeding(.init(startedAt: at("2026-01-05T09:00:00-06:00"), type: .bottle, amountML: 3 * Quantities.millilitresPerOunce)),
            .diaper(.init(occurredAt: at("2026-01-05T10:00:00-06:00"), type: .poop, stoolColor: .black)),
            .diaper(.init(occurredAt: at("2026-01-05T10:30:00-06:00"), type: .both, stoolColor: .green)),
            .measurement(.init(occurredAt: at("2026-01-05T12:00:00-06:00"), weightKG: 10 * 0.45359237, lengthCM: 21 * 2.54, headCircumferenceCM: 38, untimed: true)),
            .sleep(.init(startedAt: at("2026-01-05T14:00:00-06:00"), endedAt: at("2026-01-05T15:00:00-06:00"))),
            .sleep(.init(startedAt: at("2026-01-05T21:00:00-06:00"), endedAt: nil)),
        ])
        #expect(result.warnings == ["glow_sleep.csv: left out 1 sleep of a minute or less (a tap on the sleep button, not a sleep)"])
    }

    @Test("BabyConnect: every activity, quantities in oz, side and contents from the extra data, caregivers")
    func babyConnect() throws {
        let header = "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n"
        let result = try read([("bc.csv", header + """
            12/12/20 9:00 PM,,,Temperature,99.9,,,,MK
            12/12/20 8:00 PM,,,Medicine,2.5 ml,Tylenol,,,MK
            12/12/20 7:00 PM,,,Solid,,Carrots,,,MK
            12/12/20 6:00 PM,,10,Tummy time,,,,,MK
            12/12/20 5:00 PM,,,Head,14,,,,MK
            12/12/20 4:00 PM,,,Height,21,,,,MK
            12/12/20 3:00 PM,,20,Pumping,4,Left,,,JK
            12/12/20 2:00 PM,,,Diaper,,Dry,,,JK
            12/12/20 1:00 PM,2:30 PM,,Sleep,,,,,JK
            12/12/20 11:00 AM,,15,Nursing,,Right,,,JK
            12/12/20 10:00 AM,,,Bottle,120 ml,Breast milk,,,JK
            """)], child: "Sam")
        let k = kinds(result)
        #expect(k.count == 11)
        #expect(k[0] == .feeding(.init(startedAt: at("2020-12-12T10:00:00-06:00"), type: .bottle, amountML: 120)))
        #expect(k[1] == .feeding(.init(startedAt: at("2020-12-12T11:00:00-06:00"), type: .breast, startedSide: .right, durationMinutes: 15)))
        #expect(k[2] == .sleep(.init(startedAt: at("2020-12-12T13:00:00-06:00"), endedAt: at("2020-12-12T14:30:00-06:00"))))
        #expect(k[3] == .diaper(.init(occurredAt: at("2020-12-12T14:00:00-06:00"), type: .dry)))
        #expect(k[4] == .pumping(.init(startedAt: at("2020-12-12T15:00:00-06:00"), amountML: 4 * Quantities.millilitresPerOunce, durationMinutes: 20, side: .left)))
        #expect(k[5] == .measurement(.init(occurredAt: at("2020-12-12T16:00:00-06:00"), lengthCM: 21 * 2.54)))
        #expect(k[6] == .measurement(.init(occurredAt: at("2020-12-12T17:00:00-06:00"), headCircumferenceCM: 14 * 2.54)))
        #expect(k[7] == .tummyTime(.init(startedAt: at("2020-12-12T18:00:00-06:00"), durationMinutes: 10)))
        #expect(k[8] == .solids(.init(occurredAt: at("2020-12-12T19:00:00-06:00"), food: "Carrots")))
        #expect(k[9] == .medication(.init(occurredAt: at("2020-12-12T20:00:00-06:00"), name: "Tylenol", dose: "2.5 ml")))
        guard case .temperature(let temperature) = k[10] else { Issue.record("\(k[10])"); return }
        #expect(abs(temperature.celsius - (99.9 - 32) * 5 / 9) < 1e-9)
        #expect(result.document.events.map(\.createdBy) == Array(repeating: "JK", count: 5) + Array(repeating: "MK", count: 6))
    }

    @Test("Hatch: breast or bottle by amount and info, diapers, pumping, growth with units, each row's child")
    func hatch() throws {
        let header = "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\n"
        let result = try read([("hatch.csv", header + """
            Nora,01/02/2022 8:00 AM,,Feeding,,,0:12:00,Right,,
            Theo,01/02/2022 8:05 AM,,Feeding,90 ml,,,Breast Milk,,
            Nora,01/02/2022 9:00 AM,,Diaper,,,,Dirty,,
            Theo,01/02/2022 13:10 PM,,Weight,3.9 kg,40th,,,,
            Nora,01/02/2022 14:00 PM,,Head Circumference,15 in,60th,,,,
            Nora,01/02/2022 15:00 PM,,Medication,1 ml,,,Vitamin D,,
            """)])
        let k = kinds(result)
        #expect(k == [
            .feeding(.init(startedAt: at("2022-01-02T08:00:00-06:00"), type: .breast, startedSide: .right, durationMinutes: 12)),
            .feeding(.init(startedAt: at("2022-01-02T08:05:00-06:00"), type: .bottle, amountML: 90)),
            .diaper(.init(occurredAt: at("2022-01-02T09:00:00-06:00"), type: .poop)),
            .measurement(.init(occurredAt: at("2022-01-02T13:10:00-06:00"), weightKG: 3.9)),
            .measurement(.init(occurredAt: at("2022-01-02T14:00:00-06:00"), headCircumferenceCM: 15 * 2.54)),
            .medication(.init(occurredAt: at("2022-01-02T15:00:00-06:00"), name: "Vitamin D", dose: "1 ml")),
        ])
        #expect(result.document.children.map(\.name) == ["Nora", "Theo"])
        let one = try read([("hatch.csv", header + "Nora,01/02/2022 8:00 AM,,Diaper,,,,Wet,,\nTheo,01/02/2022 8:05 AM,,Diaper,,,,Wet,,\n")], child: "theo")
        #expect(one.document.children.map(\.name) == ["Theo"] && one.document.events.count == 1)
        #expect(one.warnings == ["hatch.csv: left out 1 row of Nora, as --child asks for one child"])
    }

    @Test("PiyoLog: every line kind in English and Japanese, notes under lines, a sleep across midnight, a wake-up without its sleep")
    func piyoLog() throws {
        let english = """
            [PiyoLog]Jan 2024
            ----------
            Mon, 1 Jan 2024
            Mia (0y1m0d)
            05:00   Wake-up (6h0m)
            06:00   Breastfeeding R 7m ◀ L 5m
            06:30   Pumped 100ml
            07:00   Weight 4200g
            07:05   Height 55.5cm
            07:10   Head Size 38cm
            08:00   Baby Food rice porridge
            09:00   Walk
                    in the park
                    with grandma
            23:00   Sleep
            Total sleep 6h0m
            ----------
            Tue, 2 Jan 2024
            Mia (0y1m1d)
            02:00   Wake-up (3h0m)
            Total sleep 2h0m
            """
        let result = try read([("en.txt", english)], zone: Zone(identifier: "UTC")!)
        let k = kinds(result)
        #expect(k == [
            .sleep(.init(startedAt: at("2023-12-31T23:00:00Z"), endedAt: at("2024-01-01T05:00:00Z"))),
            .feeding(.init(startedAt: at("2024-01-01T06:00:00Z"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 12)),
            .pumping(.init(startedAt: at("2024-01-01T06:30:00Z"), amountML: 100)),
            .measurement(.init(occurredAt: at("2024-01-01T07:00:00Z"), weightKG: 4.2)),
            .measurement(.init(occurredAt: at("2024-01-01T07:05:00Z"), lengthCM: 55.5)),
            .measurement(.init(occurredAt: at("2024-01-01T07:10:00Z"), headCircumferenceCM: 38)),
            .solids(.init(occurredAt: at("2024-01-01T08:00:00Z"), food: "rice porridge")),
            .note(.init(occurredAt: at("2024-01-01T09:00:00Z"), text: "in the park\nwith grandma", category: "walk")),
            .sleep(.init(startedAt: at("2024-01-01T23:00:00Z"), endedAt: at("2024-01-02T02:00:00Z"))),
        ])
        #expect(result.warnings == ["en.txt: skipped rows of kinds bbreport does not read: 1 Walk"])

        let japanese = "【ぴよログ】2024年1月\n----------\n2024/1/1(月)\nみお (0歳1か月0日)\n06:00   母乳 右7分\n06:30   搾乳 80ml\n07:00   体重 4.2kg\n08:00   薬 ビタミンD\n"
        let jk = kinds(try read([("ja.txt", japanese)], zone: Zone(identifier: "UTC")!))
        #expect(jk == [
            .feeding(.init(startedAt: at("2024-01-01T06:00:00Z"), type: .breast, startedSide: .right, durationMinutes: 7)),
            .pumping(.init(startedAt: at("2024-01-01T06:30:00Z"), amountML: 80)),
            .measurement(.init(occurredAt: at("2024-01-01T07:00:00Z"), weightKG: 4.2)),
            .medication(.init(occurredAt: at("2024-01-01T08:00:00Z"), name: "ビタミンD")),
        ])
    }

    @Test("a cell that cannot be read, in every kind of column, is a warning with file:line, column and text; the rest of the file is read")
    func unreadableCells() throws {
        func warnings(_ files: [(String, String)], child: String? = "Ava") throws -> (warnings: [String], kinds: [ExportEvent.Kind]) {
            let result = try read(files, child: child)
            return (result.warnings, kinds(result))
        }
        // A diaper's contents: the row means nothing without them; the next row is read.
        let diaper = try warnings([("diaper.csv", "Baby,Time,Status,Note\nAva,\"1/13/26, 09:00\",Soaked,wet through\nAva,\"1/13/26, 10:00\",Wet,\n")])
        #expect(diaper.warnings == ["diaper.csv:2: column \"Status\": expected Wet, Dirty, Mixed or Dry, found \"Soaked\"; the row is left out; its note kept"])
        #expect(diaper.kinds == [.note(.init(occurredAt: at("2026-01-13T09:00:00-06:00"), text: "wet through", category: "diaper")),
                                 .diaper(.init(occurredAt: at("2026-01-13T10:00:00-06:00"), type: .pee))])
        // A time.
        let time = try warnings([("sleep.csv", "Baby,Time,Duration(minutes),Note\nAva,\"13/13/26, 09:00\",30,\nAva,\"1/13/26, 09:00\",30,\n")])
        #expect(time.warnings == ["sleep.csv:2: column \"Time\": expected a time like 1/13/26, 19:54, found \"13/13/26, 09:00\"; the row is left out"])
        #expect(time.kinds.count == 1)
        // An amount: the feed is kept without it.
        let amount = try warnings([("expressed.csv", "Baby,Time,Amount (oz.),Note\nAva,\"1/13/26, 09:00\",lots,\n")])
        #expect(amount.warnings == ["expressed.csv:2: column \"Amount (oz.)\": expected an amount like 3.5, found \"lots\"; the value is left out"])
        #expect(amount.kinds == [.feeding(.init(startedAt: at("2026-01-13T09:00:00-06:00"), type: .bottle))])
        // Minutes.
        let minutes = try warnings([("nursing.csv", "Baby,Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Note\nAva,\"1/13/26, 09:00\",Left,ten,,,\n")])
        #expect(minutes.warnings == ["nursing.csv:2: column \"Left duration (min)\": expected minutes like 12, found \"ten\"; the value is left out"])
        #expect(minutes.kinds == [.feeding(.init(startedAt: at("2026-01-13T09:00:00-06:00"), type: .breast, startedSide: .left))])
        // The child of a row in a file of several children.
        let child = try warnings([("diaper.csv", "Baby,Time,Status,Note\n,\"1/13/26, 09:00\",Wet,\nLeo,\"1/13/26, 10:00\",Dry,\n")], child: nil)
        #expect(child.warnings == ["diaper.csv:2: column \"Baby\": the row names no child (give --child NAME for the child of such rows), found \"\"; the row is left out"]
                || child.warnings == ["diaper.csv:2: column \"Baby\": the row names no child (give --child NAME for the child of such rows); the row is left out"])
        #expect(child.kinds.count == 1)
        // An end before the start.
        let end = try warnings([("glow_sleep.csv", "Begin time,End time\n01/05/2026 2:00:00 PM,01/05/2026 1:00:00 PM\n01/05/2026 3:00:00 PM,01/05/2026 4:00:00 PM\n")])
        #expect(end.warnings == ["glow_sleep.csv:2: column \"End time\": expected an end after the begin time, found \"01/05/2026 1:00:00 PM\"; the row is left out"])
        #expect(end.kinds.count == 1)
        let endTime = try warnings([("bc.csv", "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n12/12/20 9:00 PM,soon,,Sleep,,,,,\n12/12/20 10:00 PM,,,Diaper,,Wet,,,\n")])
        #expect(endTime.warnings == ["bc.csv:2: column \"End Time\": expected a time like 12/12/20 7:47 PM or 9:15 PM, found \"soon\"; the row is left out"])
        #expect(endTime.kinds.count == 1)
        // A weight.
        let weight = try warnings([("h.csv", "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\nNora,01/02/2022 8:00 AM,,Weight,heavy,,,,,\nNora,01/02/2022 9:00 AM,,Diaper,,,,Wet,,\n")], child: nil)
        #expect(weight.warnings == ["h.csv:2: column \"Amount\": expected a weight like 8 lbs 4 oz or 3.9 kg, found \"heavy\"; the value is left out"])
        #expect(weight.kinds.count == 1)
        // PiyoLog: an amount, a line before any day.
        let piyo = try warnings([("p.txt", "[PiyoLog]Jan 2024\n06:00   Pee\n----------\nMon, 1 Jan 2024\nMia (0y1m0d)\n06:00   Formula lots\n07:00   Pee\n")], child: nil)
        #expect(piyo.warnings == ["p.txt:2: expected a day line like \"Thu, 1 Feb 2024\" or \"2024/2/1(木)\" before \"06:00   Pee\"; the row is left out",
                                  "p.txt:6: expected an amount like 120ml, found \"Formula lots\"; the value is left out"])
        // The words not understood stay as the line's note.
        #expect(piyo.kinds == [.feeding(.init(startedAt: at("2024-01-01T06:00:00-06:00"), type: .bottle)),
                               .note(.init(occurredAt: at("2024-01-01T06:00:00-06:00"), text: "lots", category: "feeding")),
                               .diaper(.init(occurredAt: at("2024-01-01T07:00:00-06:00"), type: .pee))])
        #expect(problem([("h.csv", "Baby Name,Start Time\nNora,01/02/2022 8:00 AM\n")], kind: .hatch)
                == "h.csv:1: not a Hatch Baby export: no column \"Activity\"")
        #expect(problem([("glow_diaper.csv", "Diaper time,In the diaper,Color,Texture\n01/05/2026 2:00:00 PM,,,\n")], child: nil)
                == "glow_diaper.csv:1: a Glow Baby export is one child's and does not name them: give --child NAME")
    }

    @Test("the summary says, per file and kind of row, how many were read and left out, and why")
    func summary() throws {
        let result = try read([("diaper.csv", "Baby,Time,Status,Note\nAva,\"1/13/26, 09:00\",Soaked,\nAva,\"1/13/26, 10:00\",Wet,\nAva,\"1/13/26, 10:00\",Wet,\nLeo,\"1/13/26, 11:00\",Dry,\n"),
                               ("expressed.csv", "Baby,Time,Amount (oz.),Note\nAva,\"1/13/26, 09:00\",lots,\nAva,\"1/13/26, 12:00\",2,\n")], child: "Ava")
        #expect(result.summary == [
            "diaper.csv: 4 rows",
            "  diaper: 1 read, 3 left out (1 another child's, 1 not understood, 1 repeating an earlier row)",
            "expressed.csv: 2 rows",
            "  feeding: 2 read; 1 value not understood",
        ])
    }
}
