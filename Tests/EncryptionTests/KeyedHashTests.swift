import Foundation
@testable import Encryption
import Testing

@Suite struct KeyedHashTests {
    @Test("HMAC-SHA256 gives RFC 4231's answer (test case 2)")
    func knownAnswer() throws {
        let digest = try #require(KeyedHash.sha256(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
        #expect(digest == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    @Test("a key expanded for a purpose is HKDF-SHA256 without salt (RFC 5869), as WebCrypto's HKDF expands it; purposes give unrelated keys")
    func expansion() throws {
        let master = try #require(SealingKey(bytes: Array(0..<32)))
        let purpose = "bbreport aes-256-gcm"
        // Extract with an empty salt (a hash's length of zeros), then the first block of Expand.
        let pseudorandom = try #require(KeyedHash.sha256(master.bytes, key: [UInt8](repeating: 0, count: 32)))
        let first = try #require(KeyedHash.sha256(Array(purpose.utf8) + [1], key: pseudorandom))
        let expanded = try #require(master.expanded(for: purpose))
        #expect(expanded.bytes == first)
        #expect(master.expanded(for: "bbreport file names") != expanded)
        #expect(master.expanded(for: purpose) == expanded)
    }
}

@Suite struct KeyedHashKeyTests {
    @Test("a key set up once gives the one-shot HMAC's digests, for empty, short and long messages")
    func sameDigests() throws {
        let key = Array("bbreport file names".utf8)
        let keyed = try #require(KeyedHash.Key(key))
        for message in [[], Array("ava/2026/11/20.html".utf8), [UInt8](repeating: 0x61, count: 100_000)] {
            #expect(keyed.digest(message) == KeyedHash.sha256(message, key: key))
        }
        #expect(KeyedHash.Key(Array("Jefe".utf8))?.digest(Array("what do ya want for nothing?".utf8))
                == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }
}

@Suite struct Base64Tests {
    @Test("OpenSSL's base64 is Foundation's, for every length's padding", arguments: [0, 1, 2, 3, 4, 5, 100, 65_537])
    func sameText(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(Sealed.base64(bytes) == [UInt8](Data(bytes).base64EncodedData()))
    }
}
