import Foundation
import Testing

/// Growth and health entries on the day page: each in the list at its time, and a row of
/// the summary for each kind the day has, in the family's units.
@Suite struct HealthPagesTests {
    static func export(units: String, gestation: String = "") -> String {
        #"""
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
         "settings": {"timezone": "America/Chicago", "units": "\#(units)"},
         "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-08-01", "sex": "female"\#(gestation)}],
         "events": [
          {"id": "1", "child_id": "c", "type": "feeding", "started_at": "2026-11-21T07:00:00-06:00", "feeding_type": "bottle", "amount_ml": 120},
          {"id": "2", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T07:30:00-06:00", "diaper_type": "poop", "stool_color": "pale"},
          {"id": "3", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T08:00:00-06:00", "diaper_type": "dry"},
          {"id": "4", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-21T09:00:00-06:00", "weight_kg": 6.4, "length_cm": 63.5, "head_circumference_cm": 41.2},
          {"id": "5", "child_id": "c", "type": "temperature", "occurred_at": "2026-11-21T09:05:00-06:00", "celsius": 38.2},
          {"id": "6", "child_id": "c", "type": "temperature", "occurred_at": "2026-11-21T15:05:00-06:00", "celsius": 37.4},
          {"id": "7", "child_id": "c", "type": "medication", "occurred_at": "2026-11-21T09:10:00-06:00", "name": "Paracetamol", "dose": "2.5 ml"},
          {"id": "8", "child_id": "c", "type": "pumping", "started_at": "2026-11-21T10:00:00-06:00", "amount_ml": 110, "duration_minutes": 20, "side": "both"},
          {"id": "9", "child_id": "c", "type": "solids", "occurred_at": "2026-11-21T12:00:00-06:00", "food": "pear", "reaction": "loved it"},
          {"id": "10", "child_id": "c", "type": "tummy_time", "started_at": "2026-11-21T13:00:00-06:00", "duration_minutes": 6},
          {"id": "11", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-14T09:00:00-06:00", "weight_kg": 6.2},
          {"id": "12", "child_id": "c", "type": "vaccination", "occurred_at": "2026-11-21T14:00:00-06:00", "name": "DTaP", "dose": "2"},
          {"id": "13", "child_id": "c", "type": "milestone", "occurred_at": "2026-11-21T14:30:00-06:00", "text": "Rolled over"},
          {"id": "14", "child_id": "c", "type": "medication", "occurred_at": "2026-11-21T15:10:00-06:00", "name": "Ibuprofen", "dose": "2 ml", "next_dose_interval_minutes": 360},
          {"id": "15", "child_id": "c", "type": "crying", "started_at": "2026-11-21T18:00:00-06:00", "ended_at": "2026-11-21T18:45:00-06:00", "note": "after the bath"},
          {"id": "16", "child_id": "c", "type": "crying", "started_at": "2026-11-21T20:10:00-06:00"}
         ]}
        """#
    }

    /// A page of the export's archive, built once for every test that asks for the same.
    static func page(_ path: String, units: String, gestation: String = "", arguments: [String] = []) async throws -> HTMLDocument {
        try await SharedBuilds.shared.archive(export(units: units, gestation: gestation), arguments: arguments).page(path)
    }

    /// What the day page says.
    static func dayText(units: String, gestation: String = "", arguments: [String] = []) async throws -> String {
        try await pageText("ava/2026/11/21.html", units: units, gestation: gestation, arguments: arguments)
    }

    /// What a page says.
    static func pageText(_ path: String, units: String, gestation: String = "", arguments: [String] = []) async throws -> String {
        try await page(path, units: units, gestation: gestation, arguments: arguments).text
    }

    @Test("metric: kilograms, centimetres, degrees Celsius")
    func metric() async throws {
        let text = try await Self.dayText(units: "ml")
        // The WHO girls' tables at 112 days put these at the 57.5th, 83.6th and 77.1st percentiles, said to the whole.
        for expected in ["9:00 AM · Growth · 6.40 kg (57th percentile) · 63.5 cm (84th percentile) · head 41.2 cm (77th percentile)",
                         "9:05 AM · Temperature · 38.2 °C",
                         "9:10 AM · Medication · Paracetamol · 2.5 ml", "10:00 AM · Pumping · 110 ml · 20 min · both sides",
                         "12:00 PM · Solids · pear · loved it", "1:00 PM · Tummy time · 6 min", "7:30 AM · Diaper · Poop · pale",
                         "2:00 PM · Vaccination · DTaP · dose 2", "2:30 PM · Milestone · Rolled over",
                         "3:10 PM · Medication · Ibuprofen · 2 ml · next dose after 6h",
                         "8:00 AM · Diaper · Dry",
                         "1 diaper: 0 wet, 1 dirty (0 pee, 1 poop, 0 both); 1 dry; stools: 1 pale",
                         "Temperature", "highest 38.2 °C (2 readings)", "Paracetamol (2.5 ml) at 9:10 AM",
                         "1 time, 110 ml", "1 meal", "6 min (1 time)",
                         "6:00 PM · Crying · until 6:45 PM · 45m · after the bath", "8:10 PM · Crying · length not logged",
                         "45m (2 times); 1 without a length"] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    @Test("every kind of event's entry has its own icon, in its category's colour, from the page's one sprite")
    func iconPerKind() async throws {
        let page = try await Self.page("ava/2026/11/21.html", units: "ml")
        let kinds = ["feed", "diaper", "growth", "temperature", "medication", "pumping", "solids", "tummy-time", "vaccination", "milestone", "crying"]
        let drawn = Set(page.all("li.entry span.icon use").compactMap { $0.attribute("href") })
        let symbols = page.all("svg symbol")
        for kind in kinds {
            #expect(drawn.contains("#icon-\(kind)"), "\(kind) has no entry with its icon")
            #expect(symbols.contains { $0.attribute("id") == "icon-\(kind)" && $0.attribute("viewBox") == "0 0 24 24" }, "\(kind) is not in the sprite")
        }
        // The kind's icon, in the colour of its category: solids take feeding's, a temperature the note's.
        let solids = try #require(page.first("li.entry span.icon[data-kind=solids]"))
        #expect(solids.classes == ["icon", "icon-feed"] && solids.attribute("aria-hidden") == "true")
        #expect(solids.first("use")?.attribute("href") == "#icon-solids")
        #expect(page.first("li.entry-note > span.icon-note[data-kind=temperature]") != nil)
        // No two kinds share a drawing.
        let drawings = symbols.map { $0.children.map(\.description).joined() }
        #expect(symbols.count == 13 && Set(drawings).count == 13)
    }

    @Test("a family in the United States reads pounds and ounces, inches and degrees Fahrenheit, whatever the export's volumes")
    func imperial() async throws {
        for units in ["oz", "ml"] {
            let text = try await Self.dayText(units: units, arguments: ["--language", "en-US"])
            for expected in ["Growth · 14 lb 1.8 oz (57th percentile) · 25 in (84th percentile) · head 16.2 in (77th percentile)",
                             "Temperature · 100.8 °F", "highest 100.8 °F (2 readings)",
                             units == "oz" ? "Pumping · 3.7 oz · 20 min · both sides" : "Pumping · 110 ml · 20 min · both sides"] {
                #expect(text.contains(expected), "\(expected)")
            }
        }
    }

    @Test("each unit is chosen apart: ounces in the export set volumes only; flags set the rest and win over the region")
    func unitsApart() async throws {
        let ounces = try await Self.dayText(units: "oz")
        for expected in ["Growth · 6.40 kg (57th percentile) · 63.5 cm", "Temperature · 38.2 °C", "Pumping · 3.7 oz"] {
            #expect(ounces.contains(expected), "\(expected)")
        }
        let mixed = try await Self.dayText(units: "oz", arguments: ["--language", "en-US", "--volume", "ml", "--weight", "kg", "--temperature", "c"])
        for expected in ["Growth · 6.40 kg (57th percentile) · 25 in (84th percentile) · head 16.2 in", "Temperature · 38.2 °C", "Pumping · 110 ml"] {
            #expect(mixed.contains(expected), "\(expected)")
        }
        let german = try await Self.dayText(units: "ml", arguments: ["--language", "de", "--temperature", "f", "--length", "in"])
        for expected in ["6,40 kg (57. Perzentile) · 25 in", "100,8 °F", "110 ml"] {
            #expect(german.contains(expected), "\(expected)")
        }
    }

    @Test("--units keeps setting volumes, and says that weights, lengths and temperatures now have their own")
    func unitsFlag() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.export(units: "ml").utf8).write(to: folder.appendingPathComponent("health.json"))
        let result = try Tool.run(["build", "health.json", "-o", "out", "--units", "oz"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: --units oz sets volumes only (as --volume does): weights, lengths and temperatures are shown in kg, cm and °C"), "\(result.stderr)")
        #expect(result.stderr.contains("--weight lb --length in --temperature f"))
        let page = try String(contentsOf: folder.appendingPathComponent("out/ava/2026/11/21.html"), encoding: .utf8)
        #expect(page.contains("3.7\u{00A0}oz") && page.contains("6.40\u{00A0}kg"))
        try Data("units: oz\nweight: lb\nlength: in\ntemperature: f\n".utf8).write(to: folder.appendingPathComponent("c.yaml"))
        let configured = try Tool.run(["build", "health.json", "-o", "out", "--config", "c.yaml", "--clean"], in: folder)
        #expect(configured.status == 0 && !configured.stderr.contains("note: units: oz"), "\(configured.stderr)")
        let imperial = try String(contentsOf: folder.appendingPathComponent("out/ava/2026/11/21.html"), encoding: .utf8)
        #expect(imperial.contains("14\u{00A0}lb\u{00A0}1.8\u{00A0}oz") && imperial.contains("100.8\u{00A0}°F"))
        let both = try Tool.run(["build", "health.json", "-o", "out", "--units", "oz", "--volume", "ml"], in: folder)
        #expect(both.status == 64 && both.stderr.contains("--units oz and --volume ml say the same thing differently"), "\(both.stderr)")
    }

    @Test("a baby born at 32 weeks is placed at the corrected age: 56 days, not 112")
    func corrected() async throws {
        let text = try await Self.dayText(units: "ml", gestation: #", "gestational_age_weeks": 32"#)
        #expect(text.contains("Growth · 6.40 kg (97th percentile) · 63.5 cm (>99.9 percentile) · head 41.2 cm (99.6 percentile)"))
    }

    @Test("the visit summary lists a pale stool among what to discuss with the doctor, and every dose, vaccination and milestone")
    func paleStool() async throws {
        let text = try await Self.pageText("ava/visit.html", units: "ml")
        #expect(text.contains("To discuss with the doctor"))
        #expect(text.contains("Stool colour pale (white, grey or clay), Sat, Nov 21, 7:30 AM."))
        #expect(text.contains("Stool colour cards use pale stools to screen for liver problems in babies."))
        // 38.2 °C at 3 months is under the 39.0 °C that names a fever at 3–6 months.
        #expect(!text.contains("Fever 38"))
        #expect(text.contains("Sat, Nov 21 2 38.2 °C at 9:05 AM –"))
        // Every dose, with its time.
        #expect(text.contains("Paracetamol · 2.5 ml 1 1 – Nov 21: 9:10 AM"))
        #expect(text.contains("Ibuprofen · 2 ml 1 1 – Nov 21: 3:10 PM"))
        #expect(text.contains("Nov 21, 2026 3 months DTaP · dose 2"), "\(text)")
        #expect(text.contains("Sat, Nov 21 · Rolled over"))
    }

    @Test("the growth page: the latest of each measurement with its percentile and change, the five charts over the WHO curves, every measurement")
    func growthPage() async throws {
        let page = try await Self.page("ava/growth.html", units: "ml", gestation: #", "birth_weight_kg": 3.3"#)
        let text = page.text
        for expected in ["Girl · born Saturday, August 1, 2026 · 16 weeks (3 months) old at the export",
                         "Latest 6.40 kg 63.5 cm 41.2 cm", "Measured Nov 21, 2026 Nov 21, 2026 Nov 21, 2026", "Age then 3 months 3 months 3 months",
                         "Since then same day same day same day",
                         "Percentile 57th 84th 77th", "+200 g over 7 days", "Per day +29 g",
                         "Weight for age", "Length for age", "Head circumference for age", "Weight for length", "BMI for age",
                         "Nov 21, 2026: BMI 15.9, ",
                         "WHO curves for girls: 3rd, 15th, 50th, 85th and 97th percentiles, by age, birth to 5 months. At birth: 3.30 kg, 56th percentile.",
                         "by length, 55 to 75 cm. Nov 21, 2026: 6.40 kg at 63.5 cm, 29th percentile.",
                         "Sat, Nov 21, 2026 16 weeks (3 months) 6.40 kg (57th) 63.5 cm (84th) 41.2 cm (77th)",
                         "Sat, Aug 1, 2026 birth 3.30 kg"] {
            #expect(text.contains(expected), "\(expected)")
        }
        // Each chart drawn twice (desk and phone): five curves, two bands, the child's line and points.
        let charts = page.all("svg.chart.growth")
        #expect(charts.count == 10)
        #expect(charts.allSatisfy { $0.all(".growth-curve").count == 5 }, "\(charts.map { $0.all(".growth-curve").count })")
        #expect(page.first("svg.chart.growth .growth-line") != nil)
    }

    @Test("a baby born at 32 weeks: the corrected age beside the age, and the charts say so")
    func correctedAge() async throws {
        let text = try await Self.pageText("ava/growth.html", units: "ml", gestation: #", "gestational_age_weeks": 32"#)
        #expect(text.contains("born Saturday, August 1, 2026, at 32 weeks · 16 weeks (3 months) old (corrected age 8 weeks) at the export"))
        #expect(text.contains("Weight for corrected age, WHO percentiles"))
        let visit = try await Self.pageText("ava/visit.html", units: "ml", gestation: #", "gestational_age_weeks": 32"#)
        #expect(visit.contains("16 weeks (3 months) old on Sat, Nov 21 (corrected age 8 weeks)"))
    }

    @Test("a baby due six weeks after her birthday (born at 34 weeks): growth at the corrected age, as with the weeks given, and the summary says which age each section reads", arguments: [
        ("en-US", ["16 weeks (3 months) old on Sat, Nov 21 (corrected age 10 weeks)",
                   "Born 6 weeks before the due date: growth percentiles and charts read the corrected age; fever thresholds (NICE NG143) and the ranges for diapers, feeds and sleep read the age since birth."]),
        ("de", ["vor dem errechneten Termin geboren: Perzentilen und Wachstumskurven lesen das korrigierte Alter", "Fiebergrenzen (NICE NG143)"]),
        ("ja", ["予定日より", "成長のパーセンタイルと曲線は修正月齢で"]),
        ("ar", ["وُلد قبل الموعد المتوقع", "تُقرأ مئينات النمو ومنحنياته بالعمر المصحَّح"]),
    ])
    func dueDate(language: String, expected: [String]) async throws {
        let due = #", "due_date": "2026-09-12""#
        let visit = try await Self.pageText("ava/visit.html", units: "ml", gestation: due, arguments: ["--language", language])
        for phrase in expected {
            #expect(visit.contains(phrase), "\(phrase)\n\(visit)")
        }
        guard language == "en-US" else { return }
        // The percentiles the weeks would give.
        let byDate = try await Self.dayText(units: "ml", gestation: due)
        let byWeeks = try await Self.dayText(units: "ml", gestation: #", "gestational_age_weeks": 34"#)
        let growth = { (text: String) in text.components(separatedBy: "Growth · ").dropFirst().first?.components(separatedBy: "\n").first }
        #expect(growth(byDate) != nil && growth(byDate) == growth(byWeeks))
        let term = try await Self.pageText("ava/visit.html", units: "ml")
        #expect(!term.contains("before the due date"))
    }

    @Test("the visit summary shows the growth beside the means, and a newborn's loss and regain of birth weight")
    func visitGrowth() async throws {
        let text = try await Self.pageText("ava/visit.html", units: "oz", arguments: ["--language", "en-US"])
        for expected in ["Growth", "Latest 14 lb 1.8 oz 25 in 16.2 in", "+7.1 oz over 7 days", "Per day +1 oz", "Weight for age"] {
            #expect(text.contains(expected), "\(expected)")
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let newborn = #"""
            {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
             "settings": {"timezone": "America/Chicago"},
             "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-11-10", "sex": "male", "birth_weight_kg": 3.5}],
             "events": [
              {"id": "1", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-12T09:00:00-06:00", "diaper_type": "pee"},
              {"id": "2", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-13T09:00:00-06:00", "weight_kg": 3.22},
              {"id": "3", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-17T09:00:00-06:00", "weight_kg": 3.4},
              {"id": "4", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-21T09:00:00-06:00", "weight_kg": 3.55}
             ]}
            """#
        try Data(newborn.utf8).write(to: folder.appendingPathComponent("newborn.json"))
        // Ten days chosen: by default the summary would end on the 12th, its one diaper's day.
        #expect(try await Tool.run(["build", "newborn.json", "-o", "out", "-q", "--markdown", "--visit-to", "2026-11-21"], in: folder).status == 0)
        let visit = try String(contentsOf: folder.appendingPathComponent("out/ava/visit.md"), encoding: .utf8)
        // 3.22 kg is 8.0 % below 3.5 kg; 3.55 kg on Nov 21 is back above it, 11 days old.
        #expect(visit.contains("Birth weight 3.50\u{00A0}kg; lowest 3.22\u{00A0}kg at 3\u{00A0}days old, 8.0\u{00A0}% below; back to birth weight at 11\u{00A0}days old (Nov 21)."), "\(visit)")
        // Each day of the first four weeks with its day of life and what is usual for its diapers.
        // No feed, sleep or stool was logged: their columns are left out.
        #expect(visit.contains("| Day | Day of life | Wet | Usual feeds · wet · dirty |"), "\(visit)")
        #expect(visit.contains("| Thu,\u{00A0}Nov\u{00A0}12 (logging began) | 3 | "))
        #expect(visit.contains(" | 8+\u{00A0}·\u{00A0}3+\u{00A0}·\u{00A0}2+ |\n"))
        #expect(visit.contains(" | 8+\u{00A0}·\u{00A0}6+\u{00A0}·\u{00A0}2+ |\n"))
        #expect(visit.contains("(UNICEF UK Baby Friendly Initiative; NHS)"))
    }

    @Test("the week and the month total what is logged now and then: pumping, tummy time, solids, crying")
    func rangeTotals() async throws {
        for page in ["ava/weeks/2026-W47.html", "ava/2026/11/index.html"] {
            let text = try await Self.pageText(page, units: "ml")
            #expect(text.contains("Pumped: 1 time, 110 ml on 1 day · Tummy time: 1 time, 6 min · Solids: 1 meal · Crying: 2 times, 45m."), "\(page)")
        }
    }

    @Test("every measurement of a day of thousands gets a row, each kind in the day's rows in turn; the birth row apart")
    func manyMeasurementsInOneDay() async throws {
        var events: [String] = []
        for index in 0..<1_500 {
            let time = String(format: "2026-11-20T%02d:%02d:00-06:00", 8 + index / 60 % 12, index % 60)
            events.append(#"{"id": "w\#(index)", "child_id": "c", "type": "measurement", "occurred_at": "\#(time)", "weight_kg": 6.5}"#)
            if index < 1_000 {
                events.append(#"{"id": "l\#(index)", "child_id": "c", "type": "measurement", "occurred_at": "\#(time)", "length_cm": 63}"#)
            }
        }
        events.append(#"{"id": "h", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-20T21:00:00-06:00", "head_circumference_cm": 41}"#)
        events.append(#"{"id": "b", "child_id": "c", "type": "measurement", "occurred_at": "2026-08-01T18:00:00-05:00", "weight_kg": 3.2}"#)
        let export = #"""
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
         "settings": {"timezone": "America/Chicago"},
         "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-08-01", "sex": "female", "birth_weight_kg": 3.3}],
         "events": [\#(events.joined(separator: ",\n"))]}
        """#
        let page = try await BuiltArchive.build(export).page("ava/growth.html")
        #expect(page.text.contains("Every measurement"))
        let table = try #require(page.all("table").last)
        let rows = table.all("tr").filter { $0.first("td") != nil }.map { "|" + $0.children.map(\.text).joined(separator: "|") + "|" }
        let day = rows.filter { $0.contains("Nov 20, 2026") }
        #expect(day.count == 1_500)
        #expect(day.filter { $0.contains("6.50 kg") && $0.contains("63 cm") }.count == 1_000)
        #expect(day.filter { $0.contains("41 cm") }.count == 1)
        #expect(day.first?.contains("41 cm") == true)
        let birthday = rows.filter { $0.contains("Aug 1, 2026") }
        #expect(birthday.count == 2)
        #expect(birthday.contains { $0.contains("|birth|") && $0.contains("3.30 kg") })
        #expect(birthday.contains { $0.contains("|0 days|") && $0.contains("3.20 kg") })
    }
}
