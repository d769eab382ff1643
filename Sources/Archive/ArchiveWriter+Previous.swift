import Foundation
import InputFiles

/// What may be replaced: never `/`, the home folder or a project; a folder only when it is
/// empty, holds nothing but empty placeholders (`.gitkeep`), or holds bbreport's own
/// manifest. Hidden entries are content like any other (a `.ssh` is not empty).
extension ArchiveWriter {
    /// Names of files that only keep an otherwise empty folder in version control.
    static let placeholders: Set<String> = [".gitkeep", ".keep"]
    /// The largest manifest read (an archive of 100,000 files has one of about 12 MB).
    static let maximumManifestBytes = 64 << 20

    /// The previous archive's manifest (nil when there is no folder yet), after the checks
    /// of ``checkReplaceable()``.
    func readPreviousArchive() throws(ArchiveError) -> Manifest? {
        guard try checkReplaceable() else { return nil }
        let manifestPath = outputPath + "/" + ArchiveWriter.manifestName
        guard exists(manifestPath) else {
            return Manifest(files: [:], fingerprint: nil, renderFingerprint: nil)
        }
        guard isRegularFile(manifestPath), let data = try? FileInput.read(manifestPath, limit: Self.maximumManifestBytes),
              let manifest = Manifest(data: data) else {
            throw ArchiveError(path: displayPath, reason: .fileSystem("its \(ArchiveWriter.manifestName) is damaged; delete the folder and build again"))
        }
        try checkOwnFolders(of: manifest)
        return manifest
    }

    /// Throws when the output must not be replaced; returns whether it exists. Reads no
    /// more than folder listings, so it can run before the lock is taken (a refused
    /// output leaves nothing behind, not even a lock file).
    @discardableResult
    func checkReplaceable() throws(ArchiveError) -> Bool {
        let path = outputPath
        if path == "/" { throw ArchiveError(path: displayPath, reason: .protectedFolder("the root folder")) }
        if Self.homeFolders.contains(path) { throw ArchiveError(path: displayPath, reason: .protectedFolder("your home folder")) }

        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw ArchiveError(path: displayPath, reason: .notAFolder) }
        for marker in [".git", "Package.swift"] where exists(path + "/" + marker) {
            throw ArchiveError(path: displayPath, reason: .protectedFolder("a project folder (it has \(marker))"))
        }
        guard !exists(path + "/" + ArchiveWriter.manifestName) else { return true }
        let content = FileTree.names(in: path).filter { !(Self.placeholders.contains($0) && isEmptyFile(path + "/" + $0)) }
        guard content.isEmpty else {
            throw ArchiveError(path: displayPath, reason: .notAnArchive(example: content.sorted().first!))
        }
        return true
    }

    /// The account's home and $HOME, which may differ (a service, sudo, a test), their links
    /// resolved: found once, as the account's is read from the system's user database (a
    /// build checks its output four times). Asked of the C library: through Foundation's
    /// file manager and process information, finding them took 0.2–0.26 ms of every build's
    /// start.
    private static let homeFolders = [accountHome(), getenv("HOME").map { String(cString: $0) }]
        .compactMap { $0 }.filter { !$0.isEmpty }.map(OutputPath.resolve)

    /// The home folder the system's user database gives this process's account.
    private static func accountHome() -> String? {
        var account = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var size = 16 << 10
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            let status = getpwuid_r(getuid(), &account, &buffer, buffer.count, &found)
            if status == ERANGE {
                size *= 2
                continue
            }
            guard status == 0, let found, let home = found.pointee.pw_dir else { return nil }
            return String(cString: home)
        }
        return nil
    }

    /// Refuses an archive where a folder that holds bbreport's files has been replaced by a
    /// link or anything else: keeping a file would read through it, out of the archive.
    private func checkOwnFolders(of manifest: Manifest) throws(ArchiveError) {
        var info = stat()
        for folder in folders(of: manifest).sorted() where lstat(outputPath + "/" + folder, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
            throw ArchiveError(path: displayPath, reason: .foreignEntry(path: folder, kind: FileTree.describe(info.st_mode), writes: "the folder \(folder)/"))
        }
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func isEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size == 0
    }
}
