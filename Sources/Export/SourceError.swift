import InputFiles

/// Why an export could not be read: the file itself, its JSON, or a value in it.
public struct SourceError: Error, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    public let reason: Reason

    public enum Reason: Sendable, Equatable {
        /// There is no file at that path.
        case missingFile
        /// The path names a folder.
        case isFolder
        /// The path names something that is not a file: `a named pipe (FIFO)`, ….
        case notAFile(String)
        /// The file is larger than any export; both in bytes.
        case tooLarge(bytes: Int64, limit: Int)
        /// The file exists but could not be read (permissions, I/O).
        case unreadable(String)
        /// The file was written to, or cut short, while it was being read.
        case changedWhileRead
        /// The file holds no bytes at all.
        case empty
        /// The bytes are not JSON; `location` is `line L, column C` when known, `message`
        /// says what is wrong there (`not valid JSON: a comma before "}" …`).
        case notJSON(location: String?, message: String)
        /// A value at a JSON path is not what the format requires.
        case invalidValue(path: String, message: String)
    }

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// `file: path: message`, the form a compiler uses.
    public var description: String {
        switch reason {
        case .missingFile:
            "\(file): no such file"
        case .isFolder:
            "\(file): is a folder, not an export file"
        case .notAFile(let kind):
            "\(file): is \(kind), not an export file"
        case .tooLarge(let bytes, let limit):
            "\(file): is \(FileInput.size(bytes)), larger than any export bbreport reads (\(FileInput.size(Int64(limit))))"
        case .unreadable(let detail):
            "\(file): cannot be read (\(detail))"
        case .changedWhileRead:
            "\(file): changed while it was being read (written to or cut short)"
        case .empty:
            "\(file): the file is empty; expected a Baby Basics export (JSON)"
        case .notJSON(let location, let message):
            "\(file): \(location.map { "\($0): " } ?? "")\(message)"
        case .invalidValue(let path, let message):
            path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
        }
    }
}

/// A value that does not fit the format, found while decoding; becomes
/// ``SourceError/Reason/invalidValue(path:message:)`` once the file name is known.
public struct FieldError: Error {
    public let path: String
    public let message: String
}
