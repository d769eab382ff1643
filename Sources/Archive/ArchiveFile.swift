import Foundation
import Hashing

/// One file of an archive: where it goes (relative, `/`-separated) and its bytes — or,
/// for a page the build did not remake, the promise that the previous archive's file
/// stands as it is.
public struct ArchiveFile: Sendable {
    public let path: String
    public let content: Content
    /// For pages made from days: the key of what the page shows (see `PagePlan`).
    public let key: ContentHash?

    public enum Content: Sendable {
        case bytes(Data)
        /// Kept from the previous archive, unchanged.
        case unchanged
    }

    public init(path: String, data: Data, key: ContentHash? = nil) {
        self.path = path
        self.content = .bytes(data)
        self.key = key
    }

    /// The previous archive's file at `path`, kept because its key did not change.
    public static func unchanged(path: String, key: ContentHash) -> ArchiveFile {
        ArchiveFile(path: path, content: .unchanged, key: key)
    }

    private init(path: String, content: Content, key: ContentHash?) {
        self.path = path
        self.content = content
        self.key = key
    }
}

/// Why an archive could not be written; the previous archive is untouched in every case.
public struct ArchiveError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: Reason

    public enum Reason: Sendable, Equatable {
        /// The folder is one that must never be replaced (`/`, the home folder, a project).
        case protectedFolder(String)
        /// The folder has files that bbreport did not write.
        case notAnArchive
        /// The path exists and is a file.
        case notAFolder
        /// Another build is writing the same output right now.
        case busy(pid: Int32)
        /// The file system refused (permissions, full disk, …).
        case fileSystem(String)
    }

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .protectedFolder(let what):
            "\(path): refusing to write an archive over \(what); choose an empty or new folder with --output"
        case .notAnArchive:
            "\(path): the folder is not empty and was not written by bbreport; choose an empty or new folder with --output, or move its files away"
        case .notAFolder:
            "\(path): is a file, not a folder; choose a folder with --output"
        case .busy(let pid):
            "\(path): another bbreport (process \(pid)) is writing this archive; wait for it to finish"
        case .fileSystem(let detail):
            "\(path): \(detail)"
        }
    }
}
