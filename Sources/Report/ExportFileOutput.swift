import Archive
import Export
import Foundation
import InputFiles

/// Writing an export file where the user said (`import -o`, `fetch -o`, `sample -o`), never
/// at the cost of another file: not over a file being read, not over anything but an export
/// of ours, not through a link. The bytes go to a temporary file beside the target (mode
/// 0600, named so that the next run knows a killed one's leftovers and removes them), which
/// takes the old file's mode and owner and is then renamed over it; a new file is 0600: it
/// holds a child's data.
enum ExportFileOutput {
    /// The most bytes looked at to tell whether a file is an export of ours.
    static let headBytes = 4096

    /// Throws unless `path` can be written: a path to nothing yet, or to an export file that
    /// is none of `inputs`.
    static func check(_ path: String, inputs: [String] = []) throws(Diagnostic) {
        guard !path.isEmpty else {
            throw usage("the output's path is empty", hint: "give the path of the export file to write, such as -o export.json")
        }
        guard !path.hasSuffix("/") else {
            throw usage("\(path): ends in /, so it names a folder, not a file", hint: "give a file's path, such as -o \(path)export.json")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder.isEmpty ? "." : folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw usage("\(path): the folder \(folder) does not exist", hint: "make the folder first, or write into one that exists")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw usage("\(path): is \(kind(info.st_mode)); bbreport replaces only a regular file, so it was left as it is",
                        hint: "give the path of a new file or of an export file with --output")
        }
        for input in inputs {
            var read = stat()
            if stat(input, &read) == 0, read.st_dev == info.st_dev, read.st_ino == info.st_ino {
                throw usage("\(path): is \(input == path ? "" : "\(input), ")one of the files being read; writing it would replace the app's export",
                            hint: "give another path with -o, such as export.json")
            }
        }
        guard info.st_size == 0 || isExport(path) else {
            throw usage("\(path): is not a Baby Basics export file; bbreport replaces only its own export files, so it was left as it is",
                        hint: "give the path of a new file with -o")
        }
    }

    /// Writes `data` to `path` (checked first) through a temporary file and a rename.
    static func write(_ data: Data, to path: String, inputs: [String] = []) throws(Diagnostic) {
        try write(to: path, inputs: inputs) { sink in try sink(data) }
    }

    /// A write to the temporary file that failed, with its error number.
    private struct WriteFailure: Error {
        let number: Int32
    }

    /// Writes to `path` (checked first), through a temporary file and a rename, the bytes
    /// `produce` hands its sink chunk by chunk: an export is never held whole in memory. A
    /// ``Diagnostic`` `produce` throws (an export past its bound) leaves `path` as it was.
    static func write(to path: String, inputs: [String] = [], _ produce: (_ sink: (Data) throws -> Void) throws -> Void) throws(Diagnostic) {
        try check(path, inputs: inputs)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path, name = url.lastPathComponent
        removeLeftovers(of: name, in: folder)
        let temporary = (folder as NSString).appendingPathComponent(".\(name).bbreport-\(getpid()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path, errno) }
        func abandon() {
            close(descriptor)
            unlink(temporary)
        }
        do {
            try produce { chunk in
                guard ArchiveWriter.write(chunk, to: descriptor) else { throw WriteFailure(number: errno) }
            }
        } catch let error as WriteFailure {
            abandon()
            throw failure(path, error.number)
        } catch let error as Diagnostic {
            abandon()
            throw error
        } catch {
            abandon()
            throw Diagnostic(.error, "\(path): could not encode the export: \(error); nothing was written")
        }
        if let error = finish(descriptor, like: path) {
            abandon()
            throw failure(path, error)
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure(path, error)
        }
    }

    /// Gives the file written at `descriptor` the mode and owner of the file at `path` when
    /// there is one (the family's choice of who may read their export stays), and flushes it
    /// to disk; the error number when that fails.
    private static func finish(_ descriptor: Int32, like path: String) -> Int32? {
        var old = stat()
        if lstat(path, &old) == 0, old.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(descriptor, old.st_mode & 0o7777)
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(descriptor, old.st_uid, old.st_gid) }
        }
        return fsync(descriptor) == 0 ? nil : errno
    }

    /// Removes the temporary files of runs killed while writing `name` in `folder`: those
    /// whose process is gone.
    static func removeLeftovers(of name: String, in folder: String) {
        let prefix = ".\(name).bbreport-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let pid = Int32(entry.dropFirst(prefix.count).dropLast(4)), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((folder as NSString).appendingPathComponent(entry))
        }
    }

    /// Whether the file at `path` begins as an export of ours does.
    static func isExport(_ path: String) -> Bool {
        guard let bytes = try? FileInput.head(path, count: headBytes) else { return false }
        return isExport(bytes)
    }

    /// Whether `data` begins as a Baby Basics export: an object naming its format in its
    /// first ``headBytes``.
    static func isExport(_ data: Data) -> Bool {
        let head = data.prefix(headBytes)
        return Report.startsAsObject(head) == true && String(decoding: head, as: UTF8.self).contains("\"\(ExportDocument.format)\"")
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    private static func usage(_ message: String, hint: String) -> Diagnostic {
        Diagnostic(.error, message, hint: hint, exitStatus: ExitStatus.usage)
    }

    private static func failure(_ path: String, _ error: Int32) -> Diagnostic {
        Diagnostic(.error, "\(path): could not be written: \(String(cString: strerror(error)))",
                   hint: "choose a path in a folder you can write to, with room for the file", exitStatus: ExitStatus.other)
    }
}
