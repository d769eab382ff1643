import Foundation
import Hashing
import InputFiles

/// The archive before last, kept beside the output as `.NAME.bbreport-spare` once a new
/// one has taken its place, so that the next build patches the few files that changed
/// instead of linking thousands into a new folder and removing thousands from the old.
///
/// It is taken by renaming it to the build's staging name, so a build killed while
/// patching it leaves an ordinary staging folder, which the next build removes (and that
/// build starts fresh). The spare shares its unchanged files' inodes with the archive in
/// use: a file of the spare that another link shares is never written in place, only
/// removed and made anew; one the spare alone holds is written over.
/// Everything in it that its own manifest does not list as a regular file — the family's
/// things, links, pipes — is removed before anything is written; its manifest, a regular
/// file, is left for the new one to be written over.
struct SpareArchive {
    /// The regular files present, each with the hash the spare's manifest gives it and
    /// its place in `paths`.
    let files: [String: (hash: ContentHash, index: Int)]
    /// The paths of those files, in the order of their places.
    let paths: [String]
    /// Its folders, each listed before its contents.
    let folders: [String]
    /// The folders holding some of its listed files (in them or further down), which
    /// stay when those files do.
    let occupied: Set<String>
    /// Everything else in it but its manifest, to be removed once it is taken.
    fileprivate let unlisted: [FileTree.Entry]

    /// The spare's place beside `output`.
    static func path(beside output: URL) -> String {
        output.deletingLastPathComponent().appendingPathComponent(ArchiveWriter.sideName(of: output.lastPathComponent, ".bbreport-spare")).path
    }

    /// The spare beside `output` as it is, read without changing anything: its listed
    /// files, its folders and the rest, to be cleared when it is taken. Nil when there is
    /// none or it cannot be used. Read while the export is decoded, so that a build that
    /// gives up leaves the spare as it was.
    static func find(beside output: URL) -> SpareArchive? {
        let spare = path(beside: output)
        var info = stat()
        guard lstat(spare, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let manifest = manifest(in: spare) else { return nil }
        var files: [String: (hash: ContentHash, index: Int)] = [:]
        files.reserveCapacity(manifest.files.count)
        var paths: [String] = []
        paths.reserveCapacity(manifest.files.count)
        var folders: [String] = []
        var unlisted: [FileTree.Entry] = []
        // Each path looked up once.
        for entry in FileTree.entries(under: spare) {
            switch (entry.kind, manifest.files[entry.path]) {
            case (.folder, .some):
                unlisted.append(entry)
            case (.folder, nil):
                folders.append(entry.path)
            case (.file, .some(let listed)):
                files[entry.path] = (listed.hash, paths.count)
                paths.append(entry.path)
            case (.file, nil) where entry.path == ArchiveWriter.manifestName:
                break
            default:
                unlisted.append(entry)
            }
        }
        return SpareArchive(files: files, paths: paths, folders: folders, occupied: ArchiveWriter.folders(holding: paths), unlisted: unlisted)
    }

    /// Moves the spare beside `output` (as `found` read it) to `staging` and clears it of
    /// everything but its listed files; nil, and no spare any more, when none was found
    /// usable or it cannot be moved.
    static func take(_ found: SpareArchive?, beside output: URL, to staging: String) -> SpareArchive? {
        let spare = path(beside: output)
        guard let found, rename(spare, staging) == 0 else {
            FileTree.remove(spare)
            return nil
        }
        ArchiveWriter.checkpoint("spare")
        for entry in found.unlisted {
            let path = staging + "/" + entry.path
            if entry.kind == .folder { FileTree.remove(path) } else { unlink(path) }
        }
        return SpareArchive(files: found.files, paths: found.paths, folders: found.folders, occupied: found.occupied, unlisted: [])
    }

    /// The spare's manifest, when it is a regular file that reads as one.
    private static func manifest(in spare: String) -> Manifest? {
        let path = spare + "/" + ArchiveWriter.manifestName
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let data = try? FileInput.read(path, limit: ArchiveWriter.maximumManifestBytes) else { return nil }
        return Manifest(data: data)
    }

    /// Removes from `staging` the spare's files that the new archive does not have (those
    /// it kept or replaced are `used`, by their places), then every folder left empty. A
    /// folder that still holds one of the spare's files is not tried (removing each of the
    /// 88 folders of a 3-year archive, to find them all still in use, took half a millisecond).
    func removeUnused(in staging: String, used: [Bool]) {
        let unused = paths.indices.filter { !used[$0] }.map { paths[$0] }
        for path in unused {
            unlink(staging + "/" + path)
        }
        let emptied = ArchiveWriter.folders(holding: unused)
        // Deepest first; a folder still holding something stays.
        for folder in folders.reversed() where !occupied.contains(folder) || emptied.contains(folder) {
            rmdir(staging + "/" + folder)
        }
    }

    /// After the exchange: the previous archive, now at `staging`, becomes the spare.
    static func keep(_ staging: String, beside output: URL) {
        let spare = path(beside: output)
        FileTree.remove(spare)
        if rename(staging, spare) != 0 {
            FileTree.remove(staging)
        }
    }
}
