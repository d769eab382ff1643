import Foundation

/// Where an output folder really is: every symbolic link on the way resolved, the last one
/// included, so that each safety check looks at the folder that would be written and the
/// new archive is swapped in there (a link to it stays a link).
enum OutputPath {
    /// The real path of `path`, which need not exist yet: its longest existing part is
    /// resolved by the system and the rest appended.
    static func resolve(_ path: String) -> String {
        resolve(URL(fileURLWithPath: path).standardizedFileURL.path, depth: 0)
    }

    private static func resolve(_ path: String, depth: Int) -> String {
        if let real = realPath(path) { return real }
        let url = URL(fileURLWithPath: path)
        // A link whose target does not exist yet: where it points is where the archive goes.
        var info = stat()
        if depth < 16, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
           let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let absolute = target.hasPrefix("/") ? target : url.deletingLastPathComponent().appendingPathComponent(target).path
            return resolve(URL(fileURLWithPath: absolute).standardizedFileURL.path, depth: depth + 1)
        }
        let parent = url.deletingLastPathComponent().path
        guard parent != path, depth < 64 else { return path }
        let resolvedParent = resolve(parent, depth: depth + 1)
        return (resolvedParent == "/" ? "" : resolvedParent) + "/" + url.lastPathComponent
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
