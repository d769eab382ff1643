import Archive
import Foundation
import Testing

/// Other people's folders: bbreport replaces only what is empty or its own, keeps what the
/// family put in its archive, and never reads or writes through a link out of it.
@Suite struct OutputFolderTests {
    let root: URL
    let manager = FileManager.default

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func write(_ out: String, _ pairs: [(String, String)]) throws(ArchiveError) {
        try ArchiveWriter(output: path(out)).write(pairs.map { ArchiveFile(path: $0.0, data: Data($0.1.utf8)) })
    }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    func kind(_ relative: String) -> mode_t? {
        var info = stat()
        return lstat(path(relative), &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func mode(_ relative: String) -> mode_t? {
        var info = stat()
        return lstat(path(relative), &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test("a folder holding only hidden entries is someone's: refused, its mode and contents untouched")
    func hiddenOnly() throws {
        defer { try? manager.removeItem(at: root) }
        try manager.createDirectory(atPath: path("home/.ssh/empty"), withIntermediateDirectories: true)
        try Data("key".utf8).write(to: root.appendingPathComponent("home/.ssh/id"))
        #expect(mkfifo(path("home/.ssh/pipe"), 0o600) == 0)
        chmod(path("home"), 0o700)
        do {
            try write("home", [("index.html", "x")])
            Issue.record("took over a folder with a .ssh in it")
        } catch {
            #expect(error.reason == .notAnArchive(example: ".ssh"))
            #expect(error.description.hasSuffix("home: the folder is not empty (it holds .ssh) and was not written by bbreport; choose an empty or new folder with --output, or move its contents away"))
        }
        #expect(mode("home") == 0o700)
        #expect(try manager.contentsOfDirectory(atPath: path("home/.ssh")).sorted() == ["empty", "id", "pipe"])
        #expect(kind("home/.ssh/pipe") == S_IFIFO && kind("home/.ssh/empty") == S_IFDIR)
        #expect(text("home/index.html") == nil)
    }

    @Test("a folder holding only an empty .gitkeep becomes an archive, keeps it, and keeps its permissions")
    func placeholderAndMode() throws {
        defer { try? manager.removeItem(at: root) }
        try manager.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        #expect(manager.createFile(atPath: path("out/.gitkeep"), contents: Data()))
        chmod(path("out"), 0o750)
        try write("out", [("index.html", "one")])
        try write("out", [("index.html", "two")])
        #expect(text("out/index.html") == "two")
        #expect(kind("out/.gitkeep") == S_IFREG)
        #expect(mode("out") == 0o750)
        // A .gitkeep with something in it is not a placeholder.
        try manager.createDirectory(atPath: path("notes"), withIntermediateDirectories: true)
        try Data("remember".utf8).write(to: root.appendingPathComponent("notes/.gitkeep"))
        #expect(throws: ArchiveError.self) { try write("notes", [("index.html", "x")]) }
    }

    @Test("the family's empty folder, pipe and links inside the archive survive every rebuild")
    func foreignEntriesKept() throws {
        defer { try? manager.removeItem(at: root) }
        try write("out", [("index.html", "one"), ("ava/index.html", "ava")])
        try manager.createDirectory(atPath: path("out/photos/2026"), withIntermediateDirectories: true)
        chmod(path("out/photos"), 0o700)
        #expect(mkfifo(path("out/ava/pipe"), 0o600) == 0)
        try manager.createSymbolicLink(atPath: path("out/latest"), withDestinationPath: "ava/index.html")
        try write("out", [("index.html", "two"), ("ava/index.html", "ava 2")])
        try write("out", [("index.html", "three")])
        #expect(kind("out/photos/2026") == S_IFDIR && mode("out/photos") == 0o700)
        #expect(kind("out/ava/pipe") == S_IFIFO)
        #expect(kind("out/latest") == S_IFLNK)
        #expect(text("out/index.html") == "three" && text("out/ava/index.html") == nil)
    }

    @Test("an output that is a link is built through: the folder it names holds the archive, the link stays")
    func linkedOutput() throws {
        defer { try? manager.removeItem(at: root) }
        try manager.createDirectory(atPath: path("www"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: path("out"), withDestinationPath: "www")
        try write("out", [("index.html", "one")])
        try write("out", [("index.html", "two")])
        #expect(kind("out") == S_IFLNK)
        #expect(try manager.destinationOfSymbolicLink(atPath: path("out")) == "www")
        #expect(text("www/index.html") == "two")
        #expect(try manager.contentsOfDirectory(atPath: root.path).sorted() == [".www.bbreport-spare", "out", "www"])
        // A link to a folder that does not exist yet: the archive is made where it points.
        try manager.createSymbolicLink(atPath: path("later"), withDestinationPath: "www-later")
        try write("later", [("index.html", "new")])
        #expect(text("www-later/index.html") == "new" && kind("later") == S_IFLNK)
    }

    @Test("a folder of the archive replaced by a link is refused by name; nothing is read or written through it", arguments: ["ava", "assets"])
    func linkedOwnFolder(folder: String) throws {
        defer { try? manager.removeItem(at: root) }
        try write("out", [("index.html", "one"), ("\(folder)/index.html", "page"), ("\(folder)/site.css", "css")])
        try manager.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: root.appendingPathComponent("elsewhere/index.html"))
        try manager.removeItem(atPath: path("out/\(folder)"))
        try manager.createSymbolicLink(atPath: path("out/\(folder)"), withDestinationPath: path("elsewhere"))
        do {
            try write("out", [("index.html", "two"), ("\(folder)/index.html", "page"), ("\(folder)/site.css", "css")])
            Issue.record("wrote through a link")
        } catch {
            #expect(error.description.hasSuffix("out/\(folder): is a symbolic link that bbreport did not make, where the archive needs the folder \(folder)/; move it out of the archive folder and build again"))
        }
        #expect(text("out/index.html") == "one")
        #expect(try manager.contentsOfDirectory(atPath: path("elsewhere")) == ["index.html"])
        #expect(text("elsewhere/index.html") == "secret")
    }

    @Test("a page replaced by a link is written anew, never kept as the link")
    func linkedPage() throws {
        defer { try? manager.removeItem(at: root) }
        try write("out", [("index.html", "one"), ("day.html", "same")])
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try manager.removeItem(atPath: path("out/day.html"))
        try manager.createSymbolicLink(atPath: path("out/day.html"), withDestinationPath: path("secret.txt"))
        try write("out", [("index.html", "two"), ("day.html", "same")])
        #expect(kind("out/day.html") == S_IFREG && text("out/day.html") == "same")
        #expect(text("secret.txt") == "secret")
    }

    @Test("a file the family put where a new page goes is refused by name")
    func foreignFileInTheWay() throws {
        defer { try? manager.removeItem(at: root) }
        try write("out", [("index.html", "one")])
        try Data("mine".utf8).write(to: root.appendingPathComponent("out/day.html"))
        do {
            try write("out", [("index.html", "two"), ("day.html", "page")])
            Issue.record("replaced the family's file")
        } catch {
            #expect(error.description.hasSuffix("out/day.html: is a file that bbreport did not make, where the archive needs the file day.html; move it out of the archive folder and build again"))
        }
        #expect(text("out/day.html") == "mine" && text("out/index.html") == "one")
    }
}
