import Foundation
import Testing
@testable import Serve

/// The reload socket's handshake, with SHA-1 from OpenSSL.
@Suite struct WebSocketTests {
    @Test("the accept value of RFC 6455's own example")
    func handshake() throws {
        #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let handshake = try #require(WebSocket.handshake(key: "dGhlIHNhbXBsZSBub25jZQ=="))
        #expect(String(decoding: handshake, as: UTF8.self).contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
    }
}
