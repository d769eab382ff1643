import Dataset
import Days
import Foundation
import Sample
import Export
import Testing
import Timekeeping

@Suite struct SampleGeneratorTests {
    static let options = SampleOptions(children: 2, days: 420, seed: 7)
    static let document = SampleGenerator.document(options)
    static let validated = Family.validated(from: document)
    static let days = validated.family.children.map {
        ChildDays(record: $0, settings: validated.family.settings, exportedAt: validated.family.exportedAt)
    }

    @Test("the same options give the same bytes; another seed gives others")
    func deterministic() throws {
        let again = try ExportWriter.data(for: SampleGenerator.document(Self.options))
        #expect(try ExportWriter.data(for: Self.document) == again)
        var other = Self.options
        other.seed = 8
        #expect(try ExportWriter.data(for: SampleGenerator.document(other)) != again)
    }

    @Test("a clean sample has no data problems and reads back as written")
    func clean() throws {
        #expect(Self.validated.warnings.isEmpty)
        let data = try ExportWriter.data(for: Self.document)
        #expect(try ExportReader.decode(data, file: "sample.json") == Self.document)
    }

    @Test("the range ends at the export's day and crosses both DST changes")
    func range() {
        for child in Self.days {
            #expect(child.days.last?.date == LocalDate("2026-11-21"))
            #expect(child.days.contains { $0.window.length == .hours(23) })
            #expect(child.days.contains { $0.window.length == .hours(25) })
        }
    }

    @Test("each child has exactly one sleep in progress at export time")
    func ongoingSleep() {
        for record in Self.validated.family.children {
            #expect(record.sleeps.filter(\.isOngoing).count == 1)
        }
    }

    /// Mean of a figure over the days `range` of age of the first child.
    func mean(_ ages: ClosedRange<Int>, child: Int = 0, _ figure: (DaySummary) -> Double) -> Double {
        let days = Self.days[child].days.filter { ages.contains($0.ageDays ?? -1) }
        return days.map { figure($0.summary) }.reduce(0, +) / Double(days.count)
    }

    /// Mean number of sleeps started between 06:00 and 18:00 per day.
    func meanNaps(_ ages: ClosedRange<Int>) -> Double {
        let days = Self.days[0].days.filter { ages.contains($0.ageDays ?? -1) }
        let naps = days.map { day in
            day.sleeps.filter { Settings().isNap(startingAt: SampleOptions.zone.localDateTime(at: $0.startedAt).timeOfDay) }.count
        }
        return Double(naps.reduce(0, +)) / Double(days.count)
    }

    @Test("a newborn feeds 8–12 times, sleeps 14–17 hours and has 6–10 diapers a day")
    func newborn() {
        let ages = 7...35
        let feeds = mean(ages) { Double($0.feedings.count) }
        let sleep = mean(ages) { Double($0.sleep.totalSeconds) / 3600 }
        let diapers = mean(ages) { Double($0.diapers.count) }
        let longest = mean(ages) { Double($0.sleep.longest?.length.milliseconds ?? 0) / 3_600_000 }
        #expect((8...12).contains(feeds), "feeds \(feeds)")
        #expect((14...17).contains(sleep), "sleep \(sleep)")
        #expect((6...10).contains(diapers), "diapers \(diapers)")
        #expect(longest < 4.5, "longest stretch \(longest)")
    }

    @Test("by a year: 4–6 milk feeds, a long night and two naps")
    func oneYear() {
        let ages = 365...400
        let feeds = mean(ages) { Double($0.feedings.count) }
        let naps = meanNaps(ages)
        let longest = mean(ages) { Double($0.sleep.longest?.length.milliseconds ?? 0) / 3_600_000 }
        #expect((4...6).contains(feeds), "feeds \(feeds)")
        #expect((1.6...2.4).contains(naps), "naps \(naps)")
        #expect(longest > 8, "longest stretch \(longest)")
    }

    @Test("breast feeds alternate the starting side and some switch sides; bottles have plausible amounts")
    func feedingDetails() {
        let feedings = Self.validated.family.children[0].feedings
        let breast = feedings.filter { $0.type == .breast }
        let sides = breast.compactMap(\.startedSide)
        let alternations = zip(sides, sides.dropFirst()).filter { $0 != $1 }.count
        #expect(Double(alternations) / Double(sides.count) > 0.75)
        #expect(breast.contains { $0.bothSides } && breast.contains { !$0.bothSides })
        let amounts = feedings.compactMap(\.amountML)
        #expect(!amounts.isEmpty && amounts.allSatisfy { (30...260).contains($0) })
    }

    @Test("notes use Markdown, and some events name a caregiver")
    func notesAndCaregivers() {
        let notes = Self.validated.family.children.flatMap(\.notes).map(\.text)
        #expect(notes.contains { $0.contains("**") })
        #expect(notes.contains { $0.contains("\n- ") })
        #expect(notes.contains { $0.contains("](https://") })
        let named = Self.document.events.filter { $0.createdBy != nil }.count
        #expect(named > Self.document.events.count / 5 && named < Self.document.events.count / 2)
    }

    @Test("a messy sample shows every kind of data problem")
    func messy() {
        var options = Self.options
        options.messy = true
        let warnings = Family.validated(from: SampleGenerator.document(options)).warnings
        // A key given twice is a matter of the file's bytes, which a generated document has none of.
        #expect(Set(warnings.map(\.kind)) == Set(DataWarning.Kind.allCases).subtracting([.duplicateKey]))
    }
}
