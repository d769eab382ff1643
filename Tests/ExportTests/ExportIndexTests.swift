import Bytes
import Foundation
import Sample
import Testing
@testable import Export

/// A check that steps over the events the previous export shared must find exactly what a
/// check of every byte finds: the same problem, or the same keys given twice, layout and index.
@Suite struct ExportIndexTests {
    /// A large export with a key given twice in three of its events (early, middle, late).
    static let base: Data = {
        var text = String(decoding: ParallelDecodingTests.bigExport(events: 700), as: UTF8.self)
        for id in ["f4", "f100", "d403"] {
            text = text.replacingOccurrences(of: #""id": "\#(id)""#, with: #""id": "\#(id)", "id": "again""#)
        }
        return Data(text.utf8)
    }()

    /// What a check of `data` found, or its problem, in a form that compares.
    struct Outcome: Equatable {
        var problem: JSONCheck.Problem?
        var duplicates: [String] = []
        var layout: EventsLayout?
        var index: ExportIndex?

        init(_ data: Data, previous: ExportIndex? = nil, shared: inout Int) {
            do {
                let check = try JSONCheck.check(data, previous: previous)
                duplicates = check.duplicateKeys
                layout = check.eventsLayout
                index = check.index
                shared = check.sharedElements
            } catch {
                problem = error
                shared = 0
            }
        }
    }

    /// `base` changed in one to three of the ways a next export differs from the one before
    /// (a new export time, events added, an event changed or given a key twice) and in ways
    /// no export should (cut short, a byte broken).
    static func variant(_ generator: inout RandomSource) -> Data {
        var text = String(decoding: base, as: UTF8.self)
        for _ in 0...Int(generator.next() % 3) {
            switch generator.next() % 6 {
            case 0:
                let time = generator.next() % 2 == 0 ? "2026-11-22T22:00:00Z" : "2026-11-22T22:00:00.125-06:00"
                text = text.replacingOccurrences(of: "2026-11-21T22:00:00Z", with: time)
            case 1:
                let added = (0..<Int(1 + generator.next() % 40)).map { index in
                    #"{"id": "new\#(index)", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-22T0\#(index % 10):00:00Z", "diaper_type": "pee"}"#
                }
                // After the last event (unless an earlier change cut it off).
                guard let end = text.range(of: "\n ]", options: .backwards)?.lowerBound else { continue }
                text.insert(contentsOf: ",\n" + added.joined(separator: ",\n"), at: end)
            case 2:
                let ids = text.ranges(of: #""id": "#)
                guard !ids.isEmpty else { continue }
                let at = ids[Int(generator.next() % UInt64(ids.count))]
                text.replaceSubrange(at, with: #""type": "diaper", "id": "#)
            case 3:
                var bytes = Array(text.utf8)
                let position = bytes.count / 2 + Int(generator.next() % UInt64(bytes.count / 2))
                let alphabet = Array(#"{}[]",: 0a\"#.utf8)
                bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                text = String(decoding: bytes, as: UTF8.self)
            case 4:
                let cut = text.utf8.count - 1 - Int(generator.next() % UInt64(text.utf8.count / 3))
                text = String(decoding: Array(text.utf8)[..<cut], as: UTF8.self)
            default:
                let ids = text.ranges(of: #""id": "s"#)
                guard !ids.isEmpty else { continue }
                text.replaceSubrange(ids[Int(generator.next() % UInt64(ids.count))], with: #""id": "changed-s"#)
            }
        }
        return Data(text.utf8)
    }

    @Test("an export checked after the one before it, stepping over the events they share, reads as when checked byte by byte")
    func sameAsWhole() throws {
        var ignored = 0
        let previous = try #require(Outcome(Self.base, shared: &ignored).index)
        var generator = RandomSource(seed: 21)
        var stepped = 0, problemsAfter = 0, duplicatesAfter = 0
        for round in 0..<300 {
            let data = Self.variant(&generator)
            var told = 0
            let resumed = Outcome(data, previous: previous, shared: &told)
            #expect(resumed == Outcome(data, shared: &ignored), "variant \(round)")
            // How many events the check could step over (it says so itself when it succeeds).
            let shared = Self.sharedElements(of: data, with: previous)
            #expect(resumed.problem != nil || told == shared)
            if shared > 0 {
                stepped += 1
                if resumed.problem != nil { problemsAfter += 1 }
                if !resumed.duplicates.isEmpty { duplicatesAfter += 1 }
            }
        }
        // Each way of reading met often enough to count.
        #expect(stepped > 100)
        #expect(problemsAfter > 20)
        #expect(duplicatesAfter > 20)
        var shared = 0
        #expect(Outcome(Self.base, previous: previous, shared: &shared).duplicates == ["events[4].id", "events[100].id", "events[403].id"])
        #expect(shared == 700)
    }

    /// How many elements of `previous` the top-level events array of `data` starts with.
    static func sharedElements(of data: Data, with previous: ExportIndex) -> Int {
        // The top-level array is the one whose `[` ends its line (the settings hold another).
        guard let opening = data.range(of: Data("\"events\": [\n".utf8))?.upperBound else { return 0 }
        return data.withUnsafeBytes { previous.sharedElements(with: UnsafeRawBufferPointer(rebasing: $0[(opening - 2)...])).count }
    }

    @Test("a file whose events array shares nothing is checked whole, and the same file twice shares every event")
    func sharing() throws {
        var shared = 0
        let previous = try #require(Outcome(Self.base, shared: &shared).index)
        #expect(shared == 0)
        _ = Outcome(Self.base, previous: previous, shared: &shared)
        #expect(shared == 700)
        let first = String(decoding: Self.base, as: UTF8.self).replacingOccurrences(of: #""id": "f0""#, with: #""id": "F0""#)
        _ = Outcome(Data(first.utf8), previous: previous, shared: &shared)
        #expect(shared == 0)
    }

    @Test("an index reads back as written, and a damaged one is refused whole")
    func bytes() throws {
        var ignored = 0
        let index = try #require(Outcome(Self.base, shared: &ignored).index)
        let data = index.data()
        #expect(ExportIndex(data: data) == index)
        var generator = RandomSource(seed: 5)
        var refused = 0
        for _ in 0..<2_000 {
            var bytes = [UInt8](data)
            if generator.next() % 4 == 0 {
                bytes.removeLast(1 + Int(generator.next() % UInt64(bytes.count)))
            } else {
                let position = Int(generator.next() % UInt64(bytes.count))
                bytes[position] ^= UInt8(1 + generator.next() % 255)
            }
            if ExportIndex(data: Data(bytes)) == nil { refused += 1 }
        }
        #expect(refused == 2_000)
    }

    @Test("an index made after decoding, with records and the events' ids, reads back as written")
    func decodedBytes() throws {
        let reading = try ExportReader.decode(Self.base, file: "export.json", previous: nil, program: [1, 2, 3])
        let index = try #require(reading.index())
        #expect(!index.records.isEmpty && !index.program.isEmpty)
        // The base repeats no id: every event's hash is there, each with its place.
        #expect(index.ids.count == 700 && Set(index.ids.map(\.place)) == Set(0..<700))
        #expect(ExportIndex(data: index.data()) == index)
    }

    @Test("an index whose places do not lay out the file's array is not taken, though its hashes match")
    func forged() throws {
        var ignored = 0
        let index = try #require(Outcome(Self.base, shared: &ignored).index)
        var generator = RandomSource(seed: 8)
        for _ in 0..<50 {
            // One element's place moved inside the bytes, checkpoints left as they were.
            var elements = index.elements
            let moved = Int(generator.next() % UInt64(elements.count - 1))
            let shift = 1 + Int(generator.next() % 5)
            if generator.next() % 2 == 0 {
                elements[moved] = elements[moved].lowerBound..<(elements[moved].upperBound - shift)
            } else {
                elements[moved] = (elements[moved].lowerBound + shift)..<elements[moved].upperBound
            }
            let forged = ExportIndex(elements: elements, duplicates: index.duplicates, checkpoints: index.checkpoints)
            var shared = 0
            let outcome = Outcome(Self.base, previous: forged, shared: &shared)
            #expect(outcome == Outcome(Self.base, shared: &ignored))
            #expect(shared == 0 || shared <= moved)
        }
    }
}

extension ExportIndex {
    /// The index kept as `data` (a build reads the file straight into an array).
    init?(data: Data) {
        self.init(bytes: [UInt8](data))
    }

    /// This index's bytes, its records copied in (a build writes them in place).
    func data() -> Data {
        data(recordsSize: records.count) { bytes in records.withUnsafeBytes { bytes.append($0) } }
    }
}
