import Foundation

extension FileInput {
    /// Why the file of a secret was not read.
    public enum SecretProblem: Error, Sendable, Equatable {
        /// As for any file: missing, a folder, a device, too large, unreadable.
        case file(Problem)
        /// Others than its owner may read or write it; its mode, in octal.
        case shared(mode: String)

        /// What went wrong with the file at `path` that holds a `secret` ("token",
        /// "passphrase") of at most `limit` bytes, said as the command line says it.
        public func message(path: String, secret: String, limit: Int) -> String {
            switch self {
            case .file(.missing), .file(.unreadable): "\(path): the \(secret) file cannot be read"
            case .file(.folder): "\(path): the \(secret) file is a folder; give a file that holds the \(secret)"
            case .file(.notRegular(let kind)): "\(path): the \(secret) file is \(kind); give a file that holds the \(secret)"
            case .file(.tooLarge(let size, _)):
                "\(path): the \(secret) file is \(FileInput.size(size)), but a \(secret) is one line of at most \(FileInput.size(Int64(limit))); is it the right file?"
            case .shared(let mode): "\(path): the \(secret) file can be read by other users (mode \(mode)); run `chmod 600 \(path)` and try again"
            }
        }
    }

    /// The bytes of a file that holds a secret (an API token, a passphrase), as `read` gives
    /// them, and only when no one but its owner may read or write it (mode 600 or stricter),
    /// checked on the file opened, before anything of it is read.
    public static func readSecret(_ path: String, limit: Int) throws(SecretProblem) -> Data {
        let descriptor: Int32, size: Int
        do {
            (descriptor, size, _) = try opened(path, limit: limit)
        } catch {
            throw .file(error)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .file(.unreadable(String(cString: strerror(errno)))) }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else { throw .shared(mode: String(mode, radix: 8)) }
        do {
            return try read(descriptor, size: size, limit: limit)
        } catch {
            throw .file(error)
        }
    }
}
