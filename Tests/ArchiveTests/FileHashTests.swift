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

    @Test("a file's hash is the same from one version to the next")
    func stable() {
        // A changed value would make every file of an existing archive look changed once.
        #expect(ContentHash(file: Data()).description == "9b9c320484466375")
        #expect(ContentHash(file: Data("<!DOCTYPE html>\n<html lang=\"en\">\n<head>".utf8)).description == "5deff58cb4cabe73")
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
