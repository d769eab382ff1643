import Foundation
import Testing

/// What the doctor asks, on the visit summary of children a pediatrician sees: a newborn
/// with a fever at night, a 9-month-old with reactions to food, a toddler weighed a year
/// ago, a 4-year-old read against the WHO tables to five years.
@Suite struct VisitHealthTests {
    /// An export of one child, `born`, exported at 10 PM Chicago time on `exported`, with
    /// `events` (JSON objects without id and child).
    static func export(born: String, sex: String = "female", exported: String = "2026-11-21", birthWeight: Double? = nil,
                       events: [String]) -> String {
        let birth = birthWeight.map { #", "birth_weight_kg": \#($0)"# } ?? ""
        let lines = events.enumerated().map { #"{"id": "e\#($0.offset)", "child_id": "c", \#($0.element)}"# }
        return #"""
            {"format": "babybasics-export", "version": 1, "exported_at": "\#(exported)T22:00:00-06:00",
             "settings": {"timezone": "America/Chicago", "units": "ml"},
             "children": [{"id": "c", "name": "Ava", "date_of_birth": "\#(born)", "sex": "\#(sex)"\#(birth)}],
             "events": [\#(lines.joined(separator: ",\n"))]}
            """#
    }

    /// A day of ordinary care on `date`: feeds, `wet` wet diapers, a dirty one, a night's sleep.
    static func ordinaryDay(_ date: String, wet: Int = 7) -> [String] {
        var events = (0..<8).map { hour in #""type": "feeding", "started_at": "\#(date)T\#(String(format: "%02d", 1 + hour * 3)):00:00-06:00", "feeding_type": "bottle", "amount_ml": 90"# }
        events += (0..<wet).map { hour in #""type": "diaper", "occurred_at": "\#(date)T\#(String(format: "%02d", 2 + hour * 3)):10:00-06:00", "diaper_type": "pee""# }
        events.append(#""type": "diaper", "occurred_at": "\#(date)T11:40:00-06:00", "diaper_type": "poop", "stool_color": "yellow""#)
        events.append(#""type": "sleep", "started_at": "\#(date)T13:00:00-06:00", "ended_at": "\#(date)T15:00:00-06:00""#)
        return events
    }

    /// The visit summary (built in-process, the same export and arguments built once): what
    /// it says as one line, its Markdown twin, and the page.
    static func visit(_ export: String, arguments: [String] = []) async throws -> (text: String, markdown: String, page: HTMLDocument) {
        let archive = try await SharedBuilds.shared.archive(export, arguments: ["--markdown"] + arguments)
        let page = try archive.page("ava/visit.html")
        return (page.text, try archive.file("ava/visit.md").replacingOccurrences(of: "\u{00A0}", with: " "), page)
    }

    static let newborn: String = {
        var events = (8...21).flatMap { ordinaryDay("2026-11-\(String(format: "%02d", $0))", wet: $0 == 12 ? 4 : 7) }
        events += [
            #""type": "temperature", "occurred_at": "2026-11-21T02:40:00-06:00", "celsius": 38.4"#,
            #""type": "medication", "occurred_at": "2026-11-21T03:05:00-06:00", "name": "Paracetamol", "dose": "2.5 ml", "next_dose_interval_minutes": 360"#,
            #""type": "temperature", "occurred_at": "2026-11-21T05:00:00-06:00", "celsius": 37.9"#,
            #""type": "medication", "occurred_at": "2026-11-21T07:40:00-06:00", "name": "Paracetamol", "dose": "2.5 ml", "next_dose_interval_minutes": 360"#,
            #""type": "temperature", "occurred_at": "2026-11-19T20:00:00-06:00", "celsius": 37.2"#,
            #""type": "measurement", "occurred_at": "2026-10-28T10:00:00-05:00", "weight_kg": 3.12"#,
            #""type": "measurement", "occurred_at": "2026-11-08T10:00:00-06:00", "weight_kg": 3.41"#,
            #""type": "measurement", "occurred_at": "2026-11-18T10:00:00-06:00", "weight_kg": 3.62"#,
            #""type": "vaccination", "occurred_at": "2026-10-26T09:00:00-05:00", "name": "Hepatitis B", "dose": "1""#,
        ]
        return export(born: "2026-10-25", birthWeight: 3.5, events: events)
    }()

    @Test("a 4-week-old's fever at night is named with its threshold on the first panel, with the paracetamol after it")
    func newbornFever() async throws {
        let (text, markdown, page) = try await Self.visit(Self.newborn)
        #expect(text.contains("To discuss with the doctor"))
        #expect(text.contains("Fever 38.4 °C at 2:40 AM on Sat, Nov 21, at 3 weeks 6 days old (38.0 °C or more under 3 months). "
            + "Given after: Paracetamol · 2.5 ml at 3:05 AM; Paracetamol · 2.5 ml at 7:40 AM."), "\(text)")
        // The second dose came 4h 35m after the first, sooner than the 6h the app set.
        #expect(text.contains("Medicine A dose sooner than allowed: Paracetamol at Sat, Nov 21, 7:40 AM, 4h 35m after the dose before; the app allowed the next after 6h."))
        // The alerts come before the figures.
        #expect(page.first("#averages-heading") != nil)
        #expect(!page.root.all(xpath: ".//*[@id='averages-heading']/preceding::*[contains(text(), 'To discuss with the doctor')]").isEmpty)
        // The day's readings: the highest and the fever's time.
        #expect(text.contains("Sat, Nov 21 2 38.4 °C at 2:40 AM 2:40 AM 38.4 °C"))
        #expect(text.contains("Thu, Nov 19 1 37.2 °C at 8:00 PM –"))
        #expect(text.contains("Paracetamol · 2.5 ml 2 2 4h 35m (the app: every 6h) Nov 21: 3:05 AM, 7:40 AM"))
        // Weight: 10.9 % below birth weight on day 3, not back by day 14 (back on day 24).
        #expect(text.contains("Weight 10.9 % below birth weight at 3 days old (3.12 kg): a loss of 10 % or more is a reason to check feeding"))
        #expect(text.contains("Not back at birth weight by day 14 (back at 24 days old)"))
        // Fewer than 6 wet diapers on Nov 12, day 19 of life.
        #expect(text.contains("Fewer than 6 wet diapers logged on Nov 12 (4): about 6 or more a day is usual from day 5"))
        #expect(text.contains("Vaccinations so far Date Age Vaccines Oct 26, 2026 1 day Hepatitis B · dose 1"), "\(text)")
        #expect(markdown.contains("- **Fever:** 38.4 °C at 2:40 AM on Sat, Nov 21"))
        // The Markdown twin reads as plainly as the page: no escapes a reader would see.
        #expect(markdown.contains("Born Sunday, October 25, 2026 · 3 weeks 6 days old on Sat, Nov 21"))
        #expect(markdown.contains("| Paracetamol · 2.5 ml | 2 | 2 | 4h 35m (the app: every 6h) | Nov 21: 3:05 AM, 7:40 AM |"))
        #expect(markdown.contains("## Temperatures"))
        #expect(markdown.contains("## Medicines"))
    }

    @Test("in °F, the fever and the threshold that named it are both in the family's unit")
    func feverInFahrenheit() async throws {
        let (text, _, _) = try await Self.visit(Self.newborn, arguments: ["--temperature", "f"])
        // 38.4 °C is 101.1 °F; the 38.0 °C threshold, 100.4 °F.
        #expect(text.contains("Fever 101.1 °F at 2:40 AM on Sat, Nov 21, at 3 weeks 6 days old (100.4 °F or more under 3 months)."), "\(text)")
        #expect(text.contains("Sat, Nov 21 2 101.1 °F at 2:40 AM 2:40 AM 101.1 °F"))
        #expect(!text.contains("°C"))
    }

    @Test("with every section, the summary fits a desk of 1280 px and a phone without a box scrolling sideways",
          .enabled(if: Browser.available, "needs Chromium"), arguments: Reader.allCases)
    func layout(reader: Reader) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.newborn.utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try await Tool.run(["build", "export.json", "-o", "out", "-q"], in: folder).status == 0)
        let browser = try await BrowserContext.open()
        let load = try await browser.load(folder.appendingPathComponent("out/ava/visit.html"), javascript: true, dark: reader.dark,
                                    viewport: reader.viewport, probe: LayoutTests.measure)
        let measure = try JSONDecoder().decode(LayoutTests.Measure.self, from: Data((load.probed ?? "").utf8))
        #expect(measure.scrollWidth <= measure.width, "\(reader): \(measure.scrollWidth) px wide")
        #expect(measure.scrolling.isEmpty, "\(reader): scrolls sideways inside: \(measure.scrolling)")
        #expect(measure.outside.isEmpty, "\(reader): \(measure.outside)")
    }

    @Test("a 9-month-old: two reactions with food, date and time; foods first tried; a 39.2 °C fever by the rule after 6 months")
    func reactionsAndFever() async throws {
        var events = (8...21).flatMap { Self.ordinaryDay("2026-11-\(String(format: "%02d", $0))") }
        events += [
            #""type": "solids", "occurred_at": "2026-10-30T12:00:00-05:00", "food": "pear", "reaction": "loved it""#,
            #""type": "solids", "occurred_at": "2026-11-09T12:10:00-06:00", "food": "Sweet potato", "reaction": "rash on the chin""#,
            #""type": "solids", "occurred_at": "2026-11-12T12:00:00-06:00", "food": "pear", "reaction": "liked""#,
            #""type": "solids", "occurred_at": "2026-11-14T12:15:00-06:00", "food": "egg", "reaction": "hives on cheeks""#,
            #""type": "solids", "occurred_at": "2026-11-16T12:00:00-06:00", "food": "sweet potato", "reaction": "Loved it!""#,
            #""type": "temperature", "occurred_at": "2026-11-18T23:30:00-06:00", "celsius": 39.2"#,
            #""type": "temperature", "occurred_at": "2026-11-17T08:00:00-06:00", "celsius": 37.8"#,
            #""type": "medication", "occurred_at": "2026-11-18T23:45:00-06:00", "name": "Ibuprofen", "dose": "2.5 ml""#,
            #""type": "milestone", "occurred_at": "2026-11-15T10:00:00-06:00", "text": "First tooth""#,
        ]
        let (text, markdown, _) = try await Self.visit(Self.export(born: "2026-02-15", events: events))
        #expect(text.contains("Reaction to food Mon, Nov 9, 12:10 PM · Sweet potato · rash on the chin."))
        #expect(text.contains("Reaction to food Sat, Nov 14, 12:15 PM · egg · hives on cheeks."))
        #expect(!text.contains("Thu, Nov 12, 12:00 PM · pear"))
        #expect(!text.contains("Loved it! ."))
        #expect(text.contains("Foods first tried Sweet potato (Nov 9), egg (Nov 14)"), "\(text)")
        #expect(text.contains("Fever 39.2 °C at 11:30 PM on Wed, Nov 18, at 39 weeks 3 days (9 months) old (38.0 °C or more after 6 months). "
            + "Given after: Ibuprofen · 2.5 ml at 11:45 PM."))
        #expect(text.contains("Milestones Sun, Nov 15 · First tooth"))
        #expect(markdown.contains("## Foods first tried"))
    }

    @Test("at 3–6 months 38.5 °C is not named a fever, 39.0 °C is")
    func threeToSixMonths() async throws {
        let events = Self.ordinaryDay("2026-11-21") + [
            #""type": "temperature", "occurred_at": "2026-11-21T08:00:00-06:00", "celsius": 38.5"#,
            #""type": "temperature", "occurred_at": "2026-11-21T20:00:00-06:00", "celsius": 39.0"#,
        ]
        let (text, _, _) = try await Self.visit(Self.export(born: "2026-07-01", events: events))
        #expect(text.contains("Fever 39.0 °C at 8:00 PM on Sat, Nov 21, at 20 weeks 3 days (4 months) old (39.0 °C or more at 3–6 months)."))
        #expect(!text.contains("38.5 °C at 8:00 AM on"))
    }

    @Test("a toddler whose last weight is a year old: its date, age and distance, marked, and said on the first panel")
    func oldWeight() async throws {
        let events = (8...21).flatMap { Self.ordinaryDay("2026-11-\(String(format: "%02d", $0))") } + [
            #""type": "measurement", "occurred_at": "2025-09-20T10:00:00-05:00", "weight_kg": 11.27"#,
            #""type": "measurement", "occurred_at": "2025-11-19T10:00:00-06:00", "weight_kg": 11.7"#,
        ]
        let (text, _, _) = try await Self.visit(Self.export(born: "2023-10-20", events: events))
        #expect(text.contains("Latest 11.70 kg Measured Nov 19, 2025 Age then 24 months Since then 12 months (over 3 months)"), "\(text)")
        #expect(text.contains("Change +430 g over 60 days"))
        #expect(text.contains("Weight The latest weight, 11.70 kg, is from Nov 19, 2025, 12 months before this summary: weigh again to know the percentile now."))
        // The WHO tables past two years give it a percentile.
        #expect(!text.contains("Percentile –"))
    }

    @Test("a weight that fell from the 82nd to the 7th percentile is named by NICE NG75's centile spaces, on the summary and the growth page")
    func crossedLines() async throws {
        let events = Self.ordinaryDay("2026-11-21") + [
            #""type": "measurement", "occurred_at": "2026-03-23T10:00:00-05:00", "weight_kg": 7.2"#,
            #""type": "measurement", "occurred_at": "2026-09-21T10:00:00-05:00", "weight_kg": 7.1"#,
        ]
        let (text, _, _) = try await Self.visit(Self.export(born: "2025-11-21", events: events))
        // The WHO girls' tables: 82.0 at 122 days, 7.0 at 304 days; read by NICE NG75's centile spaces.
        #expect(text.contains("Weight Weight fell across 3 centile spaces, from the 82nd centile (7.20 kg on Mar 23, 2026) to the 7th (7.10 kg on Sep 21, 2026); "
            + "NICE NG75 names a fall across 2 or more when the birth weight was between the 9th and 91st centiles "
            + "(no birth weight logged: the first weight, Mar 23, 2026, stands for it)."), "\(text)")
    }

    @Test("a 4-year-old's percentiles from the WHO tables to five years: on the median and one SD above")
    func fourYearOld() async throws {
        // At 1,461 days the WHO's girls' median weight is 16.070 kg and +1 SD height 107.039 cm.
        let events = Self.ordinaryDay("2026-11-21") + [
            #""type": "measurement", "occurred_at": "2026-11-21T10:00:00-06:00", "weight_kg": 16.07, "length_cm": 107.039"#,
            #""type": "measurement", "occurred_at": "2026-05-21T10:00:00-05:00", "weight_kg": 15.0, "length_cm": 101.0"#,
        ]
        let growth = try await BuiltArchive.build(Self.export(born: "2022-11-21", events: events)).page("ava/growth.html").text
        #expect(growth.contains("Percentile 50th 84th"), "\(growth)")
        #expect(growth.contains("Height for age"))
        #expect(growth.contains("Weight for height"))
        #expect(growth.contains("birth to 5 years"))
        #expect(growth.contains("Age then 48 months 48 months"))
    }
}
