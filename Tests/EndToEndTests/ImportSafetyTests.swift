import Foundation
import Testing

/// The clumsy and the hostile at the doors other apps' files come in by: every refusal says
/// what and where with the exit status the README lists, and what build refuses, validate refuses.
@Suite struct ImportSafetyTests {
    @Test("a Latin-1 file is said to be one; a FIFO is a usage error for import as for build")
    func encodingsAndKinds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var latin1 = Data("Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nDiaper,2024-10-25 12:00,,,,,Pee,Caf".utf8)
        latin1.append(contentsOf: [0xE9, 0x0A])
        try latin1.write(to: folder.appendingPathComponent("latin.csv"))
        let encoded = try Tool.run(["import", "latin.csv", "--timezone", "UTC", "--child", "Ava", "-o", "out.json"], in: folder)
        #expect(encoded.status == 65)
        #expect(encoded.stderr == "error: latin.csv: not UTF-8 text (it looks like Latin-1 or Windows-1252)\nhint: open it in a spreadsheet and save it as CSV in UTF-8; nothing was written\n")
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
        let pipe = try Tool.run(["import", "pipe", "--timezone", "UTC", "--child", "Ava", "-o", "out.json"], in: folder)
        #expect(pipe.status == 64 && pipe.stderr.hasPrefix("error: pipe: a named pipe (FIFO), not a file"), "\(pipe.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    @Test("validate and build given a named pipe say so at once (exit 64), never waiting for a writer")
    func pipes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
        for arguments in [["validate", "pipe.json"], ["build", "pipe.json", "-o", "out"]] {
            // Under a time limit: a regression would otherwise wait for ever.
            let (status, _, stderr) = try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), ["20", Tool.executable.path] + arguments, in: folder)
            #expect(status == 64, "\(arguments): \(status)")
            #expect(String(decoding: stderr, as: UTF8.self).hasPrefix("error: pipe.json: is a named pipe (FIFO), not an export file\n"), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("validate refuses what build refuses: an export of more children than one archive holds")
    func validateBounds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let children = (0..<150).map { #"{"id": "c\#($0)", "name": "Child \#($0)"}"# }.joined(separator: ",")
        let events = (0..<150).map { #"{"id": "e\#($0)", "child_id": "c\#($0)", "type": "diaper", "occurred_at": "2026-11-21T03:30:00Z", "diaper_type": "pee"}"# }
            .joined(separator: ",")
        try Data(#"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [\#(children)], "events": [\#(events)]}"#.utf8)
            .write(to: folder.appendingPathComponent("many.json"))
        let validate = try Tool.run(["validate", "many.json"], in: folder)
        let build = try Tool.run(["build", "many.json", "-o", "out"], in: folder)
        #expect(validate.status == 65 && build.status == 65)
        #expect(validate.stderr.contains("many.json: the export has 150 children; one archive is built for at most 100"), "\(validate.stderr)")
    }

    @Test("a child's name longer than a page keeps is still found by --child as it was imported")
    func longNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "Ava", count: 86)
        try Data("Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nDiaper,2024-10-25 12:00,,,,,Pee,\n".utf8)
            .write(to: folder.appendingPathComponent("h.csv"))
        #expect(try Tool.run(["import", "h.csv", "--timezone", "UTC", "--child", name, "-o", "long.json"], in: folder).status == 0)
        let build = try Tool.run(["build", "long.json", "--child", name, "-o", "out", "-q"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let export = try String(contentsOf: folder.appendingPathComponent("long.json"), encoding: .utf8)
        #expect(export.range(of: #""id": ?"child-[0-9a-f]{16}""#, options: .regularExpression) != nil, "ids of 64 bits of the name's hash")
    }

    @Test("an export file is written safely: never over an input or a file that is not an export, modes kept, new files 0600, a killed run's leftovers removed")
    func writtenSafely() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let csv = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nDiaper,2024-10-25 12:00,,,,,Pee,\n"
        try Data(csv.utf8).write(to: folder.appendingPathComponent("h.csv"))
        try Data("a parent's notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        func run(_ output: String, _ command: [String] = ["import", "h.csv", "--timezone", "UTC", "--child", "Ava"]) throws -> Tool.Result {
            try Tool.run(command + ["-o", output], in: folder)
        }
        let cases: [(String, String)] = [
            ("h.csv", "error: h.csv: is one of the files being read; writing it would replace the app's export"),
            ("notes.txt", "error: notes.txt: is not a Baby Basics export file; bbreport replaces only its own export files, so it was left as it is"),
            ("", "error: the output's path is empty"),
            ("nodir/x.json", "error: nodir/x.json: the folder nodir does not exist"),
            ("new.json/", "error: new.json/: ends in /, so it names a folder, not a file"),
        ]
        for (output, message) in cases {
            let result = try run(output)
            #expect(result.status == 64 && result.stderr.hasPrefix(message), "\(output): \(result.stderr)")
        }
        let sample = try run("notes.txt", ["sample"])
        #expect(sample.status == 64, "\(sample.stderr)")
        #expect(try String(contentsOfFile: path("h.csv"), encoding: .utf8) == csv)
        #expect(try String(contentsOfFile: path("notes.txt"), encoding: .utf8) == "a parent's notes\n")
        // New: 0600. Replaced: the mode the family gave it. A killed run's temporary file goes.
        #expect(try run("export.json").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: path("export.json"))[.posixPermissions] as? Int) == 0o600)
        #expect(chmod(path("export.json"), 0o640) == 0)
        FileManager.default.createFile(atPath: path(".export.json.bbreport-999999.tmp"), contents: Data("half".utf8))
        #expect(try run("export.json").status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: path("export.json"))[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".bbreport-") }.isEmpty)
    }

    @Test("hostile sizes are bounded while reading: a row of millions of cells, a header of millions of columns, thousands of children — in memory under 4 times the file, refused or read")
    func boundedReading() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ProcessInfo.processInfo.environment
        let huckleberry = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\n"
        let commas = huckleberry + "Diaper,2024-10-25 12:00,,,,,Pee," + String(repeating: ",", count: 8_000_000) + "\nDiaper,2024-10-25 13:00,,,,,Pee,\n"
        let wide = (0..<600_000).map { "c\($0)" }.joined(separator: ",") + "\n1,2\n"
        let names = "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\n"
            + (0..<100_000).map { "Kid\($0),02/22/2022 7:41 PM,,Diaper,,,,Wet,," }.joined(separator: "\n") + "\n"
        // The program's own memory before it reads anything (its libraries, its heap).
        let baseline = try runMeasured(["--version"], in: folder, environment: environment).peakKilobytes
        for (name, text, status, message) in [
            ("commas.csv", commas, Int32(0), "warning: commas.csv:2: a row of more than 1000 cells, which no app writes; the row is left out"),
            ("wide.csv", wide, 65, "wide.csv:1: error: a header of more than 1000 columns: not an app's export"),
            ("names.csv", names, 65, "names.csv:102: error: column \"Baby Name\": more than 100 children named: not one family's export"),
        ] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            let run = try runMeasured(["import", name, "--timezone", "UTC", "-o", "out.json"] + (name == "commas.csv" ? ["--child", "Ava"] : []),
                                      in: folder, environment: environment)
            #expect(run.status == status && run.stderr.contains(message), "\(name): \(run.stderr)")
            // Over the baseline, 8 MB for what an import loads that --version does not (time zones, the WHO tables).
            let grown = run.peakKilobytes - baseline
            #expect(grown * 1024 <= 4 * text.utf8.count + (8 << 20), "\(name): \(grown) KB over the baseline for \(text.utf8.count / 1024) KB")
        }
    }

    @Test("the files of one import hold at most an export file's 100 MB: the same 35 MB file given three times is refused at the third")
    func totalBound() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let row = "Diaper,2024-10-25 12:00,,,,,Pee," + String(repeating: "n", count: 1_000) + "\n"
        let text = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\n" + String(repeating: row, count: 35_000)
        try Data(text.utf8).write(to: folder.appendingPathComponent("big.csv"))
        let run = try runMeasured(["import", "big.csv", "big.csv", "big.csv", "--timezone", "UTC", "--child", "Ava", "-o", "out.json"],
                                  in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 65 && run.stderr.hasPrefix("error: big.csv: the files given come to more than 100 MB"), "\(run.stderr)")
        #expect(run.peakKilobytes < 200 * 1024, "\(run.peakKilobytes) KB")
    }
}
