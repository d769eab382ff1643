import Archive
import Foundation
import Testing

@Suite struct ArchiveWriterTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func files(_ pairs: [(String, String)]) -> [ArchiveFile] {
        pairs.map { ArchiveFile(path: $0.0, data: Data($0.1.utf8)) }
    }

    func read(_ path: String) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a file's folder is what comes before its last slash, as the file system reads the path")
    static func folders() {
        #expect(ArchiveWriter.folder(of: "ava/2026/11/22.html") == "ava/2026/11")
        #expect(ArchiveWriter.folder(of: "index.html") == "")
        #expect(ArchiveWriter.folder(of: "ava/") == "ava")
        // A slash followed by a combining accent is one character, and still a slash.
        #expect(ArchiveWriter.folder(of: "notes/\u{301}photo.jpg") == "notes")
        #expect(ArchiveWriter.folder(of: "théo/día/1.html") == "théo/día")
    }

    @Test("a new archive is written whole, with its manifest; a second replaces it exactly")
    func writeAndReplace() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        try ArchiveWriter(output: out).write(files([("index.html", "one"), ("ava/2026/11/21.html", "day")]))
        #expect(read("out/index.html") == "one")
        #expect(read("out/ava/2026/11/21.html") == "day")
        #expect(read("out/.bbreport-manifest")?.contains("\"ava/2026/11/21.html\"") == true)

        try ArchiveWriter(output: out).write(files([("index.html", "two")]))
        #expect(read("out/index.html") == "two")
        #expect(read("out/ava/2026/11/21.html") == nil)
        // Its folders, which held nothing but that page, went with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".bbreport-manifest", "index.html"])
        // The archive before is kept beside, hidden, for the next build to patch.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".out.bbreport-spare", "out"])
        #expect(read(".out.bbreport-spare/index.html") == "one")

        try ArchiveWriter(output: out).write(files([("index.html", "three"), ("leo/index.html", "leo")]))
        #expect(read("out/index.html") == "three" && read("out/leo/index.html") == "leo")
        #expect(read("out/ava/2026/11/21.html") == nil)
        #expect(read(".out.bbreport-spare/index.html") == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".out.bbreport-spare", "out"])
    }

    @Test("the folders of the archive before last that its unused files leave empty are removed; the others stay")
    func emptiedSpareFolders() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        try ArchiveWriter(output: out).write(files([("index.html", "one"), ("ava/2026/11/21.html", "day"), ("ava/index.html", "ava")]))
        try ArchiveWriter(output: out).write(files([("index.html", "two"), ("ava/index.html", "ava")]))
        try ArchiveWriter(output: out).write(files([("index.html", "three"), ("ava/index.html", "ava")]))
        #expect(read("out/ava/index.html") == "ava")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: out).sorted() == [".bbreport-manifest", "ava", "ava/index.html", "index.html"])
    }

    @Test("a file the completing step makes (a printed PDF) is made anew each time, never written into the archive before's")
    func completingWithSpare() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        for round in 1...3 {
            try ArchiveWriter(output: out).write(files([("index.html", "same")])) { staging in
                let pdf = staging.appendingPathComponent("visit.pdf")
                #expect(!FileManager.default.fileExists(atPath: pdf.path), "round \(round)")
                try? Data("pdf \(round)".utf8).write(to: pdf)
                return ["visit.pdf"]
            }
            #expect(read("out/visit.pdf") == "pdf \(round)")
            if round > 1 { #expect(read(".out.bbreport-spare/visit.pdf") == "pdf \(round - 1)") }
        }
    }

    @Test("folders that must not be replaced are refused untouched", arguments: ["/", "~", "project", "notes", "file"])
    func refusals(name: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        let path: String
        switch name {
        case "/": path = "/"
        case "~": path = manager.homeDirectoryForCurrentUser.path
        case "project":
            path = root.appendingPathComponent("project").path
            try manager.createDirectory(atPath: path + "/.git", withIntermediateDirectories: true)
        case "notes":
            path = root.appendingPathComponent("notes").path
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: path + "/todo.txt"))
        default:
            path = root.appendingPathComponent("file").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(throws: ArchiveError.self) {
            try ArchiveWriter(output: path).write(files([("index.html", "x")]))
        }
        if name == "notes" {
            #expect(read("notes/todo.txt") == "keep")
            #expect(read("notes/index.html") == nil)
        }
    }

    @Test("staging folders of builds that died are removed, whatever process id they carry")
    func staleStaging() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // pid 1 is always alive: a recorded process id proves nothing about a build.
        for name in [".out.staging-999999", ".out.staging-1"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try ArchiveWriter(output: root.appendingPathComponent("out").path).write(files([("index.html", "x")]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
        #expect(read("out/index.html") == "x")
    }

    @Test("a build that holds the lock keeps every other out, and lets go when it ends")
    func lock() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        try ArchiveWriter(output: out).write(files([("index.html", "x")]))
        // Another build, as the kernel sees it: its own open file description, locked.
        let other = open(root.appendingPathComponent(".out.bbreport-lock").path, O_RDWR | O_CREAT, 0o600)
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        do {
            try ArchiveWriter(output: out).write(files([("index.html", "y")]))
            Issue.record("wrote beside a running build")
        } catch {
            #expect(error.reason == .busy)
            #expect(error.description.hasSuffix("out: another bbreport is writing this archive right now; wait for it to finish"))
        }
        #expect(read("out/index.html") == "x")
        close(other)
        try ArchiveWriter(output: out).write(files([("index.html", "y")]))
        #expect(read("out/index.html") == "y")
    }
}
