/// Name-based UUIDs, version 5 (RFC 9562 §5.5): the same name in the same namespace gives
/// the same UUID on every machine and every build, so a feed's entries keep their ids
/// when the archive is built again.
public enum NameUUID {
    /// `urn:uuid:…` for `name` in `namespace` (itself a UUID's 16 bytes); nil when the
    /// library cannot make a SHA-1.
    public static func urn(_ name: String, namespace: [UInt8]) -> String? {
        guard namespace.count == 16, var bytes = Digest.sha1(namespace + Array(name.utf8))?.prefix(16).map({ $0 }), bytes.count == 16 else { return nil }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef")
        var text = "urn:uuid:"
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append("-") }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// RFC 9562's namespace for names that are URLs (6ba7b811-9dad-11d1-80b4-00c04fd430c8).
    public static let urlNamespace: [UInt8] = [0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8]
}
