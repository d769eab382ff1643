import Foundation

extension FileInput {
    /// Why the file of a secret was not read.
    public enum SecretProblem: Error, Sendable, Equatable {
        /// As for any file: missing, a folder, a device, too large, unreadable.
        case file(Problem)
        /// Others than its owner may read or write it; its mode, in octal.
        case shared(mode: String)
    }

    /// The bytes of a file that holds a secret (an API token, a passphrase), as `read` gives
    /// them, and only when no one but its owner may read or write it (mode 600 or stricter).
    public static func readSecret(_ path: String, limit: Int) throws(SecretProblem) -> Data {
        let data: Data
        do {
            data = try read(path, limit: limit)
        } catch {
            throw .file(error)
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .file(.unreadable(String(cString: strerror(errno)))) }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else { throw .shared(mode: String(mode, radix: 8)) }
        return data
    }
}
