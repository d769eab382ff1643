import Foundation

/// Reading a file named by the user, with a bound: only a regular file (a FIFO would block,
/// `/dev/zero` never ends), never more than `limit` bytes, and each refusal said plainly.
public enum FileInput {
    /// Why a file could not be read.
    public enum Problem: Error, Sendable, Equatable {
        /// Nothing at that path.
        case missing
        /// A folder.
        case folder
        /// Something other than a file: `a named pipe (FIFO)`, `a character device`, ….
        case notRegular(String)
        /// More than the limit; both in bytes.
        case tooLarge(size: Int64, limit: Int)
        /// The system refused (permissions, I/O); its words.
        case unreadable(String)
    }

    /// The bytes of the regular file at `path` (a symbolic link to one is followed), when it
    /// holds at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Problem) -> Data {
        // Opened without blocking (a FIFO would wait for a writer) and checked through the
        // descriptor, so what is read is what was checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { throw .missing }
            throw .unreadable(String(cString: strerror(error)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        case S_IFIFO: throw .notRegular("a named pipe (FIFO)")
        case S_IFCHR: throw .notRegular("a character device")
        case S_IFBLK: throw .notRegular("a block device")
        case S_IFSOCK: throw .notRegular("a socket")
        default: throw .notRegular("not a regular file")
        }
        guard info.st_size <= Int64(limit) else { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
        // Back to blocking reads: a regular file never blocks, and O_NONBLOCK has no meaning for it.
        _ = fcntl(descriptor, F_SETFL, 0)
        // Read into memory of its own, not zeroed first, one byte longer than the file: the
        // read that finds the end needs room, and growing then copied the whole file.
        var capacity = Int(info.st_size) + 1
        guard var buffer = malloc(capacity) else { throw .unreadable("not enough memory for \(size(Int64(info.st_size)))") }
        var handedOver = false
        defer { if !handedOver { free(buffer) } }
        var filled = 0
        // The file may grow or shrink while it is read: stop at the limit or at its end.
        while true {
            if filled == capacity {
                guard capacity <= limit else { throw .tooLarge(size: Int64(capacity), limit: limit) }
                guard let grown = realloc(buffer, capacity + 64 * 1024) else { throw .unreadable("not enough memory for \(size(Int64(capacity)))") }
                buffer = grown
                capacity += 64 * 1024
            }
            let count = Foundation.read(descriptor, buffer + filled, capacity - filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw .tooLarge(size: Int64(filled), limit: limit) }
        handedOver = true
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
    }

    /// `2.4 MB`, `512 bytes`: a size for messages.
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KB" }
        if bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        let megabytes = Double(bytes) / 1_048_576
        return megabytes < 10 ? String(format: "%.1f MB", megabytes) : "\(Int64(megabytes)) MB"
    }
}
