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
        let (descriptor, size, _) = try opened(path, limit: limit)
        defer { close(descriptor) }
        return try read(descriptor, size: size, limit: limit)
    }

    /// The first `count` bytes (or fewer) of the regular file at `path`, checked as ``read``
    /// checks it: never a FIFO's open that waits for a writer.
    public static func head(_ path: String, count: Int) throws(Problem) -> Data {
        let (descriptor, size, _) = try opened(path, limit: Int.max)
        defer { close(descriptor) }
        var data = Data(count: min(size, count))
        let read = data.withUnsafeMutableBytes { buffer in
            buffer.isEmpty ? 0 : Foundation.read(descriptor, buffer.baseAddress!, buffer.count)
        }
        guard read >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        return data.prefix(read)
    }

    /// The bytes of the open file `descriptor`, of `size` bytes when it was opened.
    static func read(_ descriptor: Int32, size: Int, limit: Int) throws(Problem) -> Data {
        // Read into memory of its own, not zeroed first, one byte longer than the file: the
        // read that finds the end needs room, and growing then copied the whole file.
        var capacity = size + 1
        guard var buffer = malloc(capacity) else { throw .unreadable("not enough memory for \(Self.size(Int64(size)))") }
        var handedOver = false
        defer { if !handedOver { free(buffer) } }
        var filled = 0
        // The file may grow or shrink while it is read: stop at the limit or at its end.
        while true {
            if filled == capacity {
                guard capacity <= limit else { throw .tooLarge(size: Int64(capacity), limit: limit) }
                guard let grown = realloc(buffer, capacity + 64 * 1024) else { throw .unreadable("not enough memory for \(Self.size(Int64(capacity)))") }
                buffer = grown
                capacity += 64 * 1024
            }
            let count = try readSome(descriptor, into: buffer + filled, count: capacity - filled)
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw .tooLarge(size: Int64(filled), limit: limit) }
        handedOver = true
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
    }

    /// The bytes of `read`, read straight into an array of their own (for a file parsed as
    /// an array: copying megabytes out of `Data` touched as much fresh memory again).
    public static func bytes(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let (descriptor, size, _) = try opened(path, limit: limit)
        defer { close(descriptor) }
        var problem: Problem?
        // One byte more than the file, as for `read`: a file that grew is read again there.
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, filled in
            do throws(Problem) {
                while filled < buffer.count {
                    let count = try readSome(descriptor, into: buffer.baseAddress! + filled, count: buffer.count - filled)
                    if count == 0 { break }
                    filled += count
                }
            } catch {
                problem = error
            }
        }
        if let problem { throw problem }
        guard bytes.count <= size else { return [UInt8](try read(path, limit: limit)) }
        return bytes
    }

    /// The file at `path` opened for reading, checked to be a regular file of at most
    /// `limit` bytes, with its size and when it was last changed.
    static func opened(_ path: String, limit: Int) throws(Problem) -> (descriptor: Int32, size: Int, modified: timespec) {
        // Opened without blocking (a FIFO would wait for a writer) and checked through the
        // descriptor, so what is read is what was checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { throw .missing }
            throw .unreadable(String(cString: strerror(error)))
        }
        var info = stat()
        do throws(Problem) {
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
        } catch {
            close(descriptor)
            throw error
        }
        // Back to blocking reads: a regular file never blocks, and O_NONBLOCK has no meaning for it.
        _ = fcntl(descriptor, F_SETFL, 0)
        return (descriptor, Int(info.st_size), info.st_mtim)
    }

    /// One `read` of up to `count` bytes into `buffer`, again when interrupted; 0 at the end.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Problem) -> Int {
        while true {
            let read = Foundation.read(descriptor, buffer, count)
            if read >= 0 { return read }
            if errno != EINTR { throw .unreadable(String(cString: strerror(errno))) }
        }
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
