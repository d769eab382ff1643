import Foundation
@testable import InputFiles
import Testing
@testable import Export

/// Exports are mapped from the system's cache of the file, not copied: the same bytes as a
/// read, and a file changed or cut short while mapped is found out instead of read as if it
/// were whole (or ending the program).
@Suite final class MappedFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func file(_ name: String, _ bytes: Data) -> String {
        let path = folder.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        return path
    }

    /// A file of `bytes` called `name`, and its bytes mapped.
    func mappedFile(_ name: String, _ bytes: Data) throws -> (path: String, mapped: Data) {
        let path = file(name, bytes)
        return (path, try FileInput.mapped(path, limit: bytes.count))
    }

    static func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
    }

    @Test("a file mapped holds what a read gives, on either side of the size mapped from", arguments: [
        0, 1, FileInput.smallestMapped - 1, FileInput.smallestMapped, FileInput.smallestMapped + 4_097, 3_000_001,
    ])
    func sameBytes(size: Int) throws {
        let bytes = Self.bytes(size)
        let (path, mapped) = try mappedFile("\(size).json", bytes)
        #expect(mapped == bytes)
        #expect(mapped == (try FileInput.read(path, limit: size)))
        #expect(FileInput.isIntact(mapped))
        #expect(throws: FileInput.Problem.tooLarge(size: Int64(size), limit: size - 1)) { try FileInput.mapped(path, limit: size - 1) }
    }

    @Test("a file cut short while mapped reads as zeros past its new end, and is known to have changed")
    func cutShort() throws {
        let bytes = Self.bytes(2_000_000)
        let (path, mapped) = try mappedFile("cut.json", bytes)
        #expect(FileInput.isIntact(mapped))
        #expect(truncate(path, 300_000) == 0)
        // Without the guard, this read past the file's end would end the test run (SIGBUS).
        #expect(mapped[1_999_999] == 0)
        #expect(mapped.suffix(1_000_000).allSatisfy { $0 == 0 })
        #expect(mapped.prefix(300_000) == bytes.prefix(300_000))
        #expect(!FileInput.isIntact(mapped))
        // Read again, it is the shorter file.
        #expect(try FileInput.mapped(path, limit: bytes.count) == bytes.prefix(300_000))
    }

    @Test("a file written to while mapped is known to have changed; one replaced by another file is still the one mapped")
    func writtenOrReplaced() throws {
        let bytes = Self.bytes(1_000_000)
        let (path, written) = try mappedFile("written.json", bytes)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 500_000)
        try handle.write(contentsOf: Data("changed".utf8))
        // The time of the change, set past any doubt (a clock's coarse tick could give the
        // same time as when it was opened).
        var times = [timespec(tv_sec: 1_800_000_000, tv_nsec: 0), timespec(tv_sec: 1_800_000_000, tv_nsec: 0)]
        #expect(futimens(handle.fileDescriptor, &times) == 0)
        try handle.close()
        #expect(!FileInput.isIntact(written))

        let (replacedPath, replaced) = try mappedFile("replaced.json", bytes)
        let other = file("other.json", Self.bytes(10))
        #expect(rename(other, replacedPath) == 0)
        #expect(replaced == bytes)
        #expect(FileInput.isIntact(replaced))
    }

    @Test("an export cut short while it is decoded says so, not what its zeros made of it")
    func exportCutShort() throws {
        let export = ParallelDecodingTests.bigExport(events: 3_000)
        try #require(export.count > FileInput.smallestMapped)
        let path = file("export.json", export)
        let whole = try ExportReader.decode(try ExportReader.data(path: path), file: path)
        #expect(whole.events.count == 3_000)
        let data = try ExportReader.data(path: path)
        #expect(truncate(path, off_t(export.count / 2)) == 0)
        do {
            _ = try ExportReader.decode(data, file: path)
            Issue.record("decoded an export cut short")
        } catch {
            #expect(error.reason == .changedWhileRead)
            #expect(error.description == "\(path): changed while it was being read (written to or cut short)")
        }
    }
}
