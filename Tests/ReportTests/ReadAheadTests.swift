import Foundation
import Hashing
import HTML
@testable import Report
import Testing

/// The export read on another core while the command line is parsed: the build gets the
/// same bytes, and the same fingerprint, as when it reads the file itself. (One read ahead
/// at a time per process, as in a run: the tests take turns.)
@Suite(.serialized) struct ReadAheadTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the file read ahead is the one the build reads, with its hash, and the fingerprint is the same")
    func sameBytes() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file("export.json", #"{"events": []}"#)
        ReadAhead.start(path)
        let (bytes, name, hash) = try await Report.read(.file(path))
        #expect(bytes == Data(#"{"events": []}"#.utf8))
        #expect(name == path)
        #expect(hash == ContentHash(file: bytes))
        let options = BuildOptions(input: .file(path), output: folder.appendingPathComponent("out").path)
        let templates = try TemplateSources.load(overriding: nil)
        #expect(BuildFingerprint.make(input: bytes, inputHash: hash, options: options, templates: templates)
            == BuildFingerprint.make(input: bytes, options: options, templates: templates))
        // Taken once: a second read reads the file itself.
        #expect(try await Report.read(.file(path)).2 == nil)
    }

    @Test("another path is read as before, and what was read ahead waits for its own")
    func otherPath() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = try file("named.json", "[1]")
        let other = try file("other.json", "[2]")
        ReadAhead.start(named)
        let read = try await Report.read(.file(other))
        #expect(read.0 == Data("[2]".utf8) && read.2 == nil)
        #expect(try await Report.read(.file(named)).2 != nil)
    }

    @Test("a file that cannot be read ahead is read by the build, which says what is wrong with it")
    func failedRead() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json").path
        ReadAhead.start(missing)
        await #expect(throws: Diagnostic.self) { try await Report.read(.file(missing)) }
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        ReadAhead.start(fifo)
        do {
            _ = try await Report.read(.file(fifo))
            Issue.record("a pipe was read")
        } catch {
            #expect(error.description.contains("named pipe"))
        }
    }
}
