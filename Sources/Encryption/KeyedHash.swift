import CCrypto

/// HMAC-SHA256 (OpenSSL's): a digest only the holder of the key can make, for an encrypted
/// archive's file names and the record of what its files hold.
public enum KeyedHash {
    public static let byteCount = 32

    /// HMAC-SHA256 of `data` under `key`; nil when the library cannot.
    public static func sha256(_ data: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard key.count <= Int(Int32.max) else { return nil }
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let made = HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &digest, &length)
        return made != nil && Int(length) == byteCount ? digest : nil
    }

    /// HMAC-SHA256 under one key, set up once: each digest starts from a copy of the keyed
    /// state instead of keying anew (a build names thousands of files: a one-shot HMAC
    /// keyed each time took a tenth of a nightly build). Any thread may use it.
    public final class Key: @unchecked Sendable {
        private let keyed: OpaquePointer

        /// Nil when the library has no HMAC or SHA-256.
        public init?(_ key: [UInt8]) {
            guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
            defer { EVP_MAC_free(mac) }
            guard let context = EVP_MAC_CTX_new(mac) else { return nil }
            let initialised = "digest".withCString { name in
                "SHA256".withCString { digest in
                    var parameters = [OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0), OSSL_PARAM_construct_end()]
                    return EVP_MAC_init(context, key, key.count, &parameters)
                }
            }
            guard initialised == 1 else {
                EVP_MAC_CTX_free(context)
                return nil
            }
            keyed = context
        }

        deinit { EVP_MAC_CTX_free(keyed) }

        /// HMAC-SHA256 of `data`; nil when the library cannot.
        public func digest(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
            guard let context = EVP_MAC_CTX_dup(keyed) else { return nil }
            defer { EVP_MAC_CTX_free(context) }
            var digest = [UInt8](repeating: 0, count: byteCount)
            var length = 0
            guard EVP_MAC_update(context, data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count) == 1,
                  EVP_MAC_final(context, &digest, &length, byteCount) == 1, length == byteCount else { return nil }
            return digest
        }

        /// HMAC-SHA256 of `bytes`.
        public func digest(_ bytes: [UInt8]) -> [UInt8]? {
            bytes.withUnsafeBytes { digest($0) }
        }
    }
}
