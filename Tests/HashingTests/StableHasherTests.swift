import Hashing
import Testing

@Suite struct StableHasherTests {
    static func key(_ build: (inout StableHasher) -> Void) -> ContentHash {
        var hasher = StableHasher()
        build(&hasher)
        return hasher.finalize()
    }

    @Test("a key is the same in every process and changes with any byte of a text")
    func texts() {
        #expect(Self.key { $0.combine("Ava") }.description == "d27612a104dc9a10")
        for length in 0...20 {
            let text = String(repeating: "a", count: length)
            let key = Self.key { $0.combine(text) }
            for index in 0..<length {
                var bytes = Array(text.utf8)
                bytes[index] = UInt8(ascii: "b")
                let changed = String(decoding: bytes, as: UTF8.self)
                #expect(Self.key { $0.combine(changed) } != key, "byte \(index) of \(length)")
            }
            // A text is not the same as a shorter one padded with zeros.
            #expect(Self.key { $0.combine(text + "\0") } != key)
        }
    }

    @Test("where one text ends and the next begins counts, as does a missing value")
    func boundaries() {
        #expect(Self.key { $0.combine("ab"); $0.combine("c") } != Self.key { $0.combine("a"); $0.combine("bc") })
        #expect(Self.key { $0.combine(nil as String?) } != Self.key { $0.combine("" as String?) })
        #expect(Self.key { $0.combine(1); $0.combine(2) } != Self.key { $0.combine(2); $0.combine(1) })
        #expect(Self.key { $0.combine(1) } != Self.key { $0.combine(1); $0.combine(0) })
        // Words four apart go into the same lane, one after the other: their order counts too.
        #expect(Self.key { for word in [1, 0, 0, 0, 2] { $0.combine(word) } } != Self.key { for word in [2, 0, 0, 0, 1] { $0.combine(word) } })
        #expect(Self.key { for word in [1, 2, 3, 4] { $0.combine(word) } } != Self.key { for word in [1, 2, 3, 4, 0] { $0.combine(word) } })
    }
}
