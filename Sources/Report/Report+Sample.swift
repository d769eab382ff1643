import Foundation
import Sample
import Source

extension Report {
    /// The bytes of the sample export described by `options`.
    public static func sample(_ options: SampleOptions) throws(Diagnostic) -> Data {
        do {
            return try ExportWriter.data(for: SampleGenerator.document(options))
        } catch {
            throw Diagnostic(.error, "could not encode the sample: \(error)")
        }
    }

    /// Writes `data` to `path` atomically: a temporary file beside it, then a rename. Only
    /// a regular file (or nothing) is replaced.
    public static func writeFile(_ data: Data, to path: String) throws(Diagnostic) {
        try checkReplaceable(path)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let nsError = error as NSError
            throw Diagnostic(.error, "\(path): \(nsError.localizedFailureReason ?? nsError.localizedDescription)",
                             hint: "choose a path in a folder you can write to", exitStatus: ExitStatus.other)
        }
    }

    /// Throws unless `path` names nothing yet or a regular file: a link, a pipe or a device
    /// (as root, `/dev/full`) is never replaced by a file.
    public static func checkReplaceable(_ path: String) throws(Diagnostic) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFLNK: kind = "a symbolic link"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw Diagnostic(.error, "\(path): is \(kind); bbreport replaces only a regular file, so it was left as it is",
                         hint: "give the path of a new file or of an export file with --output", exitStatus: ExitStatus.usage)
    }
}
