import Foundation
import Testing

/// The output folder as the command line meets it: a link to the home folder, and what a
/// killed build left behind.
@Suite struct OutputSafetyTests {
    @Test("a link to the home folder is the home folder: refused, and nothing of it is touched or copied")
    func linkToHome() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".ssh"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: home.appendingPathComponent(".ssh/id_ed25519"))
        try Data("export PATH".utf8).write(to: home.appendingPathComponent(".profile"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out").path, withDestinationPath: "home")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        let before = try snapshot(of: home)
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr == "error: out: refusing to write an archive over your home folder; choose an empty or new folder with --output\n")
        let after = try snapshot(of: home)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["home", "out"])
    }

    @Test("the account's own home folder is refused by name, even when HOME names another folder")
    func accountHome() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try #require(FileManager.default.homeDirectory(forUser: NSUserName())?.path)
        try #require(account != "/" && FileManager.default.fileExists(atPath: account), "the account has a home folder of its own")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", account], in: folder, environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(account): refusing to write an archive over your home folder; choose an empty or new folder with --output\n")
    }

    @Test("a staging folder left by a killed build blocks nothing, whichever process now has its id")
    func staleStaging() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "-q"], in: folder).status == 0)
        // Process 1 always exists; a build that was killed long ago may have had its id.
        let leftover = folder.appendingPathComponent(".out.staging-1")
        try FileManager.default.createDirectory(at: leftover.appendingPathComponent("zoe-ava"), withIntermediateDirectories: true)
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--clean"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("an output folder named with all 255 bytes a name can have builds and rebuilds: the lock, staging and spare beside it take shorter names")
    func longestName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "a", count: 255)
        for _ in 0..<3 {
            let build = try Tool.run(["build", "-o", name, "-q"], in: folder)
            #expect(build.status == 0, "\(build.stderr)")
        }
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(beside.allSatisfy { $0.utf8.count <= 255 } && beside.contains(name), "\(beside)")
    }
}
