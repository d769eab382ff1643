import CCrypto

/// The key an encrypted archive's files are sealed with: 32 bytes for AES-256, derived from
/// the family's passphrase with PBKDF2-HMAC-SHA256 (OpenSSL's), as the browser derives it
/// again with WebCrypto.
public struct SealingKey: Sendable, Equatable {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (Password Storage Cheat Sheet, 2023).
    public static let iterations = 600_000
    public static let byteCount = 32

    public let bytes: [UInt8]

    /// A key of exactly 32 bytes, or nil.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// The key PBKDF2-HMAC-SHA256 derives from `passphrase` and `salt` in `iterations`
    /// rounds; nil when the library cannot (it has no SHA-256, or no memory).
    public static func derive(passphrase: [UInt8], salt: [UInt8], iterations: Int = iterations) -> SealingKey? {
        guard iterations > 0, iterations <= Int(Int32.max), !salt.isEmpty else { return nil }
        var key = [UInt8](repeating: 0, count: byteCount)
        let made = passphrase.withUnsafeBufferPointer { secret in
            salt.withUnsafeBufferPointer { salt in
                secret.withMemoryRebound(to: CChar.self) { secret in
                    PKCS5_PBKDF2_HMAC(secret.baseAddress, Int32(secret.count), salt.baseAddress, Int32(salt.count),
                                      Int32(iterations), EVP_sha256(), Int32(byteCount), &key)
                }
            }
        }
        return made == 1 ? SealingKey(bytes: key) : nil
    }

    /// A key of its own for `purpose`, expanded from this one by HKDF-SHA256 (RFC 5869, no
    /// salt, `purpose` as the info), as WebCrypto's HKDF expands it: one passphrase's
    /// derivation gives the cipher's key and the keys that name and record files, and none
    /// of them tells another.
    public func expanded(for purpose: String) -> SealingKey? {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        let info = Array(purpose.utf8)
        var output = [UInt8](repeating: 0, count: Self.byteCount)
        var length = Self.byteCount
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1,
              EVP_PKEY_CTX_set1_hkdf_key(context, bytes, Int32(bytes.count)) == 1,
              EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)) == 1,
              EVP_PKEY_derive(context, &output, &length) == 1, length == Self.byteCount else { return nil }
        return SealingKey(bytes: output)
    }
}

/// Bytes from OpenSSL's random generator (seeded by the system), for salts and nonces.
public enum RandomBytes {
    /// `count` random bytes; nil when the generator cannot give them (never silently fewer).
    public static func make(_ count: Int) -> [UInt8]? {
        guard count > 0, count <= Int(Int32.max) else { return count == 0 ? [] : nil }
        var bytes = [UInt8](repeating: 0, count: count)
        return RAND_bytes(&bytes, Int32(count)) == 1 ? bytes : nil
    }
}
