import InputFiles

/// A small file of the family's that a build reads whole (a configuration, a language's
/// words): a megabyte at most, its problems said as a usage error naming the file.
enum SmallTextFile {
    /// The text of the file at `path`; `kind` names it in errors (`configuration file`).
    static func read(_ path: String, kind: String) throws(Diagnostic) -> String {
        do {
            return String(decoding: try FileInput.read(path, limit: 1 << 20), as: UTF8.self)
        } catch {
            let problem = switch error {
            case .missing, .unreadable: "no such \(kind), or it cannot be read"
            case .folder: "is a folder, not a \(kind)"
            case .notRegular(let fileKind): "is \(fileKind), not a \(kind)"
            case .tooLarge(let size, _): "is \(FileInput.size(size)), too large to be a \(kind)"
            }
            throw Diagnostic(.error, "\(path): \(problem)", exitStatus: ExitStatus.usage)
        }
    }
}
