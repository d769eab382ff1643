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
    let names: KeyedHash.Key
    let records: KeyedHash.Key
    /// Each plain path's place, worked out once (a page links a hundred others).
    private let places = KeyedMemo<String>()
    /// Each folder's links as reworded (``LinkRewriter``), by folder and way to the root.
    private let folders = KeyedMemo<KeyedMemo<(text: String, inlined: Bool)?>>()
    let shell: SealedShell.Words
    /// Stylesheets written into the pages that link them (as `data:` URLs) instead of
    /// being files of their own: the visit summary's margins name the child. By path.
    let inlined: [String: String]

    /// The sealer of an archive whose keys come from `master` (PBKDF2 of the passphrase
    /// and `keyFile`'s salt); nil when the library cannot expand them.
    public init?(master: SealingKey, keyFile: ArchiveKeyFile, shell: SealedShell.Words, inlined: [String: String]) {
        guard let cipher = master.expanded(for: Self.cipherPurpose),
              let names = master.expanded(for: "bbreport file names").flatMap({ KeyedHash.Key($0.bytes) }),
              let records = master.expanded(for: "bbreport file records").flatMap({ KeyedHash.Key($0.bytes) }) else { return nil }
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
        hex((master.expanded(for: "bbreport archive identity")?.bytes ?? []).prefix(8))
    }

    /// Where the file at the plain archive's `path` is written: `index.html` and the
    /// assets stay; the search index becomes a sealed script and every other file a sealed
    /// page, under a name made from the path with a key, its first two digits a folder
    /// (`3f/9a….html`: a file system makes a file in a folder of thousands slowly); nil for
    /// a stylesheet the pages carry within.
    public func place(of path: String) -> String? {
        if path == "index.html" || (path.hasPrefix("assets/") && path != Self.searchIndexPath) { return path }
        if inlined[path] != nil { return nil }
        return places.value(for: path) {
            var path = path
            let digest = path.withUTF8 { names.digest(UnsafeRawBufferPointer($0)) } ?? []
            let name = Self.hex(digest.prefix(16))
            return name.prefix(2) + "/" + name.dropFirst(2) + (path == Self.searchIndexPath ? ".js" : ".html")
        }
    }

    /// The memo of the links of the pages in `folder` (with their way to the root).
    func links(of folder: String) -> KeyedMemo<(text: String, inlined: Bool)?> {
        folders.value(for: folder) { KeyedMemo() }
    }

    /// `bytes` in lower-case hex digits.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The way from the folder of the file at `place` up to the archive's root (`../`, or
    /// nothing for `index.html`).
    static func root(of place: String) -> String {
        String(repeating: "../", count: place.count { $0 == "/" })
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
        let digest = records.digest(bytes) ?? []
        return ContentHash(hex: Self.hex(digest.prefix(8))) ?? ContentHash(bytes)
    }
}

/// Values worked out once per key, from any thread.
final class KeyedMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func value(for key: String, making make: () -> Value) -> Value {
        if let known = lock.withLock({ values[key] }) { return known }
        let made = make()
        lock.withLock { values[key] = made }
        return made
    }
}
