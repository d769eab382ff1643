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
}
