import Archive
import Encryption
import Foundation
import Hashing

extension ArchiveSealer {
    /// The library refused to seal a file (no AES-GCM, no memory, no random bytes).
    public struct Failure: Error, Sendable {
        public let path: String
    }

    /// The page at the plain archive's `path`, its links reworded, sealed in a shell; nil
    /// for a file the pages carry within.
    public func page(_ html: Data, at path: String, key: ContentHash?) throws(Failure) -> ArchiveFile? {
        guard let place = place(of: path) else { return nil }
        let plain = LinkRewriter(sealer: self, page: path).rewrite(html)
        return try shell(plain, place: place, kind: .page, key: key)
    }

    /// The file at the plain archive's `path` (days.json, a page's Markdown, the visit
    /// summary's PDF) sealed with its name and `type` in a shell that hands it over once
    /// opened.
    public func download(_ data: Data, at path: String, type: String, key: ContentHash? = nil) throws(Failure) -> ArchiveFile? {
        guard let place = place(of: path) else { return nil }
        let file = String(path.split(separator: "/").last ?? "")
        let header = "{\"file\":\"\(file)\",\"type\":\"\(type)\"}\n"
        return try shell(Array(header.utf8) + data, place: place, kind: .download, key: key)
    }

    /// The search index (its JSON), with the place of each day's page by its plain path, as a
    /// script that hands them to the opener of the page that loads it.
    public func searchIndex(json: String, pages: [String: String]) throws(Failure) -> ArchiveFile {
        let place = place(of: Self.searchIndexPath) ?? Self.searchIndexPath
        let names = pages.keys.sorted().map { "\"\($0)\":\"\(pages[$0]!)\"" }.joined(separator: ",")
        let plain = Array("{\"index\":\(json),\"pages\":{\(names)}}".utf8)
        let sealed = try seal(plain, place: place)
        let script = "bbreportSealed(\"\(place)\", \"\(Data(sealed).base64EncodedString())\");\n"
        return ArchiveFile(path: place, data: Data(script.utf8), contentHash: record(plain))
    }

    /// A file only bbreport reads, sealed whole at `path` (`nonce ‖ ciphertext ‖ tag`, no
    /// shell), kept while its plain bytes stay the same.
    public func whole(_ data: Data, at path: String) throws(Failure) -> ArchiveFile {
        let plain = [UInt8](data)
        return ArchiveFile(path: path, data: Data(try seal(plain, place: path)), contentHash: record(plain))
    }

    /// The plaintext of a file sealed whole at `path` under the keys `master` expands to.
    public static func open(_ sealed: [UInt8], at path: String, master: SealingKey) -> [UInt8]? {
        guard let cipher = master.expanded(for: cipherPurpose) else { return nil }
        return try? Sealed.open(sealed, key: cipher, context: Array(path.utf8))
    }

    /// The key file, as the archive keeps it.
    public var keyArchiveFile: ArchiveFile {
        ArchiveFile(path: ArchiveKeyFile.name, data: keyFile.data)
    }

    /// `plain` sealed for `place` into a shell; the manifest records a keyed digest of the
    /// plain bytes and the shell, so that the previous shell is kept while neither changed.
    private func shell(_ plain: [UInt8], place: String, kind: SealedShell.Kind, key: ContentHash?) throws(Failure) -> ArchiveFile {
        let frame = SealedShell.frame(name: place, kind: kind, words: shell, keyFile: keyFile)
        let sealed = try seal(plain, place: place)
        var data = Data(capacity: frame.head.utf8.count + 4 * (sealed.count + 2) / 3 + frame.tail.utf8.count + 1)
        data.append(contentsOf: frame.head.utf8)
        Sealed.base64(sealed, appendingTo: &data)
        data.append(contentsOf: frame.tail.utf8)
        let recorded = ContentHash(combining: [record(plain), ContentHash(Data((frame.head + frame.tail).utf8))])
        return ArchiveFile(path: place, data: data, key: key.map(recordedKey), contentHash: recorded)
    }

    private func seal(_ plain: [UInt8], place: String) throws(Failure) -> [UInt8] {
        guard let sealed = Sealed.seal(plain, key: cipher, context: Array(place.utf8)) else { throw Failure(path: place) }
        return sealed
    }
}
