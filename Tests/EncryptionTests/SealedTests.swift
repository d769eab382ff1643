@testable import Encryption
import Testing

func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = [], high: UInt8?
    for character in text where character.isHexDigit {
        let value = UInt8(character.hexDigitValue!)
        if let first = high { bytes.append(first << 4 | value); high = nil } else { high = value }
    }
    return bytes
}

@Suite struct SealedTests {
    let key = SealingKey(bytes: hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"))!

    @Test("AES-256-GCM gives the published answer: GCM's test case 16 (McGrew and Viega), nonce first and tag last")
    func knownAnswer() throws {
        let plaintext = hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let context = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let nonce = hex("cafebabefacedbaddecaf888")
        let sealed = try #require(Sealed.seal(plaintext, key: key, nonce: nonce, context: context))
        let expected = nonce + hex("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
            + hex("76fc6ece0f4e1768cddf8853bb2d551b")
        #expect(sealed == expected)
        #expect(try Sealed.open(sealed, key: key, context: context) == plaintext)
    }

    @Test("each seal has its own nonce: the same page sealed twice gives two files, both opening to it")
    func freshNonces() throws {
        let page = Array("<h1>Tuesday</h1>".utf8)
        let first = try #require(Sealed.seal(page, key: key, context: Array("a1".utf8)))
        let second = try #require(Sealed.seal(page, key: key, context: Array("a1".utf8)))
        #expect(first.prefix(Sealed.nonceCount) != second.prefix(Sealed.nonceCount))
        #expect(try Sealed.open(first, key: key, context: Array("a1".utf8)) == page)
        #expect(try Sealed.open(second, key: key, context: Array("a1".utf8)) == page)
        #expect(try Sealed.open(try #require(Sealed.seal([], key: key)), key: key) == [])
    }

    @Test("a flipped byte anywhere, another key or another file's name: damaged; too short: truncated")
    func tampering() throws {
        let page = Array("Paracetamol 120 mg at 03:10".utf8)
        let sealed = try #require(Sealed.seal(page, key: key, context: Array("p7".utf8)))
        for index in sealed.indices {
            var changed = sealed
            changed[index] ^= 0x01
            #expect(throws: Sealed.Failure.damaged) { try Sealed.open(changed, key: key, context: Array("p7".utf8)) }
        }
        let other = try #require(SealingKey(bytes: [UInt8](repeating: 7, count: 32)))
        #expect(throws: Sealed.Failure.damaged) { try Sealed.open(sealed, key: other, context: Array("p7".utf8)) }
        #expect(throws: Sealed.Failure.damaged) { try Sealed.open(sealed, key: key, context: Array("p8".utf8)) }
        #expect(throws: Sealed.Failure.truncated) { try Sealed.open(Array(sealed.prefix(27)), key: key, context: Array("p7".utf8)) }
        #expect(throws: Sealed.Failure.damaged) { try Sealed.open(Array(sealed.dropLast()), key: key, context: Array("p7".utf8)) }
    }
}

@Suite struct SealingKeyTests {
    @Test("PBKDF2-HMAC-SHA256 gives the published answers (RFC 7914 §11; 4,096 rounds of \"password\")")
    func knownAnswers() throws {
        let rfc = try #require(SealingKey.derive(passphrase: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1))
        #expect(rfc.bytes == hex("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"))
        let many = try #require(SealingKey.derive(passphrase: Array("password".utf8), salt: Array("salt".utf8), iterations: 4096))
        #expect(many.bytes == hex("c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"))
    }

    @Test("a key is 32 bytes; no salt or no rounds derives none; random bytes differ")
    func bounds() {
        #expect(SealingKey(bytes: [UInt8](repeating: 0, count: 31)) == nil)
        #expect(SealingKey.derive(passphrase: Array("a long passphrase".utf8), salt: [], iterations: 10) == nil)
        #expect(SealingKey.derive(passphrase: Array("a long passphrase".utf8), salt: [1], iterations: 0) == nil)
        #expect(RandomBytes.make(16) != RandomBytes.make(16))
        #expect(RandomBytes.make(16)?.count == 16 && RandomBytes.make(0) == [] && RandomBytes.make(-1) == nil)
    }
}
