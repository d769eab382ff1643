import ArgumentParser
@testable import bbreport
import Foundation
import Report
import Testing

@Suite struct PlainBuildTests {
    /// The lines of the plain form: the file with any of `-o`/`--output`, `-q`/`--quiet` and
    /// `-v`/`--verbose`, in this order and the reverse; and some names a shell could pass.
    static let plainLines: [[String]] = {
        var lines: [[String]] = []
        for output in [[], ["-o", "archive"], ["--output", "archive"]] {
            for quiet in [[], ["-q"], ["--quiet"]] {
                for verbose in [[], ["-v"], ["--verbose"]] {
                    let parts = [["export.json"], output, quiet, verbose].filter { !$0.isEmpty }
                    lines.append(["build"] + parts.flatMap { $0 })
                    lines.append(["build"] + parts.reversed().flatMap { $0 })
                }
            }
        }
        // Names a shell could pass, that read as neither options nor commands.
        for (file, folder) in [("my export=1 (Zoë).json", "build"), ("build", "nights/ava's"), ("serve", " archive ")] {
            lines.append(["build", file, "-o", folder])
        }
        return lines
    }()

    @Test("a plain line gives the options, -q and -v the argument parser gives it", arguments: plainLines)
    func sameAsParser(_ line: [String]) throws {
        let plain = try #require(PlainBuild(line))
        let command = try #require(try BBReport.parseAsRoot(line) as? BuildCommand)
        #expect((try plain.options) == (try command.flags.options(config: try command.flags.loadConfig())))
        #expect(plain.quiet == command.quiet)
        #expect(plain.verbose == command.verbose)
    }

    @Test("any other line is left to the argument parser", arguments: [
        [], ["serve", "export.json"], ["build"], ["build", "-o", "archive"], ["build", "-q"],
        ["build", "export.json", "--output=archive"], ["build", "export.json", "-o"], ["build", "export.json", "-o", "-q"],
        ["build", "export.json", "-o", ""], ["build", "", "-o", "archive"], ["build", "export.json", "other.json"],
        ["build", "export.json", "-o", "a", "-o", "b"], ["build", "export.json", "-q", "--quiet"], ["build", "export.json", "-v", "-v"],
        ["build", "export.json", "-qv"], ["build", "export.json", "-oarchive"], ["build", "--", "export.json"],
        ["build", "-", "-o", "archive"], ["build", "export.json", "--help"], ["build", "export.json", "-h"],
        ["build", "export.json", "--pdf"], ["build", "export.json", "--config", "bbreport.yaml"],
        ["build", "--server", "https://baby.example.org"], ["--version"], ["build", "export.json", "--clean"],
    ])
    func leftToParser(_ line: [String]) {
        #expect(PlainBuild(line) == nil)
    }

    @Test("a plain line and the same build through the argument parser write the same archive and say the same")
    func sameBuild() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `--no-pdf` asks for what a build does anyway, and takes the line to the parser.
        let plain = try Tool.run(["build", Tool.fixture("family.json"), "-o", "plain"], in: folder)
        let parsed = try Tool.run(["build", Tool.fixture("family.json"), "-o", "parsed", "--no-pdf"], in: folder)
        #expect(plain.status == 0 && parsed.status == 0)
        #expect(plain.stdout.hasPrefix("Built 21 pages (34 files changed) for 2 children in ") && plain.stdout.hasSuffix(" s → plain/\n"), "\(plain.stdout)")
        #expect(plain.stderr == parsed.stderr)
        let plainFiles = try snapshot(of: folder.appendingPathComponent("plain")).mapValues(\.0)
        #expect(!plainFiles.isEmpty)
        #expect(plainFiles == (try snapshot(of: folder.appendingPathComponent("parsed")).mapValues(\.0)))

        for line in [["build", "missing.json", "-o", "plain"], ["build", Tool.fixture("family.json"), "-o", "plain/index.html"]] {
            let plainError = try Tool.run(line, in: folder)
            let parsedError = try Tool.run(line + ["--no-pdf"], in: folder)
            #expect(plainError.status != 0)
            #expect(plainError.status == parsedError.status, "\(line)")
            #expect(plainError.stderr == parsedError.stderr, "\(line)")
            #expect(plainError.stdout.isEmpty && parsedError.stdout.isEmpty)
        }
        #expect(try snapshot(of: folder.appendingPathComponent("plain")).mapValues(\.0) == plainFiles)
    }
}
