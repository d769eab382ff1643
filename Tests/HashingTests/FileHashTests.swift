import Foundation
import Hashing
import Testing

@Suite struct FileHashTests {
    /// Bytes of every length up to a few runs of 32, seeded.
    static let samples: [Data] = {
        var state: UInt64 = 7
        return (0...100).map { count in
            Data((0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
        }
    }()

    /// 100,000 bytes in a pattern that repeats nowhere near as often as XXH3's stripes.
    static let long = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 >> 9) })

    @Test("a file's hash is XXH3's, the same from one version to the next")
    func stable() {
        // A changed value would make every file of an existing archive look changed once.
        // The values are XXH3-64 with the seed 0x9E3779B97F4A7C15, as the xxhash package
        // for Python (xxHash 0.8.4) gives them: short, middling and long inputs take
        // different paths through XXH3.
        #expect(ContentHash(file: Data()).description == "602b0e2cd6662c8b")
        #expect(ContentHash(file: Data("<!DOCTYPE html>\n<html lang=\"en\">\n<head>".utf8)).description == "3f996b38fc936217")
        #expect(ContentHash(file: Self.long).description == "7c3a56e842f41bce")
    }

    @Test("a prefix's hash is XXH3's of those bytes, however it was taken in, and a copy keeps its place")
    func prefixes() {
        Self.long.withUnsafeBytes { bytes in
            var hash = PrefixHash(key: 0xB0B0_5EED_2026_1122)
            var length = 0
            // Uneven steps, some inside XXH3's buffered stripes and some past them.
            for step in [1, 31, 200, 768] {
                length += step
                hash.advance(to: length, in: bytes)
            }
            #expect(hash.length == 1000)
            let kept = hash
            #expect(hash.value(through: 1000, in: bytes) == 0x1F6B_F77B_04B3_BF23)
            #expect(hash.value(through: 70_001, in: bytes) == 0x1D2B_1556_9AFC_1CC0)
            // The copy taken at 1000 bytes goes on from there, untouched by the other.
            var copy = kept
            #expect(copy.length == 1000)
            #expect(copy.value(through: 1000, in: bytes) == 0x1F6B_F77B_04B3_BF23)
            #expect(copy.value(through: 70_001, in: bytes) == 0x1D2B_1556_9AFC_1CC0)
            var fresh = PrefixHash(key: 0xB0B0_5EED_2026_1122)
            #expect(fresh.value(through: 70_001, in: bytes) == 0x1D2B_1556_9AFC_1CC0)
            // Another key, other values.
            var other = PrefixHash(key: 1)
            #expect(other.value(through: 70_001, in: bytes) != 0x1D2B_1556_9AFC_1CC0)
        }
    }

    @Test("the one-lane hash that ids are made of keeps its values")
    func idsStay() {
        #expect(ContentHash(Data()).description == "340e2399598aa5a6")
        #expect(ContentHash(Data("Ava".utf8)).description == "3db639aca2a109ad")
        #expect(ContentHash(Data("<!DOCTYPE html>\n<html lang=\"en\">\n<head>".utf8)).description == "c8ea7252c9f71bed")
    }

    @Test("every byte of a file, in every lane and the tail, changes its hash")
    func everyByteCounts() {
        var seen = Set<ContentHash>()
        for sample in Self.samples {
            #expect(seen.insert(ContentHash(file: sample)).inserted, "\(sample.count) bytes")
            for index in sample.indices {
                var changed = sample
                changed[index] ^= 0x01
                #expect(ContentHash(file: changed) != ContentHash(file: sample), "byte \(index) of \(sample.count)")
            }
        }
        // Trailing zero bytes are not the same as none.
        #expect(ContentHash(file: Data([1, 0])) != ContentHash(file: Data([1])))
    }
}
