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
        /// The token file at the path could not be used.
        case file(String, FileInput.SecretProblem)
        case emptyFile(String)

        public var description: String {
            switch self {
            case .missing:
                "no API token: set BBREPORT_TOKEN, or pass --token-file with a file that holds it"
            case .file(let path, let problem):
                problem.message(path: path, secret: "token", limit: ServerToken.maximumBytes)
            case .emptyFile(let path):
                "\(path): the token file is empty"
            }
        }
    }

    /// The longest token file read: tokens are tens of characters.
    public static let maximumBytes = 4096

    /// The token in the file at `tokenFile`, or else in `variable` (`BBREPORT_TOKEN`).
    public static func load(tokenFile: String?, variable: String = "BBREPORT_TOKEN",
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem) -> ServerToken {
        if let path = tokenFile {
            let data: Data
            do {
                data = try FileInput.readSecret(path, limit: maximumBytes)
            } catch {
                throw .file(path, error)
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw .emptyFile(path) }
            return ServerToken(token)
        }
        if let token = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
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
