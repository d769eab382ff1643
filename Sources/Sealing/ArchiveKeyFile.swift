import Encryption
import Foundation

/// What an encrypted archive keeps of its key, in `.bbreport-key`: the salt and rounds the
/// key is derived with, and a short text sealed with it (the check), which tells a wrong
/// passphrase from a damaged page and a new passphrase from the archive's. Nothing in it
/// helps to open a page without the passphrase.
public struct ArchiveKeyFile: Sendable, Equatable {
    public static let name = ".bbreport-key"
    /// The largest key file read: it is a few hundred bytes.
    public static let maximumBytes = 4096
    static let format = "bbreport-key"
    /// The check's text, and its sealed file's name.
    static let checkText = Array("bbreport".utf8)
    static let checkName = Array("check".utf8)
    public static let saltCount = 16
    /// More rounds are refused: an archive asking for them would keep a reader waiting.
    static let maximumRounds = 10_000_000

    public let salt: [UInt8]
    public let rounds: Int
    /// The check sealed with the archive's cipher key.
    public let check: [UInt8]

    var saltText: String { Data(salt).base64EncodedString() }
    var checkText: String { Data(check).base64EncodedString() }

    /// A key file with a fresh random salt, for an archive encrypted anew; nil when the
    /// random generator cannot give one.
    public static func fresh() -> (salt: [UInt8], rounds: Int)? {
        RandomBytes.make(saltCount).map { ($0, SealingKey.iterations) }
    }

    /// The key file whose check is sealed with the cipher key expanded from `master`.
    public init?(salt: [UInt8], rounds: Int, master: SealingKey) {
        guard let cipher = master.expanded(for: ArchiveSealer.cipherPurpose),
              let check = Sealed.seal(Self.checkText, key: cipher, context: Self.checkName) else { return nil }
        self.salt = salt
        self.rounds = rounds
        self.check = check
    }

    /// The key file in `data`; nil for anything but the layout ``data`` writes, with a
    /// salt of 16 bytes, rounds from OWASP's figure up to ten million and a check of the
    /// check text's size.
    public init?(data: Data) {
        guard data.count <= Self.maximumBytes, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == Self.format, object["version"] as? Int == 1,
              let rounds = object["rounds"] as? Int, (SealingKey.iterations...Self.maximumRounds).contains(rounds),
              let salt = (object["salt"] as? String).flatMap({ Data(base64Encoded: $0) }), salt.count == Self.saltCount,
              let check = (object["check"] as? String).flatMap({ Data(base64Encoded: $0) }),
              check.count == Sealed.nonceCount + Self.checkText.count + Sealed.tagCount else { return nil }
        self.salt = [UInt8](salt)
        self.rounds = rounds
        self.check = [UInt8](check)
    }

    /// The file's bytes.
    public var data: Data {
        Data("""
            {"format": "\(Self.format)", "version": 1, "cipher": "AES-256-GCM", "kdf": "PBKDF2-HMAC-SHA256, then HKDF-SHA256", "rounds": \(rounds), "salt": "\(saltText)", "check": "\(checkText)"}

            """.utf8)
    }

    /// Whether the check opens with the cipher key expanded from `master`: the passphrase
    /// is the archive's.
    public func opens(with master: SealingKey) -> Bool {
        guard let cipher = master.expanded(for: ArchiveSealer.cipherPurpose),
              let text = try? Sealed.open(check, key: cipher, context: Self.checkName) else { return false }
        return text == Self.checkText
    }
}
