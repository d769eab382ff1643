import Archive
import Foundation
import Hashing
import HTML
import Pages
import Sealing

/// The files of the archive as they are written: as made, or sealed for an encrypted
/// archive (``ArchiveSealer``), at the places their names say nothing of.
struct ArchiveFiles {
    let sealer: ArchiveSealer?

    /// The page at `path`.
    func page(_ html: Data, at path: SitePath, key: ContentHash?) throws(Diagnostic) -> ArchiveFile? {
        guard let sealer else { return ArchiveFile(path: path.description, data: html, key: key) }
        return try sealed { () throws(ArchiveSealer.Failure) in try sealer.page(html, at: path.description, key: key) }
    }

    /// A file that is not a page (days.json, a page's Markdown) at `path`, of `type`.
    func download(_ data: Data, at path: SitePath, type: String, key: ContentHash? = nil) throws(Diagnostic) -> ArchiveFile? {
        guard let sealer else { return ArchiveFile(path: path.description, data: data, key: key) }
        return try sealed { () throws(ArchiveSealer.Failure) in try sealer.download(data, at: path.description, type: type, key: key) }
    }

    /// A file only bbreport reads (the export's index), at `path`: sealed whole.
    func whole(_ data: Data, at path: String) throws(Diagnostic) -> ArchiveFile? {
        guard let sealer else { return ArchiveFile(path: path, data: data) }
        return try sealed { () throws(ArchiveSealer.Failure) in try sealer.whole(data, at: path) }
    }

    /// One of the files beside the pages: an asset as it is; the search index sealed with
    /// the place of every day's page; a stylesheet the pages carry, not at all.
    func sideFile(_ file: ArchiveFile, site: Site) throws(Diagnostic) -> ArchiveFile? {
        guard let sealer else { return file }
        guard file.path == ArchiveSealer.searchIndexPath else { return sealer.place(of: file.path) == nil ? nil : file }
        guard case .bytes(let data) = file.content, let json = SiteRenderer.searchIndexJSON(ofScript: String(decoding: data, as: UTF8.self)) else {
            throw Diagnostic(.error, "the search index could not be sealed: it is not laid out as bbreport writes it")
        }
        var pages: [String: String] = [:]
        for child in site.children {
            for day in child.days.days {
                let path = SiteMap.day(child.slug, day.date).description
                pages[path] = sealer.place(of: path)
            }
        }
        return try sealed { () throws(ArchiveSealer.Failure) in try sealer.searchIndex(json: String(json), pages: pages) }
    }

    /// Whether the archive has the files other programs read (`status.json`, `feed.xml`):
    /// an encrypted one has none, as neither a dashboard nor a feed reader could open them
    /// sealed, and in the clear they would say what the archive hides (docs/safety.md).
    var hasFilesForOtherPrograms: Bool { sealer == nil }

    /// What only an encrypted archive has: the opener's script and the key file.
    func sealingFiles(opener: String) -> [ArchiveFile] {
        guard let sealer else { return [] }
        return [ArchiveFile(path: ArchiveSealer.openerPath, data: Data(opener.utf8)), sealer.keyArchiveFile]
    }

    private func sealed(_ make: () throws(ArchiveSealer.Failure) -> ArchiveFile?) throws(Diagnostic) -> ArchiveFile? {
        do {
            return try make()
        } catch {
            throw ArchiveKey.libraryFailure("\(error.path) could not be sealed")
        }
    }
}
