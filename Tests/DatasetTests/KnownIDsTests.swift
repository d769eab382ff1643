import Foundation
import Testing
import Dataset
import Sample
@testable import Export

/// The check for repeated ids, told the ids of the events an export shares with the one
/// before (from that build's index), must find exactly what a check of every id finds.
@Suite struct KnownIDsTests {
    /// An export of `ids.count` diapers with those ids, then `extra` more, at `exported`.
    static func export(_ ids: [String], exported: String = "2026-11-21T22:00:00Z") -> Data {
        let events = ids.enumerated().map { index, id in
            #"{"id": "\#(id)", "child_id": "\#(index % 3 == 0 ? "leo" : "ava")", "type": "diaper", "occurred_at": "2026-11-2\#(1 + index / 1_000)T\#(String(format: "%02d", index / 60 % 17)):\#(String(format: "%02d", index % 60)):00Z", "diaper_type": "pee"}"#
        }
        return Data("""
        {"format": "babybasics-export", "version": 1, "exported_at": "\(exported)",
         "children": [{"id": "ava", "name": "Ava"}, {"id": "leo", "name": "Leo"}],
         "events": [
        \(events.joined(separator: ",\n"))
         ]}
        """.utf8)
    }

    static let program: [UInt8] = Array("test program".utf8)

    static func reading(_ data: Data, previous: ExportIndex?) throws -> ExportReading {
        try ExportReader.decode(data, file: "export.json", previous: previous, program: program)
    }

    @Test("repeated ids are found as by a check of every id, the ids of the events shared with the export before known")
    func sameAsWhole() throws {
        var generator = RandomSource(seed: 14)
        let first = (0..<600).map { "e\($0)" }
        let previous = try #require(try Self.reading(Self.export(first), previous: nil).index())
        #expect(!previous.ids.isEmpty)
        var told = 0, found = 0
        for round in 0..<150 {
            var ids = first
            // Events added: new ids, ids the shared events have, ids repeated among the new.
            for _ in 0..<Int(generator.next() % 30) {
                switch generator.next() % 4 {
                case 0: ids.append("e\(generator.next() % 600)")
                case 1 where ids.count > 600: ids.append(ids[600 + Int(generator.next() % UInt64(ids.count - 600))])
                default: ids.append("n\(generator.next() % 1_000_000)")
                }
            }
            // Sometimes an event changed, early or late: the events after it are not shared.
            if generator.next() % 3 == 0 {
                ids[Int(generator.next() % 600)] = "e\(generator.next() % 600)"
            }
            let exported = generator.next() % 2 == 0 ? "2026-11-21T22:00:00Z" : "2026-11-22T22:00:00Z"
            let reading = try Self.reading(Self.export(ids, exported: exported), previous: previous)
            let known = Family.validated(from: reading.document, knownIDs: reading.knownIDs)
            let whole = Family.validated(from: reading.document)
            #expect(known.warnings.map(\.description) == whole.warnings.map(\.description), "round \(round)")
            #expect(known.family.children.map(\.diapers) == whole.family.children.map(\.diapers), "round \(round)")
            if reading.knownIDs != nil { told += 1 }
            if whole.warnings.contains(where: { $0.kind == .duplicateID }) { found += 1 }
        }
        // Both met often enough to count: ids told, and repeated ids found with them.
        #expect(told > 60)
        #expect(found > 60)
    }

    @Test("nothing is known of ids when two of them share a hash, and a place past the shared events is not one")
    func limits() throws {
        #expect(try Self.reading(Self.export(["a", "b", "a"]), previous: nil).index()?.ids == [])
        let index = try #require(try Self.reading(Self.export(["a", "b", "c"]), previous: nil).index())
        let known = KnownIDs(count: 2, entries: index.ids)
        #expect(known.place(of: KnownIDs.hash("a")) == 0)
        #expect(known.place(of: KnownIDs.hash("b")) == 1)
        #expect(known.place(of: KnownIDs.hash("c")) == nil)
        #expect(known.place(of: KnownIDs.hash("d")) == nil)
    }
}
