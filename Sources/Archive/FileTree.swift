import Foundation

/// Folders walked and removed with `readdir`, which tells each entry's kind without a
/// `stat` per file: an archive has thousands of files, and every build walks the old one
/// and removes it.
enum FileTree {
    enum Kind {
        case file, folder, symbolicLink, other
    }

    /// An entry found under a folder, by its path relative to it.
    typealias Entry = (path: String, kind: Kind)

    /// Every entry under `root`, as paths relative to it (`a/b.html`), folders before
    /// their contents; an unreadable folder is skipped.
    static func entries(under root: String) -> [Entry] {
        var found: [Entry] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for (name, kind) in children(of: folder) {
                let path = relative.isEmpty ? name : relative + "/" + name
                found.append((path, kind))
                if kind == .folder { pending.append(path) }
            }
        }
        return found
    }

    /// The names of the entries of `folder`, without `.` and `..`; none when it cannot be read.
    static func names(in folder: String) -> [String] {
        var names: [String] = []
        forEachEntry(in: folder) { name, _ in names.append(name) }
        return names
    }

    /// Removes `root` and everything under it, as `rm -rf` would; what cannot be removed
    /// is left.
    static func remove(_ root: String) {
        var kind = Kind.other
        var info = stat()
        if lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { kind = .folder }
        guard kind == .folder else {
            unlink(root)
            return
        }
        var folders = [root]
        for entry in entries(under: root) {
            let path = root + "/" + entry.path
            if entry.kind == .folder { folders.append(path) } else { unlink(path) }
        }
        // Deepest first: a folder's contents were listed after it.
        for folder in folders.reversed() {
            rmdir(folder)
        }
    }

    /// What a `stat` mode is, for messages: `a symbolic link`, `a named pipe (FIFO)`.
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "an entry of an unknown kind"
        }
    }

    /// The names and kinds of the entries of `folder`, without `.` and `..`.
    private static func children(of folder: String) -> [(String, Kind)] {
        var children: [(String, Kind)] = []
        forEachEntry(in: folder) { name, type in children.append((name, kind(of: type, at: folder, name))) }
        return children
    }

    /// Calls `body` with the name and `readdir`'s type of each entry of `folder`, without
    /// `.` and `..`; with none when it cannot be read.
    private static func forEachEntry(in folder: String, _ body: (String, UInt8) -> Void) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            body(name, entry.pointee.d_type)
        }
    }

    /// The kind `readdir` gave an entry, or, when it did not say, `lstat`'s of
    /// `folder/name` (worded only then: for each of an archive's 2,700 entries, twice a
    /// build, it was a tenth of the walk's own time).
    private static func kind(of type: UInt8, at folder: String, _ name: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            // Some file systems do not say; ask.
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .symbolicLink
            default: return .other
            }
        default: return .other
        }
    }
}
