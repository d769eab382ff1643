import Foundation

/// The lock that keeps two builds from writing one archive: `flock` on a file beside the
/// output, there only while a build runs. The kernel lets go of the lock when the process
/// ends however it ends, so a build that was killed never blocks the next one (a process
/// id written down could be anyone's by then).
final class ArchiveLock: @unchecked Sendable {
    private let lock = NSLock()
    private var held: (descriptor: Int32, path: String)?

    deinit {
        release()
    }

    /// Lets go of the lock, its file removed while still held: whoever opened it meanwhile
    /// finds it gone and starts over.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        guard let held else { return }
        unlink(held.path)
        close(held.descriptor)
        self.held = nil
    }

    /// Takes the lock at `path` unless this writer holds it already; false when another
    /// process holds it.
    func acquire(at path: String) throws(ArchiveError.Reason) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard held == nil else { return true }
        while true {
            // Never through a symbolic link: the lock file is ours alone.
            let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard opened >= 0 else {
                throw .fileSystem("could not create the lock file \(path) (\(String(cString: strerror(errno))))")
            }
            while flock(opened, LOCK_EX | LOCK_NB) != 0 {
                let error = errno
                if error == EINTR { continue }
                close(opened)
                if error == EWOULDBLOCK { return false }
                throw .fileSystem("could not lock \(path) (\(String(cString: strerror(error))))")
            }
            // The holder before us may have removed the file between our open and our lock.
            var lockedFile = stat(), named = stat()
            if fstat(opened, &lockedFile) == 0, lstat(path, &named) == 0,
               lockedFile.st_dev == named.st_dev, lockedFile.st_ino == named.st_ino {
                held = (opened, path)
                return true
            }
            close(opened)
        }
    }
}
