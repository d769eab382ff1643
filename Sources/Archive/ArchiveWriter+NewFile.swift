import Foundation

/// Files written into the staging folder with plain system calls: one open, the writes,
/// one close. Foundation's `Data.write(to:)` also forces the file to the disk (`fsync`),
/// which guarantees nothing for an archive whose other files are not, and made the
/// manifest, the last file of a nightly build, wait for the disk: 0.7–1 ms of a one-more-
/// day build when nothing else was being written, more when the disk was busy.
extension ArchiveWriter {
    /// Writes `data` into a new file at `path` (never one already there, nor through a
    /// link); `name` is how messages call it.
    func writeNewFile(_ data: Data, at path: String, named name: String) throws(ArchiveError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw fileSystemError("could not create \(name)") }
        defer { close(descriptor) }
        if !Self.write(data, to: descriptor) { throw fileSystemError("could not write \(name)") }
    }

    /// Writes all of `data` at the descriptor's place; false when a write fails.
    static func write(_ data: Data, to descriptor: Int32) -> Bool {
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
