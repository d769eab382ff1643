import CRenameExchange
import Foundation
import Hashing
import InputFiles
import Speed

/// Writes an archive so that the folder always holds a complete one: the new files go
/// into a staging folder beside the output, which then takes the output's place in one
/// atomic exchange. A failure or a kill at any moment leaves the previous archive as it
/// was; a later build removes staging folders left behind.
///
/// The manifest lists bbreport's files with the hashes of their bytes: a file whose bytes
/// did not change is hard-linked from the previous archive instead of written, so it
/// keeps its bytes, inode and modification time. Everything in the output that bbreport
/// did not write (a `.gitkeep`, a host's `CNAME`, a folder of the family's own) is carried
/// into the new archive. The output's real path is used throughout: a symbolic link to a
/// folder is built through, into that folder.
public struct ArchiveWriter: Sendable {
    /// The output folder, as the user named it (used in messages).
    public let displayPath: String
    /// The real output folder, every symbolic link resolved.
    let output: URL
    /// Its path, the path of the folder it is in and its name, worked out once: a URL's
    /// path is worked out anew on every read, and a build starts by asking for them a
    /// dozen times.
    let outputPath: String
    private let parentPath: String
    private let outputName: String
    let fileManager = FileManager.default
    /// The previous archive's manifest, read once: a build asks for it three times.
    private let previous = Memo<Result<Manifest?, ArchiveError>>()
    /// Every entry of the archive in use, walked once (see ``outputEntries()``).
    private let listing = Memo<[FileTree.Entry]>()
    /// The folders holding the previous archive's files, worked out once: its own folders
    /// are checked when its manifest is read and left out of the family's things later.
    private let previousFolders = Memo<Set<String>>()
    /// Held from the first look at the output until the archive is in place or the writer
    /// is dropped.
    private let lock = ArchiveLock()

    /// The file that marks a folder as a bbreport archive and lists its files.
    public static let manifestName = ".bbreport-manifest"

    public init(output: String) {
        self.displayPath = output
        self.output = URL(fileURLWithPath: OutputPath.resolve(output))
        outputPath = self.output.path
        parentPath = self.output.deletingLastPathComponent().path
        outputName = self.output.lastPathComponent
    }

    /// The entry called `name` beside the output.
    /// The name of a file of ours beside the output called `name`: `.NAME` and `suffix`, or,
    /// when that would pass the 255 bytes a file name can have (with room for a process
    /// number after it), the name's start and a hash of the whole, the same every run.
    public static func sideName(of name: String, _ suffix: String) -> String {
        let plain = "." + name + suffix
        guard plain.utf8.count > 255 - 16 else { return plain }
        let hash = String(ContentHash(Data(name.utf8)).description.prefix(16))
        let start = String(decoding: name.utf8.prefix(96), as: UTF8.self).filter { $0 != "\u{FFFD}" }
        return "." + start + "-" + hash + suffix
    }

    private func besideOutput(_ name: String) -> String {
        parentPath == "/" ? "/" + name : parentPath + "/" + name
    }

    /// What a write did.
    public struct Report: Sendable, Equatable {
        /// Files whose bytes were new or changed.
        public var written = 0
        /// Files kept from the previous archive, untouched.
        public var kept = 0
        /// Files of the previous archive that the new one no longer has.
        public var removed = 0
    }

    /// The keys of the previous archive's pages that still exist, when its pages were
    /// made the same way (`renderFingerprint`); empty otherwise.
    public func reusableKeys(renderFingerprint: String) -> [String: ContentHash] {
        guard let manifest = try? previousArchive(), manifest.renderFingerprint == renderFingerprint else { return [:] }
        var keys: [String: ContentHash] = [:]
        keys.reserveCapacity(manifest.files.count)
        for (path, kind) in outputEntries() where kind == .file {
            if let key = manifest.files[path]?.key { keys[path] = key }
        }
        return keys
    }

    /// Every entry of the archive in use, walked once with `readdir`: which of its pages
    /// are still there (as regular files) and what in it is the family's both come from
    /// this walk, not from a `stat` of each of thousands of files (the archive does not
    /// change while the build holds its lock).
    func outputEntries() -> [FileTree.Entry] {
        listing.value { FileTree.entries(under: outputPath) }
    }

    /// The previous archive's file at `path`, when its pages were made the same way
    /// (`renderFingerprint`) and the file still holds the bytes its manifest records: for
    /// copying parts of it that did not change. Nil for anything else, or past `limit` bytes.
    public func previousFile(_ path: String, renderFingerprint: String, limit: Int) -> Data? {
        guard let manifest = try? previousArchive(), manifest.renderFingerprint == renderFingerprint else { return nil }
        return previousFile(path, limit: limit)
    }

    /// The previous archive's file at `path` when it still holds the bytes its manifest
    /// records, whatever the options it was made with; nil for anything else.
    public func previousFile(_ path: String, limit: Int) -> Data? {
        guard let (file, entry) = listedFile(path), let data = try? FileInput.read(file, limit: limit),
              ContentHash(file: data) == entry.hash else { return nil }
        return data
    }

    /// The previous archive's file at `path` that checks itself (it ends with a hash of its
    /// own, which its reader checks), in an array to be parsed in place: it is only required
    /// to be listed, and its bytes are not hashed twice.
    public func previousSelfCheckingFile(_ path: String, limit: Int) -> [UInt8]? {
        guard let (file, _) = listedFile(path) else { return nil }
        return try? FileInput.bytes(file, limit: limit)
    }

    /// Whether the previous archive's manifest lists a file at `path`.
    public func lists(_ path: String) -> Bool {
        (try? previousArchive())??.files[path] != nil
    }

    /// Where the previous archive's file at `path` is, and its manifest entry, when the
    /// manifest lists it and it is a regular file.
    private func listedFile(_ path: String) -> (file: String, entry: Manifest.Entry)? {
        guard let manifest = try? previousArchive(), let entry = manifest.files[path] else { return nil }
        let file = outputPath + "/" + path
        return isRegularFile(file) ? (file, entry) : nil
    }

    /// Lets go of the archive's lock (the next look at the output takes it again).
    func releaseLock() {
        lock.release()
    }

    /// Whether the output already holds a complete archive built from `fingerprint`.
    /// Every file the manifest lists must still be there, a regular file: found in the one
    /// walk of the archive (a `stat` of each of its 2,600 files was most of a no-op build).
    public func isUpToDate(fingerprint: String) -> Bool {
        guard let manifest = try? previousArchive(), manifest.fingerprint == fingerprint, !manifest.files.isEmpty else { return false }
        let listed = outputEntries().count { $0.kind == .file && manifest.files[$0.path] != nil }
        return listed == manifest.files.count
    }

    /// Replaces the archive with exactly `files` (plus carried-over foreign files).
    /// `completing` runs on the staging folder once the files are in it, and returns the
    /// paths of any files it added there (they join the archive and its manifest).
    /// With `clean`, nothing is kept from the previous archive but foreign files.
    @discardableResult
    public func write(_ files: [ArchiveFile], fingerprint: String? = nil, renderFingerprint: String? = nil, clean: Bool = false,
                      completing: (_ staging: URL) -> [String] = { _ in [] }) throws(ArchiveError) -> Report {
        try removeLeftovers()
        let staged = try begin(clean: clean)
        do throws(ArchiveError) {
            for file in files {
                try staged.add(file)
            }
            return try staged.finish(fingerprint: fingerprint, renderFingerprint: renderFingerprint, completing: completing)
        } catch {
            staged.abandon()
            throw error
        }
    }

    /// Starts a new archive in a staging folder beside the output, after checking that the
    /// output may be replaced. Files are then added from any thread as they are made, and
    /// `finish` swaps the whole in; until then the output is untouched.
    /// `spare` is ``spareFinder``'s answer when it was asked for earlier.
    public func begin(clean: Bool = false, spare found: FoundSpare? = nil) throws(ArchiveError) -> StagedArchive {
        try checkReplaceable()
        let parent = output.deletingLastPathComponent()
        try attempt { try fileManager.createDirectory(at: parent, withIntermediateDirectories: true) }
        try removeLeftovers()
        let previous = try previousArchive()
        let staging = parent.appendingPathComponent(Self.sideName(of: outputName, ".staging-") + String(getpid()))
        FileTree.remove(staging.path)
        // The archive before last, patched, or a new folder; a clean build starts anew.
        if previous == nil { FileTree.remove(SpareArchive.path(beside: output)) }
        let spare = clean || previous == nil ? nil
            : SpareArchive.take((found ?? spareFinder()).spare, beside: output, to: staging.path)
        if spare == nil {
            try attempt { try fileManager.createDirectory(at: staging, withIntermediateDirectories: false) }
        }
        // The archive keeps the permissions its folder was given (a family's 700 stays 700).
        if let mode = permissions(of: outputPath) { chmod(staging.path, mode) }
        Self.checkpoint("start")
        return StagedArchive(writer: self, previous: previous, staging: staging, clean: clean, spare: spare)
    }

    /// Finds the archive before last as it is beside the output, for ``begin(clean:spare:)``
    /// to take: read (a walk of its 2,600 files and its manifest) on a core that is free
    /// before the build is sure to go on, changing nothing. It holds the output's place
    /// only, not the writer and its lock: a build that gives up while it runs (the process
    /// then ends) leaves no lock file behind.
    public var spareFinder: @Sendable () -> FoundSpare {
        { [output] in FoundSpare(spare: SpareArchive.find(beside: output)) }
    }

    /// The spare beside the output, as ``spareFinder`` found it.
    public struct FoundSpare: Sendable {
        fileprivate let spare: SpareArchive?
    }

    /// Puts the finished staging folder in the output's place: foreign entries carried
    /// over, one atomic exchange, then the previous archive removed.
    /// `foreign` are the family's entries of the archive in use, when already listed.
    func complete(_ staging: URL, manifest: Manifest, previous: Manifest?, foreign: [FileTree.Entry]? = nil) throws(ArchiveError) {
        // Over the spare's own, when it kept one (freeing its blocks took longer than writing them).
        let manifestPath = staging.path + "/" + ArchiveWriter.manifestName
        let data = manifest.data()
        if !rewriteFile(data, at: manifestPath) {
            unlink(manifestPath)
            try writeNewFile(data, at: manifestPath, named: ArchiveWriter.manifestName)
        }
        Self.checkpoint("manifest")
        if let previous {
            try carryForeignEntries(foreign ?? foreignEntries(besides: previous), into: staging, keeping: manifest.files)
        }
        let replacing = previous != nil && fileManager.fileExists(atPath: outputPath)
        try swapIn(staging, replacing: replacing)
        self.previous.forget()
        listing.forget()
        previousFolders.forget()
        Self.checkpoint("swapped")
        // After the exchange the staging path holds the previous archive: the next
        // build's spare.
        if replacing { SpareArchive.keep(staging.path, beside: output) }
    }

    /// The manifest of the archive in the output folder, nil if there is no folder yet;
    /// throws if the folder must not be replaced.
    func previousArchive() throws(ArchiveError) -> Manifest? {
        try previous.value { () -> Result<Manifest?, ArchiveError> in
            do throws(ArchiveError) {
                return .success(try readPreviousArchive())
            } catch {
                return .failure(error)
            }
        }.get()
    }

    // MARK: Staging

    /// Checks that the output may be replaced, takes the archive's lock, and removes the
    /// staging folders that killed builds left beside the output; refuses to go on while
    /// another build holds the lock. Every build starts with this, and reads the previous
    /// archive's manifest only after it.
    public func removeLeftovers() throws(ArchiveError) {
        try checkReplaceable()
        guard fileManager.fileExists(atPath: parentPath) else { return }
        let acquired: Bool
        do {
            acquired = try lock.acquire(at: besideOutput(Self.sideName(of: outputName, ".bbreport-lock")))
        } catch {
            throw ArchiveError(path: displayPath, reason: error)
        }
        guard acquired else { throw ArchiveError(path: displayPath, reason: .busy) }
        // With the lock held, every staging folder beside the output is a dead build's.
        let prefix = Self.sideName(of: outputName, ".staging-")
        for name in FileTree.names(in: parentPath) where name.hasPrefix(prefix) {
            FileTree.remove(besideOutput(name))
        }
    }

    private func swapIn(_ staging: URL, replacing: Bool) throws(ArchiveError) {
        if replacing {
            guard bb_rename_exchange(staging.path, outputPath) == 0 else {
                let detail = String(cString: strerror(errno))
                throw ArchiveError(path: displayPath, reason: .fileSystem("could not swap in the new archive (\(detail))"))
            }
        } else {
            try attempt { try fileManager.moveItem(at: staging, to: output) }
        }
    }

    /// For tests that kill a build outright at a given moment: `BBREPORT_TEST_KILL_AT` names
    /// the point (`start`, `files:N`, `manifest`, `swapped`).
    private static let killPoint = ProcessInfo.processInfo.environment["BBREPORT_TEST_KILL_AT"]

    static func checkpoint(_ point: @autoclosure () -> String) {
        if let killPoint, killPoint == point() {
            kill(getpid(), SIGKILL)
        }
    }

    /// `a/b` for `a/b/c.html`; the empty string for a file at the top. The slash is found
    /// in the bytes, as the file system finds it (found by characters, the folders of a
    /// previous archive's 2,600 files took half a millisecond of every build).
    public static func folder(of path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// The folders that hold `paths` (`a/b` and `a` for `a/b/c.html`).
    static func folders(holding paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            insertFolders(of: path, into: &folders)
        }
        return folders
    }

    /// Adds the folders that hold `path` to `folders`.
    static func insertFolders(of path: String, into folders: inout Set<String>) {
        var folder = folder(of: path)
        while !folder.isEmpty, folders.insert(folder).inserted {
            folder = self.folder(of: folder)
        }
    }

    /// The folders holding the files of `previous`, the previous archive's manifest.
    func folders(of previous: Manifest) -> Set<String> {
        previousFolders.value { previous.folders ?? Self.folders(holding: previous.files.keys) }
    }

    func makeFolders(for path: String, in root: URL, made: inout Set<String>) throws(ArchiveError) {
        let folder = ArchiveWriter.folder(of: path)
        guard !made.contains(folder) else { return }
        try attempt { try fileManager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        made.insert(folder)
    }

    /// Whether `path` is a regular file itself (not a link to one).
    func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The permission bits of `path` itself, when it exists.
    func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Runs a file-system operation, turning its error into an ``ArchiveError``.
    func attempt<T>(_ operation: () throws -> T) throws(ArchiveError) -> T {
        do {
            return try operation()
        } catch {
            let nsError = error as NSError
            let detail = nsError.localizedFailureReason ?? nsError.localizedDescription
            throw ArchiveError(path: displayPath, reason: .fileSystem(detail))
        }
    }
}
