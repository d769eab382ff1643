import Dataset
import Days
@testable import Report
import Export
@testable import Pages
import Theme
import Testing

/// The day the build's stages are first used on: every kind of event gets through them.
@Suite struct FirstUseTests {
    /// The export of that day, with its event of every kind.
    static func document() throws -> ExportDocument {
        var document = try #require(ExportReader.prepareDecoding())
        let child = try #require(document.children.first)
        document.events = FirstUse.everyKind(of: child.id, before: document.exportedAt)
        return document
    }

    @Test("the day made ready with decodes, and every event of it, one of each kind, is kept by the validation and found in the day")
    func everyKindKept() throws {
        let document = try Self.document()
        let (family, warnings) = Family.validated(from: document)
        #expect(warnings.isEmpty)
        let record = try #require(family.children.first)
        let health = record.health
        #expect(record.feedings.count == 2 && record.diapers.count == 1 && record.sleeps.count == 1 && record.notes.count == 1)
        #expect(health.measurements.count == 1 && health.temperatures.count == 1 && health.medications.count == 1)
        #expect(health.pumpings.count == 1 && health.solids.count == 1 && health.tummyTimes.count == 1)
        let days = ChildDays(record: record, settings: family.settings, exportedAt: family.exportedAt)
        #expect(days.days.reduce(0) { $0 + $1.feedings.count } == 2)
        #expect(health.vaccinations.count == 1 && health.milestones.count == 1 && health.cryings.count == 1)
        #expect(Set(document.events.compactMap(\.kind.name)) == Set(ExportEvent.KindName.allCases))
    }

    @Test("an event of every kind has its line on its day page, with its icon, and each kind its place in the search")
    func everyKindShown() throws {
        let (family, _) = Family.validated(from: try Self.document())
        let record = try #require(family.children.first)
        let days = ChildDays(record: record, settings: family.settings, exportedAt: family.exportedAt)
        let site = Site(children: [(days, .default)], theme: .default, scheme: .auto, settings: family.settings, exportedAt: family.exportedAt)
        let pages = site.plans().filter { $0.day != nil }.map { $0.make() }
        let text = pages.map(\.markdown).joined()
        for word in ["Feed", "Diaper", "Sleep", "Growth", "Temperature", "Medication", "Pumping", "Solids", "Tummy time", "Vaccination", "Milestone"] {
            #expect(text.contains("· \(word) ·"), "no line of \(word) on the day pages")
        }
        #expect(text.contains("(below)"))
        let icons = Set(pages.compactMap { ($0.context["entries"] as? MarkdownText)?.itemCategories }.joined())
        #expect(icons == Set(EventIcon.allCases.map(\.rawValue)), "icons used: \(icons.sorted())")
        #expect(Site.searchKindOrder.count == ExportEvent.KindName.allCases.count)
        #expect(Set(Site.searchKindOrder) == Set(ExportEvent.KindName.allCases))
    }
}
