import Dataset
import Foundation
import Growth
import Sample
import Export
import Testing
import Timekeeping

/// The sample's growth and health entries: believable, along the WHO standards, and the
/// same on every day when the sample is made a day longer.
@Suite struct SampleHealthTests {
    static let options = SampleOptions(children: 4, days: 420, seed: 7)
    static let document = SampleGenerator.document(options)
    static let family = Family.validated(from: document)

    @Test("children have a sex, a gestational age and measurements at birth; one in four is born early")
    func births() throws {
        #expect(Self.family.warnings.isEmpty)
        let children = Self.family.family.children.map(\.child)
        #expect(children.map { $0.sex } == [.female, .male, .female, .male])
        for child in children {
            #expect(child.birth.weightKG != nil && child.birth.lengthCM != nil && child.birth.headCircumferenceCM != nil)
        }
        #expect(try #require(children[3].gestationalAgeWeeks) < 37)
        #expect(children[0..<3].allSatisfy { ($0.gestationalAgeWeeks ?? 0) >= 37 })
    }

    @Test("weights stay within the WHO curves; the newborn loses a little in the first days and is back at birth weight by two weeks")
    func weights() throws {
        let ava = Self.family.family.children[0]
        let birth = try #require(ava.child.dateOfBirth)
        let zone = SampleOptions.zone
        var measured = 0
        for measurement in ava.health.measurements {
            guard let weight = measurement.weightKG else { continue }
            let age = zone.localDateTime(at: measurement.occurredAt).date.days(since: birth)
            guard age <= GrowthStandard.lastDay else { continue }
            let z = try #require(GrowthStandard.weightForAge.z(weight, sex: .female, ageDays: Double(age)))
            #expect(abs(z) < 3, "day \(age): \(weight) kg, z \(z)")
            if (3...5).contains(age) { #expect(weight < ava.child.birth.weightKG!) }
            if age == 14 { #expect(weight >= ava.child.birth.weightKG!) }
            measured += 1
        }
        #expect(measured >= 15)
    }

    @Test("every kind of event an export holds is in the sample: vaccinations at check-ups, milestones as the app logs them")
    func everyKind() throws {
        let kinds = Set(Self.document.events.map(\.typeName))
        #expect(kinds == ["feeding", "diaper", "sleep", "note", "measurement", "temperature", "medication", "pumping", "solids",
                          "tummy_time", "vaccination", "milestone", "crying"])
        let zone = SampleOptions.zone
        var milestones = 0
        for record in Self.family.family.children {
            let birth = try #require(record.child.dateOfBirth)
            func age(_ instant: Instant) -> Int { zone.localDateTime(at: instant).date.days(since: birth) }
            let ages = record.health.vaccinations.map { age($0.occurredAt) }
            #expect(ages.allSatisfy { [61, 122, 183, 365, 456].contains($0) }, "\(ages)")
            let firsts = record.health.milestones.map { age($0.occurredAt) }
            #expect(firsts.allSatisfy { [44, 98, 118, 240, 275, 372, 400].contains($0) }, "\(firsts)")
            milestones += firsts.count
        }
        #expect(milestones >= 7)
    }

    @Test("vitamin D for a breastfed baby under a year, solid food from six months, no pale stool in a clean sample")
    func routines() throws {
        let zone = SampleOptions.zone
        for record in Self.family.family.children {
            let birth = try #require(record.child.dateOfBirth)
            func age(_ instant: Instant) -> Int { zone.localDateTime(at: instant).date.days(since: birth) }
            #expect(record.health.solids.allSatisfy { age($0.occurredAt) >= 180 })
            #expect(record.health.medications.filter { $0.name == "Vitamin D" }.allSatisfy { age($0.occurredAt) < 365 })
            #expect(record.health.temperatures.allSatisfy { (37...39.5).contains($0.celsius) })
            #expect(!record.diapers.contains { $0.stoolColor == .pale })
        }
        var messy = Self.options
        messy.messy = true
        let spoiled = SampleGenerator.document(messy)
        #expect(spoiled.events.contains { event in
            if case .diaper(let diaper) = event.kind { return diaper.stoolColor == .pale }
            return false
        })
    }

    @Test("a sample one day longer has the same growth and health entries on every earlier day")
    func stable() throws {
        var shorter = Self.options
        shorter.days = 60
        shorter.end = Self.options.end.adding(days: -1)
        var longer = shorter
        longer.days = 61
        longer.end = Self.options.end
        let cut = SampleGenerator.document(shorter).exportedAt
        func health(_ document: ExportDocument) -> [ExportEvent] {
            document.events.filter { event in
                guard let time = event.time, time <= cut else { return false }
                switch event.kind {
                case .feeding, .sleep, .note, .unknown: return false
                default: return true
                }
            }
        }
        #expect(health(SampleGenerator.document(shorter)) == health(SampleGenerator.document(longer)))
    }
}
