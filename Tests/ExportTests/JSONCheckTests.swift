import Foundation
import Sample
import Testing
@testable import Export

@Suite struct JSONCheckTests {
    /// The bytes a string may hold without a second look.
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    @Test("strings are skipped eight bytes at a time up to exactly the first byte that needs a look")
    func plainBytes() {
        var generator = RandomSource(seed: 11)
        // Mostly plain bytes, with now and then one of each kind that must stop the count.
        let stoppers: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xFF, 0x20, 0x21, 0x5B, 0x5D]
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 40)
            let bytes = (0..<count).map { _ in
                generator.next() % 6 == 0 ? stoppers[Int(generator.next() % UInt64(stoppers.count))] : UInt8(0x20 + generator.next() % 0x5F)
            }
            let start = count == 0 ? 0 : Int(generator.next() % UInt64(count + 1))
            let skipped = bytes.withUnsafeBytes { JSONCheck.plainBytes(in: $0, from: start) }
            let end = start + skipped
            #expect(bytes[start..<end].allSatisfy(Self.isPlain))
            #expect(end <= count)
            #expect(end == count || !Self.isPlain(bytes[end]) || count - end < 8, "\(bytes) from \(start): \(skipped)")
        }
    }

    @Test("each object's keys are its own: a key is twice in an object only beside itself, not beside its parent's")
    func nestedKeys() throws {
        let json = #"{"events": [{"k": 0, "id": "a", "x": {"k": 1, "k": 2}, "y": [{"k": 3}], "id": "b"}], "k": {"events": 1}}"#
        #expect(try JSONCheck.check(Data(json.utf8)).duplicateKeys == ["events[0].x.k", "events[0].id"])
    }

    @Test("a large object's keys are found twice as a small one's are, nested objects apart")
    func largeObjects() throws {
        var members = (0..<50_000).map { #""k\#($0)": 1"# }
        members[40] = #""k7": {"k7": 1, "k40": 2, "k7": 3}"#
        members[41_000] = #""k12": 2"#
        members.append(#""k49999": 3"#)
        let json = #"{"settings": {"# + members.joined(separator: ", ") + "}}"
        #expect(try JSONCheck.check(Data(json.utf8)).duplicateKeys == ["settings.k7", "settings.k7.k7", "settings.k12", "settings.k49999"])
    }
}
