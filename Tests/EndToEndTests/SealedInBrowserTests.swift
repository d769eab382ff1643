import Encryption
import Foundation
import Testing

/// What bbreport seals, the browser opens: PBKDF2-HMAC-SHA256 and AES-256-GCM in WebCrypto
/// agree with OpenSSL's, from file:// (a secure context in Chromium).
@Suite(.enabled(if: Browser.available, "needs Chromium; scripts/test installs it"))
struct SealedInBrowserTests {
    /// Opens `sealed` in the page with WebCrypto: the text, or "damaged" when the tag fails.
    static let open = """
        async (sealedBase64, passphrase, saltBase64, iterations, context) => {
          const bytes = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
          const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase), "PBKDF2", false, ["deriveKey"]);
          const key = await crypto.subtle.deriveKey({ name: "PBKDF2", salt: bytes(saltBase64), iterations, hash: "SHA-256" },
                                                    material, { name: "AES-GCM", length: 256 }, false, ["decrypt"]);
          const sealed = bytes(sealedBase64);
          try {
            const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.slice(0, 12), additionalData: new TextEncoder().encode(context),
                                                        tagLength: 128 }, key, sealed.slice(12));
            return new TextDecoder().decode(plain);
          } catch (error) { return "damaged"; }
        }
        """

    @Test("a page sealed by bbreport with a key from the passphrase opens in Chromium with WebCrypto; a flipped byte or another name does not")
    func webCryptoOpensIt() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blank = folder.appendingPathComponent("blank.html")
        try Data("<!doctype html><title>x</title>".utf8).write(to: blank)
        let passphrase = "Grandma's kitchen 1957 ☕", salt = try #require(RandomBytes.make(16))
        let key = try #require(SealingKey.derive(passphrase: Array(passphrase.utf8), salt: salt))
        let page = "<h1>Dienstag</h1><p>Paracetamol 120 mg · 03:10 · الحرارة</p>"
        let sealed = try #require(Sealed.seal(Array(page.utf8), key: key, context: Array("k3f9".utf8)))
        var flipped = sealed
        flipped[20] ^= 0x80
        let browser = try await BrowserContext.open()
        let base64 = { (bytes: [UInt8]) in Data(bytes).base64EncodedString() }
        var answers: [String] = []
        _ = try await browser.load(blank, javascript: true) { session in
            for (bytes, context) in [(sealed, "k3f9"), (flipped, "k3f9"), (sealed, "k3fa")] {
                let call = "(\(Self.open))(\(Browser.literal(base64(bytes))), \(Browser.literal(passphrase)), \(Browser.literal(base64(salt))), \(SealingKey.iterations), \(Browser.literal(context)))"
                answers.append(try await browser.evaluate(call, session: session))
            }
        }
        #expect(answers == [page, "damaged", "damaged"])
    }
}
