import Foundation
import InputFiles

/// Files written into the staging folder with plain system calls: one open, the writes,
/// one close; new, or over the spare's own. Foundation's `Data.write(to:)` also forces the
/// file to the disk (`fsync`), which guarantees nothing for an archive whose other files
/// are not, and made the manifest, the last file of a nightly build, wait for the disk:
/// 0.7–1 ms of a one-more-day build when nothing else was being written, more when the
/// disk was busy.
extension ArchiveWriter {
    /// Writes `data` into a new file at `path` (never one already there, nor through a
    /// link); `name` is how messages call it.
    func writeNewFile(_ data: Data, at path: String, named name: String) throws(ArchiveError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw fileSystemError("could not create \(name)") }
        defer { close(descriptor) }
        if !Self.write(data, to: descriptor) { throw fileSystemError("could not write \(name)") }
    }

    /// Writes `data` over the spare's file at `path`, when the spare alone holds it (a
    /// regular file with no other link): the same inode, its blocks written again, then
    /// cut to the new length. Replacing it freed an inode and took another, and on ext4
    /// without a journal every file made after that passes over each inode freed in the
    /// last minutes: written in place, a night's 23 changed pages free none. It is never
    /// cut to nothing first, which would have ext4 write it out at once on closing.
    /// False, the file as it was or half written, when it cannot be; the caller then
    /// replaces it. A half-written spare is only ever a staging folder, which a build that
    /// dies leaves for the next to remove.
    func rewriteFile(_ data: Data, at path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        // Only a file that is, but for its bytes, what a new one would be: its owner's, and
        // with the permissions the process gives new files.
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
              info.st_uid == geteuid(), info.st_gid == getegid(), let mode = Self.newFileMode, info.st_mode & 0o7777 == mode,
              Self.write(data, to: descriptor) else { return false }
        return Int(info.st_size) <= data.count || ftruncate(descriptor, off_t(data.count)) == 0
    }

    /// The permissions of a file this process creates with 0666 (its umask, read from
    /// `/proc/self/status`: setting it to read it would change it for every thread meanwhile);
    /// nil when it cannot be read, and then no file is written in place. The line is found
    /// with Swift's own strings: Foundation's, trimmed as an `NSString`, took a tenth of a
    /// millisecond of every nightly build.
    private static let newFileMode: mode_t? = {
        guard let status = try? FileInput.read("/proc/self/status", limit: 1 << 16),
              let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let umask = mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8) else { return nil }
        return 0o666 & ~umask
    }()

    /// Writes all of `data` at the descriptor's place; false when a write fails (`errno` says why).
    public static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }

    /// The error of the system call that just failed, said about the output folder.
    func fileSystemError(_ what: String) -> ArchiveError {
        ArchiveError(path: displayPath, reason: .fileSystem("\(what): \(String(cString: strerror(errno)))"))
    }
}
