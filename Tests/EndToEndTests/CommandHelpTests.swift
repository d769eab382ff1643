@testable import bbreport
import Foundation
import Testing

/// The command line as a newcomer meets it: another app's file where an export was
/// expected, a command mistyped, and the help of the command used every day.
@Suite struct CommandHelpTests {
    @Test("build and validate tell another app's file by its header and say the command that reads it")
    func otherAppWithoutZone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = Tool.fixture("huckleberry.csv")
        for command in ["build", "validate"] {
            let result = try Tool.run([command, csv] + (command == "build" ? ["-o", "out"] : []), in: folder)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.stderr == """
                error: \(csv): a Huckleberry export, not a Baby Basics export file (JSON); its times carry no time zone
                hint: run `bbreport \(command) --source huckleberry --timezone America/Chicago \(csv)` with your own time zone, \
                or make an export once with `bbreport import \(csv) --timezone … -o export.json`; nothing was written

                """, "\(command)")
            #expect(!result.stderr.contains("not valid JSON"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("with its time zone, build reads another app's file as import would, and says how it read it")
    func otherAppWithZone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = Tool.fixture("huckleberry.csv")
        let result = try Tool.run(["build", csv, "-o", "out", "--timezone", "America/New_York", "--child", "Mila", "--birthday", "2025-09-20"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: read as a Huckleberry export (from its header)"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/mila/visit.html").path))
        let validate = try Tool.run(["validate", csv, "--timezone", "America/New_York", "--child", "Mila"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    @Test("a mistyped command gets the one meant; a file given alone gets build", arguments: [
        (["biuld", "export.json"], "error: 'biuld' is not a bbreport command; did you mean `bbreport build export.json`?\n"),
        (["serv"], "error: 'serv' is not a bbreport command; did you mean `bbreport serve`?\n"),
        (["valdiate", "x.json"], "error: 'valdiate' is not a bbreport command; did you mean `bbreport validate x.json`?\n"),
        (["frobnicate"], "error: 'frobnicate' is not a bbreport command\nhint: the commands are build, serve, fetch, import, validate, sample, themes, help; `bbreport help COMMAND` tells more\n"),
    ])
    func didYouMean(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr == message)
    }

    @Test("a file given without a command is taken for build, and a mistyped option gets its suggestion")
    func fileAlone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("export.json"))
        let alone = try Tool.run(["export.json", "-o", "out"], in: folder)
        #expect(alone.status == 64)
        #expect(alone.stderr == "error: a command comes first; did you mean `bbreport build export.json -o out`?\n")
        let option = try Tool.run(["build", "--outptu", "x"], in: folder)
        #expect(option.status == 64)
        #expect(option.stderr.contains("Did you mean '--output'?"))
    }

    @Test("help build groups its options: your data, what to build, look, printing, server, output")
    func groupedHelp() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try Tool.run(["help", "build"], in: folder).stdout
        let headings = ["YOUR DATA:", "WHAT TO BUILD:", "LOOK:", "PRINTING:", "SERVER:", "OUTPUT:"]
        let places = headings.map { help.range(of: "\n" + $0 + "\n")?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(help)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted())
        // Each option under its heading.
        for (heading, option) in [("YOUR DATA:", "--timezone"), ("WHAT TO BUILD:", "--from"), ("LOOK:", "--palette"), ("PRINTING:", "--pdf"),
                                  ("SERVER:", "--token-file"), ("OUTPUT:", "--output")] {
            let section = help.components(separatedBy: "\n" + heading + "\n")[1].components(separatedBy: "\n\n")[0]
            #expect(section.contains(option), "\(option) under \(heading)")
        }
    }

    @Test("build and serve declare the same build options: arguments and every group, word for word in their help")
    func serveTakesBuildsOptions() {
        // From the arguments to the command's own options (`OPTIONS:`), where --config comes first.
        func shared(_ help: String) -> String {
            let start = help.range(of: "\nARGUMENTS:\n")?.lowerBound ?? help.endIndex
            let end = help.range(of: "\nOPTIONS:\n  --config")?.lowerBound ?? help.endIndex
            return String(help[start..<end])
        }
        let build = shared(BuildCommand.helpMessage(columns: 120))
        #expect(build.contains("MORNING MESSAGE:") && build.contains("--timezone"), "\(build)")
        #expect(shared(ServeCommand.helpMessage(columns: 120)) == build)
    }
}
