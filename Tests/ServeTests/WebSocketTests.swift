import Foundation
import Testing
@testable import Serve

/// The reload socket's handshake, with SHA-1 from OpenSSL.
@Suite struct WebSocketTests {
    @Test("the accept value of RFC 6455's own example, and SHA-1's test vectors (FIPS 180)")
    func handshake() throws {
        #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let hex = { (bytes: [UInt8]?) in bytes.map { $0.map { String(format: "%02x", $0) }.joined() } }
        #expect(hex(Digest.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(Digest.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        let handshake = try #require(WebSocket.handshake(key: "dGhlIHNhbXBsZSBub25jZQ=="))
        #expect(String(decoding: handshake, as: UTF8.self).contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
    }
}
