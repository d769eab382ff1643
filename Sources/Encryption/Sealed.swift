import CCrypto
import Foundation

/// AES-256-GCM through OpenSSL's EVP: a file's bytes sealed as `nonce ‖ ciphertext ‖ tag`
/// (12, n and 16 bytes), the layout WebCrypto's AES-GCM opens once the nonce is cut off.
/// `context` (the file's name in the archive, say) is authenticated but not stored: a sealed
/// file moved to another name does not open.
public enum Sealed {
    public static let nonceCount = 12
    public static let tagCount = 16

    /// What opening sealed bytes can find.
    public enum Failure: Error, Equatable {
        /// Shorter than a nonce and a tag.
        case truncated
        /// The tag does not match: a byte changed, the wrong key, or another file's context.
        case damaged
        /// OpenSSL refused a call (no AES-GCM, no memory).
        case library
    }

    /// `plaintext` sealed with `key` under a fresh random nonce; nil when the library or the
    /// random generator fails.
    public static func seal(_ plaintext: [UInt8], key: SealingKey, context: [UInt8] = []) -> [UInt8]? {
        guard let nonce = RandomBytes.make(nonceCount) else { return nil }
        return seal(plaintext, key: key, nonce: nonce, context: context)
    }

    /// `plaintext` sealed under `nonce`, which must never seal other bytes with the same key
    /// (the known-answer tests give theirs; everything else takes a random one).
    static func seal(_ plaintext: [UInt8], key: SealingKey, nonce: [UInt8], context: [UInt8]) -> [UInt8]? {
        guard nonce.count == nonceCount, plaintext.count <= Int(Int32.max),
              let cipher = Cipher(encrypting: true, key: key, nonce: nonce) else { return nil }
        defer { cipher.free() }
        guard cipher.authenticate(context) else { return nil }
        // Nonce, ciphertext and tag written in place, in one array the size of the file.
        var output = [UInt8](repeating: 0, count: nonceCount + plaintext.count + tagCount)
        let sealed = output.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            base.update(from: nonce, count: nonceCount)
            var written: Int32 = 0
            if !plaintext.isEmpty {
                guard EVP_EncryptUpdate(cipher.context, base + nonceCount, &written, plaintext, Int32(plaintext.count)) == 1,
                      Int(written) == plaintext.count else { return false }
            }
            return cipher.finish()
                && EVP_CIPHER_CTX_ctrl(cipher.context, EVP_CTRL_GCM_GET_TAG, Int32(tagCount), base + nonceCount + plaintext.count) == 1
        }
        return sealed ? output : nil
    }

    /// The plaintext of `sealed`, when `key` and `context` are the ones it was sealed with
    /// and not a byte of it changed.
    public static func open(_ sealed: [UInt8], key: SealingKey, context: [UInt8] = []) throws(Failure) -> [UInt8] {
        guard sealed.count >= nonceCount + tagCount else { throw .truncated }
        let nonce = Array(sealed[..<nonceCount])
        var tag = Array(sealed[(sealed.count - tagCount)...])
        guard let cipher = Cipher(encrypting: false, key: key, nonce: nonce) else { throw .library }
        defer { cipher.free() }
        guard cipher.authenticate(context), let plaintext = cipher.update(Array(sealed[nonceCount..<(sealed.count - tagCount)])),
              EVP_CIPHER_CTX_ctrl(cipher.context, EVP_CTRL_GCM_SET_TAG, Int32(tagCount), &tag) == 1 else { throw .library }
        guard cipher.finish() else { throw .damaged }
        return plaintext
    }
}

/// One EVP cipher context set up for AES-256-GCM with a 12-byte nonce.
private struct Cipher {
    let context: OpaquePointer
    let encrypting: Bool

    init?(encrypting: Bool, key: SealingKey, nonce: [UInt8]) {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        self.context = context
        self.encrypting = encrypting
        let initialised = encrypting ? EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key.bytes, nonce)
            : EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key.bytes, nonce)
        guard initialised == 1 else {
            EVP_CIPHER_CTX_free(context)
            return nil
        }
    }

    func free() { EVP_CIPHER_CTX_free(context) }

    /// Adds `data` to what the tag authenticates without encrypting it.
    func authenticate(_ data: [UInt8]) -> Bool {
        guard !data.isEmpty else { return true }
        var written: Int32 = 0
        return step(nil, &written, data) == 1
    }

    /// The bytes `input` encrypts or decrypts to (GCM is a stream: as many as it was given).
    func update(_ input: [UInt8]) -> [UInt8]? {
        guard !input.isEmpty else { return [] }
        guard input.count <= Int(Int32.max) else { return nil }
        var output = [UInt8](repeating: 0, count: input.count)
        var written: Int32 = 0
        guard step(&output, &written, input) == 1, Int(written) == input.count else { return nil }
        return output
    }

    /// Ends the message: on decryption, whether the tag matched.
    func finish() -> Bool {
        var rest = [UInt8](repeating: 0, count: 16)
        var written: Int32 = 0
        return (encrypting ? EVP_EncryptFinal_ex(context, &rest, &written) : EVP_DecryptFinal_ex(context, &rest, &written)) == 1
    }

    private func step(_ output: UnsafeMutablePointer<UInt8>?, _ written: inout Int32, _ input: [UInt8]) -> Int32 {
        encrypting ? EVP_EncryptUpdate(context, output, &written, input, Int32(input.count))
            : EVP_DecryptUpdate(context, output, &written, input, Int32(input.count))
    }
}

extension Sealed {
    /// `bytes` in base64 (RFC 4648, one line), by OpenSSL's `EVP_EncodeBlock`.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var text = Data()
        base64(bytes, appendingTo: &text)
        return [UInt8](text)
    }

    /// Appends `bytes` in base64 to `data`, written in place a few megabytes at a time: a
    /// sealed page's block is most of its file, and Foundation's encoder took 3 % of an
    /// encrypted full build.
    public static func base64(_ bytes: [UInt8], appendingTo data: inout Data) {
        let chunk = 3 << 20
        data.reserveCapacity(data.count + 4 * ((bytes.count + 2) / 3) + 1)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            let at = data.count
            // One byte more for the NUL that EVP_EncodeBlock ends with, taken off after (in
            // steps: as one expression, it was slow for the compiler to type).
            let groups: Int = (end - start + 2) / 3
            data.count = at + 4 * groups + 1
            let written = data.withUnsafeMutableBytes { text in
                bytes[start..<end].withUnsafeBufferPointer { part in
                    EVP_EncodeBlock(text.baseAddress!.assumingMemoryBound(to: UInt8.self) + at, part.baseAddress, Int32(part.count))
                }
            }
            data.count = at + Int(max(written, 0))
            start = end
        }
    }
}
