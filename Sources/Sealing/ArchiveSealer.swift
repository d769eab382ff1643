import Archive
import Encryption
import Foundation
import Hashing

/// Turns the files of a plain archive into those of an encrypted one (docs/safety.md): each
/// file holding the family's data sealed with AES-256-GCM under a name that says nothing,
/// its links worded for those names; the assets (stylesheets, scripts) stay as they are.
/// One sealer serves a build: the keys are derived once, from the passphrase and the salt
/// kept in the archive (``ArchiveKeyFile``).
public struct ArchiveSealer: Sendable {
    /// The archive's key file: its salt, rounds and check (``ArchiveKeyFile``).
    public let keyFile: ArchiveKeyFile
    let cipher: SealingKey
    let names: SealingKey
    let records: SealingKey
    let shell: SealedShell.Words
    /// Stylesheets written into the pages that link them (as `data:` URLs) instead of
    /// being files of their own: the visit summary's margins name the child. By path.
    let inlined: [String: String]

    /// The sealer of an archive whose keys come from `master` (PBKDF2 of the passphrase
    /// and `keyFile`'s salt); nil when the library cannot expand them.
    public init?(master: SealingKey, keyFile: ArchiveKeyFile, shell: SealedShell.Words, inlined: [String: String]) {
        guard let cipher = master.expanded(for: Self.cipherPurpose), let names = master.expanded(for: "bbreport file names"),
              let records = master.expanded(for: "bbreport file records") else { return nil }
        self.cipher = cipher
        self.names = names
        self.records = records
        self.keyFile = keyFile
        self.shell = shell
        self.inlined = inlined
    }

    /// HKDF's info for the cipher's key, as `templates/open.js` expands it.
    public static let cipherPurpose = "bbreport aes-256-gcm"

    /// The folder the opener's script is in, as every sealed page links it.
    public static let openerPath = "assets/open.js"

    /// What stands for the keys `master` expands to in the build's fingerprints: equal
    /// while the passphrase and salt stay, telling neither.
    public static func identity(of master: SealingKey) -> String {
        let key = master.expanded(for: "bbreport archive identity")?.bytes ?? []
        return key.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Where the file at the plain archive's `path` is written: `index.html` and the
    /// assets stay; the search index becomes a sealed script and every other file a sealed
    /// page, under a name made from the path with a key (nil for a stylesheet the pages
    /// carry within).
    public func place(of path: String) -> String? {
        if path == "index.html" || (path.hasPrefix("assets/") && path != Self.searchIndexPath) { return path }
        if inlined[path] != nil { return nil }
        let digest = KeyedHash.sha256(Array(path.utf8), key: names.bytes) ?? []
        let name = digest.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return name + (path == Self.searchIndexPath ? ".js" : ".html")
    }

    /// The search index's path in the plain archive.
    public static let searchIndexPath = "assets/search-index.js"

    /// A page's key, as the encrypted archive's manifest records it: keyed, so that it
    /// cannot be matched against the key of a guessed page.
    public func recordedKey(_ key: ContentHash) -> ContentHash {
        record(Array(key.description.utf8))
    }

    /// A keyed digest of `bytes`, in a content hash's size.
    func record(_ bytes: [UInt8]) -> ContentHash {
        let digest = KeyedHash.sha256(bytes, key: records.bytes) ?? []
        return ContentHash(hex: digest.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined()) ?? ContentHash(bytes)
    }
}

extension String {
    /// The text with `0`s before it up to `count` characters.
    func leftPadded(to count: Int) -> String {
        self.count >= count ? self : String(repeating: "0", count: count - self.count) + self
    }
}
