import Foundation
import Hashing

/// A new archive being filled in its staging folder. Any thread may add files as soon as
/// they are made (nothing waits for the whole site in memory); `finish` swaps the archive
/// in, and `abandon` throws the staging folder away, leaving the output as it was.
public final class StagedArchive: @unchecked Sendable {
    private let writer: ArchiveWriter
    private let previous: Manifest?
    /// The staging folder beside the output.
    public let staging: URL
    /// The staging folder's path, worked out once (a URL's path is decoded anew on every
    /// read).
    private let stagingPath: String
    private let clean: Bool
    /// The archive before last, in the staging folder, to be patched into the new one.
    private let spare: SpareArchive?

    private let lock = NSLock()
    private var folders: Set<String> = [""]
    private var entries: [String: Manifest.Entry] = [:]
    /// How many of the entries the previous archive lists, and which of the spare's files
    /// (by their places) are among them: counted as files are added, which are looked up
    /// in both then, instead of looking up thousands of paths again at the end, when
    /// nothing else runs.
    private var listedBefore = 0
    private var spareUsed: [Bool]
    private var report = ArchiveWriter.Report()
    /// Files begun, for the kill points of the tests (each number is seen exactly once).
    private var started = 0
    /// The family's own entries of the archive in use, once listed.
    private var foreign: [FileTree.Entry]?

    init(writer: ArchiveWriter, previous: Manifest?, staging: URL, clean: Bool, spare: SpareArchive? = nil) {
        self.writer = writer
        self.previous = previous
        self.staging = staging
        stagingPath = staging.path
        self.clean = clean
        self.spare = spare
        spareUsed = [Bool](repeating: false, count: spare?.paths.count ?? 0)
        // Most of the archive in use is kept, night after night.
        entries.reserveCapacity(previous?.files.count ?? 0)
    }

    /// Adds `file`: its bytes written, or the previous archive's file linked when it is
    /// kept or its bytes did not change (same inode, same modification time).
    public func add(_ file: ArchiveFile) throws(ArchiveError) {
        let entry: Manifest.Entry
        let keepOld: Bool
        let old = previous?.files[file.path]
        switch file.content {
        case .unchanged:
            guard let old else {
                throw ArchiveError(path: writer.displayPath,
                                   reason: .fileSystem("\(file.path) was to be kept but is not in the previous archive"))
            }
            entry = Manifest.Entry(hash: old.hash, key: file.key)
            keepOld = true
        case .bytes(let data):
            entry = Manifest.Entry(hash: file.contentHash ?? ContentHash(file: data), key: file.key)
            keepOld = !clean && old?.hash == entry.hash
        }
        lock.lock()
        let done = started
        started += 1
        do throws(ArchiveError) {
            try writer.makeFolders(for: file.path, in: staging, made: &folders)
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        ArchiveWriter.checkpoint("files:\(done)")
        let target = stagingPath + "/" + file.path
        let source = writer.outputPath + "/" + file.path
        let held = spare?.files[file.path]
        let inSpare = held?.hash
        // Kept: the previous archive's bytes, whether the spare already holds them or they are linked.
        var kept = keepOld && inSpare == entry.hash
        if inSpare != entry.hash {
            // A file of the spare that is the archive in use's too is never written in
            // place; one of its own is (see ``ArchiveWriter/rewriteFile(_:at:)``).
            let rewritten = if inSpare != nil, !keepOld, case .bytes(let data) = file.content {
                writer.rewriteFile(data, at: target)
            } else {
                false
            }
            if inSpare != nil, !rewritten { unlink(target) }
            // Only a regular file is kept: one replaced by a link or a pipe is written anew.
            if keepOld, writer.isRegularFile(source) {
                kept = link(source, target) == 0
                if !kept, case .unchanged = file.content {
                    throw writer.fileSystemError("could not keep \(file.path) from the previous archive")
                }
            }
            if !kept, !rewritten, case .bytes(let data) = file.content {
                try writer.writeNewFile(data, at: target, named: file.path)
            }
        }
        lock.withLock {
            record(entry, at: file.path, listedBefore: old != nil, spareIndex: held?.index)
            if kept { report.kept += 1 } else { report.written += 1 }
        }
    }

    /// Enters `entry` for `path`, which the previous archive lists or not and the spare
    /// holds at `spareIndex`, if it does. The lock is held.
    private func record(_ entry: Manifest.Entry, at path: String, listedBefore listed: Bool, spareIndex: Int?) {
        guard entries.updateValue(entry, forKey: path) == nil else { return }
        if listed { listedBefore += 1 }
        if let spareIndex { spareUsed[spareIndex] = true }
    }

    /// Adds the previous archive's files at `paths`, each kept as it is with its new key.
    /// Those the spare already holds with the same bytes are only listed, a run of them
    /// under one lock: on a nightly build they are nearly all the archive's files.
    public func keep(_ paths: [String], keys: [ContentHash]) throws(ArchiveError) {
        // Which the spare holds as they are, looked up before taking the lock (the two
        // manifests do not change): the other workers add their pages meanwhile.
        var inSpare: [(index: Int, hash: ContentHash, spareIndex: Int)] = []
        var others: [Int] = []
        inSpare.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            if let old = previous?.files[path], let held = spare?.files[path], held.hash == old.hash {
                inSpare.append((index, old.hash, held.index))
            } else {
                others.append(index)
            }
        }
        let first = lock.withLock {
            let first = started
            started += inSpare.count
            for (index, hash, spareIndex) in inSpare {
                record(Manifest.Entry(hash: hash, key: keys[index]), at: paths[index], listedBefore: true, spareIndex: spareIndex)
            }
            report.kept += inSpare.count
            return first
        }
        for number in first..<(first + inSpare.count) {
            ArchiveWriter.checkpoint("files:\(number)")
        }
        for index in others {
            try add(.unchanged(path: paths[index], key: keys[index]))
        }
    }

    /// Completes the archive: `completing` may add files to the staging folder (their
    /// paths returned), the manifest is written, and the archive takes the output's place.
    public func finish(fingerprint: String? = nil, renderFingerprint: String? = nil,
                       completing: (_ staging: URL) -> [String] = { _ in [] }) throws(ArchiveError) -> ArchiveWriter.Report {
        do throws(ArchiveError) {
            // First what the spare held and the new archive does not: a file the completing
            // step makes (a printed PDF) must be made anew, not written into the spare's.
            // (The spare's files the new archive uses are those among its entries so far.)
            spare?.removeUnused(in: staging.path, used: lock.withLock { spareUsed })
            for path in completing(staging) {
                let data = (try? Data(contentsOf: staging.appendingPathComponent(path))) ?? Data()
                lock.withLock {
                    record(Manifest.Entry(hash: ContentHash(file: data), key: nil), at: path, listedBefore: previous?.files[path] != nil, spareIndex: nil)
                    report.written += 1
                }
            }
            let manifest = lock.withLock {
                report.removed = (previous?.files.count ?? 0) - listedBefore
                return Manifest(files: entries, fingerprint: fingerprint, renderFingerprint: renderFingerprint)
            }
            try writer.complete(staging, manifest: manifest, previous: previous, foreign: lock.withLock { foreign })
        } catch {
            abandon()
            throw error
        }
        // The archive is in place: other builds may come in, even while this process (which
        // may leave its memory, this archive with it, to its exit) is still ending.
        writer.releaseLock()
        return lock.withLock { report }
    }

    /// Lists the family's own entries of the archive in use, to be carried into the new
    /// one by `finish`, while the pages are still being made: from the one walk of the
    /// archive in use (``ArchiveWriter/outputEntries()``), made now if nothing asked for it
    /// before (the archive in use does not change while the build holds its lock).
    public func listForeignEntries() {
        guard let previous else { return }
        let found = writer.foreignEntries(besides: previous)
        lock.withLock { foreign = found }
    }

    /// Removes the staging folder; the output stays as it was.
    public func abandon() {
        FileTree.remove(staging.path)
    }
}
