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
    /// What the manifest records of the file in place of its bytes' hash, when its bytes
    /// change with every writing (a sealed file's nonce): the previous archive's file is
    /// kept while this stays the same.
    public let contentHash: ContentHash?

    public enum Content: Sendable {
        case bytes(Data)
        /// Kept from the previous archive, unchanged.
        case unchanged
    }

    public init(path: String, data: Data, key: ContentHash? = nil, contentHash: ContentHash? = nil) {
        self.path = path
        self.content = .bytes(data)
        self.key = key
        self.contentHash = contentHash
    }

    /// The previous archive's file at `path`, kept because its key did not change.
    public static func unchanged(path: String, key: ContentHash) -> ArchiveFile {
        ArchiveFile(path: path, content: .unchanged, key: key)
    }

    private init(path: String, content: Content, key: ContentHash?) {
        self.path = path
        self.content = content
        self.key = key
        contentHash = nil
    }
}

/// Why an archive could not be written; the previous archive is untouched in every case.
public struct ArchiveError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: Reason

    public enum Reason: Sendable, Equatable, Error {
        /// The folder is one that must never be replaced (`/`, the home folder, a project).
        case protectedFolder(String)
        /// The folder has entries that bbreport did not write; `example` names one.
        case notAnArchive(example: String)
        /// The path exists and is not a folder.
        case notAFolder
        /// Another build is writing the same output right now.
        case busy
        /// Something bbreport did not make (`kind`) stands at `path` inside the archive,
        /// where the new archive has `writes` of its own.
        case foreignEntry(path: String, kind: String, writes: String)
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
        case .notAnArchive(let example):
            "\(path): the folder is not empty (it holds \(example)) and was not written by bbreport; choose an empty or new folder with --output, or move its contents away"
        case .notAFolder:
            "\(path): is not a folder; choose a folder with --output"
        case .busy:
            "\(path): another bbreport is writing this archive right now; wait for it to finish"
        case .foreignEntry(let entry, let kind, let writes):
            "\(path)/\(entry): is \(kind) that bbreport did not make, where the archive needs \(writes); move it out of the archive folder and build again"
        case .fileSystem(let detail):
            "\(path): \(detail)"
        }
    }
}
