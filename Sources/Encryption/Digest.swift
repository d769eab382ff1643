import CCrypto

/// Digests from OpenSSL's libcrypto (EVP), for what the standards name SHA-1 for: the
/// WebSocket handshake (RFC 6455 §4.2.2), where the server proves it read the client's
/// key, and name-based UUIDs (``NameUUID``). Not for anything secret.
public enum Digest {
    /// The SHA-1 of `message`; nil when the library cannot make one (a FIPS-only build
    /// without SHA-1, say).
    public static func sha1(_ message: [UInt8]) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let made = message.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha1(), nil)
        }
        return made == 1 ? Array(digest.prefix(Int(length))) : nil
    }
}
