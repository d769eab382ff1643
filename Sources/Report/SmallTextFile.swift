import Foundation
import InputFiles

/// A small file of the family's that a build reads whole (a configuration, a language's
/// words): a megabyte at most and UTF-8, its problems said as a usage error naming the file.
enum SmallTextFile {
    /// The text of the file at `path`; `kind` names it in errors (`configuration file`).
    static func read(_ path: String, kind: String) throws(Diagnostic) -> String {
        let bytes: Data
        do {
            bytes = try FileInput.read(path, limit: 1 << 20)
        } catch {
            let problem = switch error {
            case .missing, .unreadable: "no such \(kind), or it cannot be read"
            case .folder: "is a folder, not a \(kind)"
            case .notRegular(let fileKind): "is \(fileKind), not a \(kind)"
            case .tooLarge(let size, _): "is \(FileInput.size(size)), too large to be a \(kind)"
            }
            throw Diagnostic(.error, "\(path): \(problem)", exitStatus: ExitStatus.usage)
        }
        // Never shown as "�": a byte that is not UTF-8 is named by its line.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(.error, "not UTF-8 text", at: "\(path):\(firstLineNotUTF8(bytes))", hint: "save the \(kind) as UTF-8 (every editor can)",
                             exitStatus: ExitStatus.usage)
        }
        return text
    }

    /// The line of the first byte of `bytes` that is not UTF-8.
    static func firstLineNotUTF8(_ bytes: Data) -> Int {
        var iterator = bytes.makeIterator(), decoder = UTF8(), line = 1
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" { line += 1 }
        }
        return line
    }
}
