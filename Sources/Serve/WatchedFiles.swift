#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The files a rebuild depends on (the export, the configuration, every file of the
/// templates folder), looked at by `stat` only: a change of size, modification time or
/// inode (an editor's save-by-rename) counts, a file appearing or disappearing too.
struct WatchedFiles: Sendable {
    /// Files and folders to look at; folders are walked.
    let paths: [String]

    /// What a file looked like at one moment.
    struct Stamp: Equatable, Sendable {
        let size: Int64
        let modified: Int64
        let inode: UInt64
    }

    /// Every watched file now, by path; a missing one has no entry.
    func stamps() -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for path in paths {
            add(path, to: &result, depth: 0)
        }
        return result
    }

    /// The paths whose stamp differs between `old` and `new`, sorted.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> [String] {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
    }

    private func add(_ path: String, to result: inout [String: Stamp], depth: Int) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names where !name.hasPrefix(".") {
                add(path + "/" + name, to: &result, depth: depth + 1)
            }
        } else {
            result[path] = Stamp(size: Int64(status.st_size),
                                 modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                                 inode: UInt64(status.st_ino))
        }
    }
}
