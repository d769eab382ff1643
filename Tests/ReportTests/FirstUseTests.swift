import Dataset
import Days
@testable import Report
import Export
import Testing

/// The day the build's stages are first used on: every kind of event gets through them.
@Suite struct FirstUseTests {
    @Test("the day made ready with decodes, and every event of it, one of each kind, is kept by the validation and found in the day")
    func everyKindKept() throws {
        var document = try #require(ExportReader.prepareDecoding())
        let child = try #require(document.children.first)
        document.events = FirstUse.everyKind(of: child.id, before: document.exportedAt)
        let (family, warnings) = Family.validated(from: document)
        #expect(warnings.isEmpty)
        let record = try #require(family.children.first)
        let health = record.health
        #expect(record.feedings.count == 2 && record.diapers.count == 1 && record.sleeps.count == 1 && record.notes.count == 1)
        #expect(health.measurements.count == 1 && health.temperatures.count == 1 && health.medications.count == 1)
        #expect(health.pumpings.count == 1 && health.solids.count == 1 && health.tummyTimes.count == 1)
        let days = ChildDays(record: record, settings: family.settings, exportedAt: family.exportedAt)
        #expect(days.days.reduce(0) { $0 + $1.feedings.count } == 2)
    }
}
