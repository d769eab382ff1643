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
    }

    /// The keys of the previous archive's pages that still exist, when its pages were
    /// made the same way (`renderFingerprint`); empty otherwise.
    public func reusableKeys(renderFingerprint: String) -> [String: ContentHash] {
        guard let manifest = try? previousArchive(), manifest.renderFingerprint == renderFingerprint else { return [:] }
        var keys: [String: ContentHash] = [:]
        for (path, entry) in manifest.files {
            if let key = entry.key, fileManager.fileExists(atPath: output.appendingPathComponent(path).path) {
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
        let previous = try previousArchive()
        let parent = output.deletingLastPathComponent()
        try attempt { try fileManager.createDirectory(at: parent, withIntermediateDirectories: true) }
        try removeStaleStaging(in: parent)

        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(getpid())")
        try? fileManager.removeItem(at: staging)
        var report = Report()
        do throws(ArchiveError) {
            try attempt { try fileManager.createDirectory(at: staging, withIntermediateDirectories: false) }
            Self.checkpoint("start")
            var folders: Set<String> = [""]
            var entries: [String: Manifest.Entry] = [:]
            for file in files {
                try makeFolders(for: file.path, in: staging, made: &folders)
                let target = staging.appendingPathComponent(file.path)
                let source = output.appendingPathComponent(file.path)
                Self.checkpoint("files:\(report.written + report.kept)")
                switch file.content {
                case .unchanged:
                    guard let old = previous?.files[file.path] else {
                        throw ArchiveError(path: displayPath, reason: .fileSystem("\(file.path) was to be kept but is not in the previous archive"))
                    }
                    try attempt { try fileManager.linkItem(at: source, to: target) }
                    entries[file.path] = Manifest.Entry(hash: old.hash, key: file.key)
                    report.kept += 1
                case .bytes(let data):
                    let hash = ContentHash(data)
                    entries[file.path] = Manifest.Entry(hash: hash, key: file.key)
                    // Same bytes as before: keep the old file (its inode and time) instead.
                    if !clean, previous?.files[file.path]?.hash == hash,
                       (try? fileManager.linkItem(at: source, to: target)) != nil {
                        report.kept += 1
                    } else {
                        try attempt { try data.write(to: target) }
                        report.written += 1
                    }
                }
            }
            for path in completing(staging) {
                entries[path] = Manifest.Entry(hash: ContentHash((try? Data(contentsOf: staging.appendingPathComponent(path))) ?? Data()), key: nil)
                report.written += 1
            }
            let manifest = Manifest(files: entries, fingerprint: fingerprint, renderFingerprint: renderFingerprint)
            try attempt { try manifest.data().write(to: staging.appendingPathComponent(ArchiveWriter.manifestName)) }
            Self.checkpoint("manifest")
            if let previous {
                try carryForeignFiles(from: previous, into: staging, keeping: Set(entries.keys), made: &folders)
            }
            try swapIn(staging, replacing: previous != nil)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        Self.checkpoint("swapped")
        // After the exchange the staging path holds the previous archive.
        try? fileManager.removeItem(at: staging)
        return report
    }

    // MARK: The previous archive

    /// The manifest of the archive in the output folder, nil if there is no folder yet;
    /// throws if the folder must not be replaced.
    private func previousArchive() throws(ArchiveError) -> Manifest? {
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
        guard let walker = fileManager.enumerator(atPath: output.path) else { return }
        while let relative = walker.nextObject() as? String {
            guard !ours.contains(relative) else { continue }
            let source = output.appendingPathComponent(relative)
            let values = try? source.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            guard values?.isDirectory != true || values?.isSymbolicLink == true else { continue }
            try makeFolders(for: relative, in: staging, made: &folders)
            let target = staging.appendingPathComponent(relative)
            if values?.isSymbolicLink == true {
                let destination = try attempt { try fileManager.destinationOfSymbolicLink(atPath: source.path) }
                try attempt { try fileManager.createSymbolicLink(atPath: target.path, withDestinationPath: destination) }
            } else {
                try attempt { try fileManager.linkItem(at: source, to: target) }
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
            try? fileManager.removeItem(at: parent.appendingPathComponent(entry))
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

    private static func checkpoint(_ point: @autoclosure () -> String) {
        if let killPoint, killPoint == point() {
            kill(getpid(), SIGKILL)
        }
    }

    private func makeFolders(for path: String, in root: URL, made: inout Set<String>) throws(ArchiveError) {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        guard !made.contains(folder) else { return }
        try attempt { try fileManager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        made.insert(folder)
    }

    /// Runs a file-system operation, turning its error into an ``ArchiveError``.
    private func attempt<T>(_ operation: () throws -> T) throws(ArchiveError) -> T {
        do {
            return try operation()
        } catch {
            let nsError = error as NSError
            let detail = nsError.localizedFailureReason ?? nsError.localizedDescription
            throw ArchiveError(path: displayPath, reason: .fileSystem(detail))
        }
    }
}
