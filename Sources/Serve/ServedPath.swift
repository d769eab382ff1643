#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a request path names inside the archive folder, decided without trusting the path:
/// `..`, `.` and hidden names are refused before the file system is asked, and the file
/// found must still be inside the folder once every symbolic link is resolved.
enum ServedPath: Equatable {
    /// A regular file inside the archive.
    case file(String)
    /// A folder named without its trailing slash: send the browser to `location`, so that
    /// the relative links of its `index.html` resolve inside it.
    case folder(location: String)
    /// Nothing that may be served.
    case missing

    /// Resolves `rawPath` (percent-encoded, as sent) against the archive folder `root`.
    static func resolve(_ rawPath: String, in root: String) -> ServedPath {
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding,
              !decoded.contains("\0"), !decoded.contains("\\") else { return .missing }
        let names = decoded.split(separator: "/", omittingEmptySubsequences: true)
        // Hidden names cover `.`, `..`, the manifest and staging folders alike.
        guard !names.contains(where: { $0.hasPrefix(".") }) else { return .missing }
        guard let base = realPath(root) else { return .missing }
        var candidate = names.isEmpty ? base : base + "/" + names.joined(separator: "/")
        var status = stat()
        guard stat(candidate, &status) == 0 else { return .missing }
        if status.st_mode & S_IFMT == S_IFDIR {
            guard decoded.hasSuffix("/") else { return .folder(location: rawPath + "/") }
            candidate += "/index.html"
        } else if decoded.hasSuffix("/") {
            // `/index.html/` names a folder that is not there: its page's relative links would break.
            return .missing
        }
        guard let resolved = realPath(candidate), resolved.hasPrefix(base + "/"),
              stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .missing }
        return .file(resolved)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
