import Foundation
import Testing
import Encryption

/// SHA-1 from OpenSSL, and the name-based UUIDs made with it (feed.xml's ids).
@Suite struct NameUUIDTests {
    @Test("SHA-1's test vectors (FIPS 180)")
    func sha1() {
        let hex = { (bytes: [UInt8]?) in bytes.map { $0.map { String(format: "%02x", $0) }.joined() } }
        #expect(hex(Digest.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(Digest.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test("a version 5 UUID as Python's uuid.uuid5 makes it")
    func nameUUID() {
        // uuid.uuid5(uuid.NAMESPACE_DNS, "www.example.com") and uuid.uuid5(uuid.NAMESPACE_URL, "bbreport:day:c1:-:2026-11-21")
        let dns: [UInt8] = [0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]
        #expect(NameUUID.urn("www.example.com", namespace: dns) == "urn:uuid:2ed6657d-e927-568b-95e1-2665a8aea6a2")
        #expect(NameUUID.urn("bbreport:day:c1:-:2026-11-21", namespace: NameUUID.urlNamespace) == "urn:uuid:" + Self.pythonURLUUID)
        #expect(NameUUID.urn("x", namespace: []) == nil)
    }

    static let pythonURLUUID = "fc841d04-193d-55d9-84ef-1330b1a27048"
}
