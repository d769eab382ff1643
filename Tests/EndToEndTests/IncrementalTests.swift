import Foundation
import Testing

@Suite struct IncrementalTests {
    /// Relative path → (inode, modification time) of every file under `root`.
    func identities(_ root: URL) throws -> [String: (UInt64, Date)] {
        var result: [String: (UInt64, Date)] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result[relative] = ((attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0, attributes[.modificationDate] as! Date)
        }
        return result
    }

    @Test("after one more day, exactly the pages that show it are rewritten; the rest keep their inode and time")
    func oneMoreDay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 40 days ending Wednesday 2026-11-18, then the same data plus Thursday the 19th.
        #expect(try Tool.run(["sample", "--days", "40", "--end", "2026-11-18", "-o", "before.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "41", "--end", "2026-11-19", "-o", "after.json"], in: folder).status == 0)
        #expect(try Tool.run(["build", "before.json", "-o", "out", "-q"], in: folder).status == 0)
        let before = try identities(folder.appendingPathComponent("out"))
        let result = try Tool.run(["build", "after.json", "-o", "out"], in: folder)
        #expect(result.status == 0)
        let after = try identities(folder.appendingPathComponent("out"))
        let rewritten = Set(after.keys.filter { before[$0] == nil || before[$0]!.0 != after[$0]!.0 })
        var expected: Set<String> = ["index.html", ".bbreport-manifest"]
        for child in ["ava", "leo"] {
            expected.formUnion(["\(child)/2026/11/19.html", "\(child)/2026/11/18.html", "\(child)/weeks/2026-W47.html",
                                "\(child)/2026/11/index.html", "\(child)/index.html", "\(child)/visit.html", "\(child)/days.json"])
        }
        #expect(rewritten == expected, "unexpected: \(rewritten.subtracting(expected).sorted()), missing: \(expected.subtracting(rewritten).sorted())")
        #expect(result.stdout.contains("(15 files changed)"))
        for (path, identity) in after where !expected.contains(path) {
            #expect(identity.1 == before[path]?.1, "\(path) has a new modification time")
        }
    }

    @Test("a rebuild with nothing changed writes nothing and says so")
    func noOp() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"], in: folder).status == 0)
        let before = try identities(folder.appendingPathComponent("out"))
        let again = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Up to date: out/ was built from this input and these options (checked in "))
        let after = try identities(folder.appendingPathComponent("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, identity) in after {
            #expect(identity.0 == before[path]!.0 && identity.1 == before[path]!.1, "\(path) was touched")
        }
        // Another option is another build.
        let dark = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--scheme", "dark"], in: folder)
        #expect(dark.stdout.hasPrefix("Built 16 pages ("))
    }

    @Test("two builds of the same input are identical, file for file")
    func identicalTrees() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", "-q", "-o", "a"], in: folder).status == 0)
        #expect(try Tool.run(["build", "-q", "-o", "b"], in: folder).status == 0)
        let a = try snapshot(of: folder.appendingPathComponent("a")).mapValues(\.0)
        let b = try snapshot(of: folder.appendingPathComponent("b")).mapValues(\.0)
        #expect(a.count > 700)
        #expect(a == b)
    }
}
