import Export
import Foundation
import InputFiles

/// The API token, from `BBREPORT_TOKEN` or a token file — never a command-line argument.
/// It has no description: printing one shows nothing of the secret.
public struct ServerToken: Sendable, CustomStringConvertible {
    let value: String

    public var description: String { "(token)" }

    /// Why no token could be had.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case missing
        case unreadableFile(String)
        case sharedFile(String, mode: String)
        case emptyFile(String)
        case notAFile(String, kind: String)
        case tooLarge(String, bytes: Int64)

        public var description: String {
            switch self {
            case .missing:
                "no API token: set BBREPORT_TOKEN, or pass --token-file with a file that holds it"
            case .unreadableFile(let path):
                "\(path): the token file cannot be read"
            case .sharedFile(let path, let mode):
                "\(path): the token file can be read by other users (mode \(mode)); run `chmod 600 \(path)` and try again"
            case .emptyFile(let path):
                "\(path): the token file is empty"
            case .notAFile(let path, let kind):
                "\(path): the token file is \(kind); give a file that holds the token"
            case .tooLarge(let path, let bytes):
                "\(path): the token file is \(FileInput.size(bytes)), but a token is one line of at most \(FileInput.size(Int64(ServerToken.maximumBytes))); is it the right file?"
            }
        }
    }

    /// The longest token file read: tokens are tens of characters.
    public static let maximumBytes = 4096

    /// The token in the file at `tokenFile`, or else in `BBREPORT_TOKEN`.
    public static func load(tokenFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem) -> ServerToken {
        if let path = tokenFile {
            let data: Data
            do {
                data = try FileInput.readSecret(path, limit: maximumBytes)
            } catch {
                switch error {
                case .file(.missing), .file(.unreadable): throw .unreadableFile(path)
                case .file(.folder): throw .notAFile(path, kind: "a folder")
                case .file(.notRegular(let kind)): throw .notAFile(path, kind: kind)
                case .file(.tooLarge(let size, _)): throw .tooLarge(path, bytes: size)
                case .shared(let mode): throw .sharedFile(path, mode: mode)
                }
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw .emptyFile(path) }
            return ServerToken(token)
        }
        if let token = environment["BBREPORT_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            return ServerToken(token)
        }
        throw .missing
    }

    /// For tests and embedding: a token held by the caller.
    public init(_ value: String) {
        self.value = value
    }

    /// `data` with every copy of the token replaced by `(token)`, and how many there were.
    public func redacted(in data: Data) -> (Data, Int) {
        let secret = Data(value.utf8)
        guard !secret.isEmpty, data.range(of: secret) != nil else { return (data, 0) }
        var result = Data()
        var copies = 0
        var rest = data[...]
        while let range = rest.range(of: secret) {
            result.append(rest[rest.startIndex..<range.lowerBound])
            result.append(contentsOf: Array("(token)".utf8))
            copies += 1
            rest = rest[range.upperBound...]
        }
        result.append(rest)
        return (result, copies)
    }
}
