import Foundation

/// Carrying over what the family keeps in the archive folder: files, links, empty folders,
/// pipes, with the permissions their folders had.
extension ArchiveWriter {
    /// The entries of the archive in use that `previous`, its manifest, does not list:
    /// what bbreport wrote is its own to drop or replace; anything else is the family's,
    /// even where the new archive wants to write. A folder that held bbreport's files is
    /// its own too: one the new archive no longer uses goes (made again, if the family's
    /// things in it are carried, for them), instead of staying empty in every archive after.
    func foreignEntries(besides previous: Manifest) -> [FileTree.Entry] {
        let ownFolders = folders(of: previous)
        return outputEntries().filter {
            previous.files[$0.path] == nil && $0.path != ArchiveWriter.manifestName && !($0.kind == .folder && ownFolders.contains($0.path))
        }
    }

    /// Hard-links each of the old archive's `foreign` entries into the new one. An entry
    /// where the new archive (`written`) has one of its own is refused by name.
    func carryForeignEntries(_ foreign: [FileTree.Entry], into staging: URL, keeping written: [String: Manifest.Entry]) throws(ArchiveError) {
        // The folders the new archive has, worked out only when something of the family's
        // needs a folder made (the archive's own folders are listed too, and are there).
        var folders: Set<String>?
        func makeFolders(for path: String) throws(ArchiveError) {
            var made = folders ?? Set(written.keys.map(ArchiveWriter.folder(of:)))
            defer { folders = made }
            try self.makeFolders(for: path, in: staging, made: &made)
        }
        for entry in foreign {
            let source = outputPath + "/" + entry.path
            let target = staging.path + "/" + entry.path
            var existing = stat()
            let taken = lstat(target, &existing) == 0
            switch entry.kind {
            case .folder:
                if taken {
                    // A folder of ours with the family's own things in it: theirs join ours.
                    guard existing.st_mode & S_IFMT == S_IFDIR else { throw collision(entry.path, existing) }
                    continue
                }
                try makeFolders(for: entry.path + "/")
                if let mode = permissions(of: source) { chmod(target, mode) }
            case .file, .other:
                guard !taken else { throw collision(entry.path, existing) }
                try makeFolders(for: entry.path)
                guard link(source, target) == 0 else {
                    throw ArchiveError(path: displayPath, reason: .fileSystem("could not keep \(entry.path) (\(String(cString: strerror(errno))))"))
                }
            case .symbolicLink:
                guard !taken else { throw collision(entry.path, existing) }
                try makeFolders(for: entry.path)
                let destination = try attempt { try fileManager.destinationOfSymbolicLink(atPath: source) }
                try attempt { try fileManager.createSymbolicLink(atPath: target, withDestinationPath: destination) }
            }
        }
    }

    /// The refusal for a foreign entry at `path`, where the new archive has `existing`.
    private func collision(_ path: String, _ existing: stat) -> ArchiveError {
        var info = stat()
        let kind = lstat(outputPath + "/" + path, &info) == 0 ? FileTree.describe(info.st_mode) : "an entry"
        let what = existing.st_mode & S_IFMT == S_IFDIR ? "the folder \(path)/" : "the file \(path)"
        return ArchiveError(path: displayPath, reason: .foreignEntry(path: path, kind: kind, writes: what))
    }
}
