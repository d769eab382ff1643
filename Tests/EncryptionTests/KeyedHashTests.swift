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
