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
/// use: a file of the spare is never written in place, only removed and made anew.
/// Everything in it that its own manifest does not list as a regular file — the family's
/// things, links, pipes, the manifest itself — is removed before anything is written.
struct SpareArchive {
    /// The regular files present, with the hashes the spare's manifest gives them.
    let files: [String: ContentHash]
    /// Its folders, each listed before its contents.
    let folders: [String]

    /// The spare's place beside `output`.
    static func path(beside output: URL) -> String {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).bbreport-spare").path
    }

    /// Moves the spare beside `output` to `staging` and clears it of everything but its
    /// listed files; nil (and no spare any more) when there is none or it cannot be used.
    static func take(beside output: URL, to staging: String) -> SpareArchive? {
        let spare = path(beside: output)
        var info = stat()
        guard lstat(spare, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFDIR, let manifest = manifest(in: spare), rename(spare, staging) == 0 else {
            FileTree.remove(spare)
            return nil
        }
        ArchiveWriter.checkpoint("spare")
        var files: [String: ContentHash] = [:]
        files.reserveCapacity(manifest.files.count)
        var folders: [String] = []
        for entry in FileTree.entries(under: staging) {
            let path = staging + "/" + entry.path
            switch entry.kind {
            case .folder where manifest.files[entry.path] != nil:
                FileTree.remove(path)
            case .folder:
                folders.append(entry.path)
            case .file where manifest.files[entry.path] != nil:
                files[entry.path] = manifest.files[entry.path]!.hash
            default:
                unlink(path)
            }
        }
        return SpareArchive(files: files, folders: folders)
    }

    /// The spare's manifest, when it is a regular file that reads as one.
    private static func manifest(in spare: String) -> Manifest? {
        let path = spare + "/" + ArchiveWriter.manifestName
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let data = try? FileInput.read(path, limit: ArchiveWriter.maximumManifestBytes) else { return nil }
        return Manifest(data: data)
    }

    /// Removes from `staging` the spare's files the new archive did not keep or replace
    /// (`used`), then every folder left empty.
    func removeUnused(in staging: String, used: Set<String>) {
        for path in files.keys where !used.contains(path) {
            unlink(staging + "/" + path)
        }
        // Deepest first; a folder still holding something stays.
        for folder in folders.reversed() {
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
