import CRenameExchange
import Foundation
import Hashing

/// Writes an archive so that the folder always holds a complete one: the new files go
/// into a staging folder beside the output, which then takes the output's place in one
/// atomic exchange. A failure or a kill at any moment leaves the previous archive as it
/// was; a later build removes staging folders left behind.
///
/// The manifest lists bbreport's files with the hashes of their bytes: a file whose bytes
/// did not change is hard-linked from the previous archive instead of written, so it
/// keeps its bytes, inode and modification time. Files in the output that bbreport did
/// not write (a `.gitkeep`, a host's `CNAME`) are carried into the new archive.
public struct ArchiveWriter: Sendable {
    /// The output folder, as the user named it (used in messages).
    public let displayPath: String
    let output: URL
    let fileManager = FileManager.default
    /// The previous archive's manifest, read once: a build asks for it three times.
    private let previous = Memo<Result<Manifest?, ArchiveError>>()

    /// The file that marks a folder as a bbreport archive and lists its files.
    public static let manifestName = ".bbreport-manifest"

    public init(output: String) {
        self.displayPath = output
        self.output = URL(fileURLWithPath: output).standardizedFileURL
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
        let root = output.path + "/"
        for (path, entry) in manifest.files {
            if let key = entry.key, access(root + path, F_OK) == 0 {
                keys[path] = key
            }
        }
        return keys
    }

    /// Whether the output already holds a complete archive built from `fingerprint`.
    public func isUpToDate(fingerprint: String) -> Bool {
        guard let manifest = try? previousArchive(), manifest.fingerprint == fingerprint, !manifest.files.isEmpty else { return false }
        return manifest.files.keys.allSatisfy { fileManager.fileExists(atPath: output.appendingPathComponent($0).path) }
    }

    /// Replaces the archive with exactly `files` (plus carried-over foreign files).
    /// `completing` runs on the staging folder once the files are in it, and returns the
    /// paths of any files it added there (they join the archive and its manifest).
    /// With `clean`, nothing is kept from the previous archive but foreign files.
    @discardableResult
    public func write(_ files: [ArchiveFile], fingerprint: String? = nil, renderFingerprint: String? = nil, clean: Bool = false,
                      completing: (_ staging: URL) -> [String] = { _ in [] }) throws(ArchiveError) -> Report {
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
    public func begin(clean: Bool = false) throws(ArchiveError) -> StagedArchive {
        let previous = try previousArchive()
        let parent = output.deletingLastPathComponent()
        try attempt { try fileManager.createDirectory(at: parent, withIntermediateDirectories: true) }
        try removeStaleStaging(in: parent)
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(getpid())")
        FileTree.remove(staging.path)
        try attempt { try fileManager.createDirectory(at: staging, withIntermediateDirectories: false) }
        Self.checkpoint("start")
        return StagedArchive(writer: self, previous: previous, staging: staging, clean: clean)
    }

    /// Puts the finished staging folder in the output's place: foreign files carried over,
    /// one atomic exchange, then the previous archive removed.
    func complete(_ staging: URL, manifest: Manifest, previous: Manifest?) throws(ArchiveError) {
        try attempt { try manifest.data().write(to: staging.appendingPathComponent(ArchiveWriter.manifestName)) }
        Self.checkpoint("manifest")
        if let previous {
            var folders = Set(manifest.files.keys.map(ArchiveWriter.folder(of:)))
            try carryForeignFiles(from: previous, into: staging, keeping: Set(manifest.files.keys), made: &folders)
        }
        try swapIn(staging, replacing: previous != nil)
        self.previous.forget()
        Self.checkpoint("swapped")
        // After the exchange the staging path holds the previous archive.
        FileTree.remove(staging.path)
    }

    // MARK: The previous archive

    /// The manifest of the archive in the output folder, nil if there is no folder yet;
    /// throws if the folder must not be replaced.
    private func previousArchive() throws(ArchiveError) -> Manifest? {
        try previous.value { () -> Result<Manifest?, ArchiveError> in
            do throws(ArchiveError) {
                return .success(try readPreviousArchive())
            } catch {
                return .failure(error)
            }
        }.get()
    }

    private func readPreviousArchive() throws(ArchiveError) -> Manifest? {
        let path = output.path
        if path == "/" { throw ArchiveError(path: displayPath, reason: .protectedFolder("the root folder")) }
        let home = fileManager.homeDirectoryForCurrentUser.standardizedFileURL.path
        if path == home { throw ArchiveError(path: displayPath, reason: .protectedFolder("your home folder")) }

        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { throw ArchiveError(path: displayPath, reason: .notAFolder) }
        for marker in [".git", "Package.swift"] where fileManager.fileExists(atPath: output.appendingPathComponent(marker).path) {
            throw ArchiveError(path: displayPath, reason: .protectedFolder("a project folder (it has \(marker))"))
        }
        let manifestURL = output.appendingPathComponent(ArchiveWriter.manifestName)
        if let data = try? Data(contentsOf: manifestURL) {
            guard let manifest = Manifest(data: data) else {
                throw ArchiveError(path: displayPath, reason: .fileSystem("its \(ArchiveWriter.manifestName) is damaged; delete the folder and build again"))
            }
            return manifest
        }
        let entries = (try? fileManager.contentsOfDirectory(atPath: path)) ?? []
        // An empty folder, or one with only hidden files (.gitkeep), may become an archive.
        guard entries.allSatisfy({ $0.hasPrefix(".") }) else {
            throw ArchiveError(path: displayPath, reason: .notAnArchive)
        }
        return Manifest(files: [:], fingerprint: nil, renderFingerprint: nil)
    }

    /// Hard-links every file of the old archive that bbreport did not write into the new one.
    private func carryForeignFiles(from previous: Manifest, into staging: URL, keeping written: Set<String>,
                                   made folders: inout Set<String>) throws(ArchiveError) {
        let ours = Set(previous.files.keys).union(written).union([ArchiveWriter.manifestName])
        for entry in FileTree.entries(under: output.path) where !ours.contains(entry.path) {
            let source = output.path + "/" + entry.path
            let target = staging.path + "/" + entry.path
            switch entry.kind {
            case .file:
                try makeFolders(for: entry.path, in: staging, made: &folders)
                try attempt { try fileManager.linkItem(atPath: source, toPath: target) }
            case .symbolicLink:
                try makeFolders(for: entry.path, in: staging, made: &folders)
                let destination = try attempt { try fileManager.destinationOfSymbolicLink(atPath: source) }
                try attempt { try fileManager.createSymbolicLink(atPath: target, withDestinationPath: destination) }
            case .folder, .other:
                continue
            }
        }
    }

    // MARK: Staging

    /// Removes staging folders that killed builds left beside the output; refuses to go
    /// on beside a build that is still running. Every build starts with this.
    public func removeLeftovers() throws(ArchiveError) {
        try removeStaleStaging(in: output.deletingLastPathComponent())
    }

    /// Removes staging folders of builds that are no longer running; refuses to run
    /// beside one that is.
    private func removeStaleStaging(in parent: URL) throws(ArchiveError) {
        let prefix = ".\(output.lastPathComponent).staging-"
        for entry in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(prefix) {
            guard let pid = Int32(entry.dropFirst(prefix.count)) else { continue }
            if pid != getpid(), kill(pid, 0) == 0 || errno == EPERM {
                throw ArchiveError(path: displayPath, reason: .busy(pid: pid))
            }
            FileTree.remove(parent.appendingPathComponent(entry).path)
        }
    }

    private func swapIn(_ staging: URL, replacing: Bool) throws(ArchiveError) {
        if replacing, fileManager.fileExists(atPath: output.path) {
            guard bb_rename_exchange(staging.path, output.path) == 0 else {
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

    /// `a/b` for `a/b/c.html`; the empty string for a file at the top.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    func makeFolders(for path: String, in root: URL, made: inout Set<String>) throws(ArchiveError) {
        let folder = ArchiveWriter.folder(of: path)
        guard !made.contains(folder) else { return }
        try attempt { try fileManager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        made.insert(folder)
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

/// A value worked out once and kept until forgotten, safe to ask for from any thread.
final class Memo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func value(_ make: () -> Value) -> Value {
        lock.withLock {
            if let stored { return stored }
            let value = make()
            stored = value
            return value
        }
    }

    func forget() {
        lock.withLock { stored = nil }
    }
}
