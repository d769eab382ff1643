import Dispatch
import Foundation
import Testing

/// Hundreds of broken exports through `validate` and `build`, as a user's shell would run
/// them: no crash, no hang, exit 0 or 65, every message naming the file and the place,
/// and a failed build leaving the previous archive exactly as it was.
@Suite struct FuzzTests {
    /// How many broken files of each of the eight kinds: 8 × 40 = 320.
    static let perKind = 40
    /// Long enough for the slowest honest run by far (a few tenths of a second here); a run
    /// past it is a hang, killed and reported.
    static let hangAfter = 20.0

    @Test("320 broken exports: validate and build agree, never crash or hang, say where, and keep the archive")
    func brokenExports() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--days", "3", "--seed", "11", "-o", "good.json"], in: folder).status == 0)
        var generator = try BrokenExports(base: try Data(contentsOf: folder.appendingPathComponent("good.json")), seed: 20_261_122)
        let mutants = generator.all(each: Self.perKind)
        #expect(mutants.count >= 300)

        // Two workers, each with its own previous archive to guard.
        let workers = 2
        var baselines: [[String: (Data, Date)]] = []
        for worker in 0..<workers {
            let work = folder.appendingPathComponent("worker-\(worker)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            #expect(try Tool.run(["build", "../good.json", "-o", "archive", "-q"], in: work).status == 0)
            baselines.append(try snapshot(of: work.appendingPathComponent("archive")))
        }
        let findings = Findings()
        let guarded = baselines
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let work = folder.appendingPathComponent("worker-\(worker)")
            for index in stride(from: worker, to: mutants.count, by: workers) {
                do {
                    try check(mutants[index], in: work, baseline: guarded[worker], findings: findings)
                } catch {
                    findings.add("\(mutants[index].name): \(error)")
                }
            }
        }
        for finding in findings.all.prefix(30) {
            Issue.record(Comment(rawValue: finding))
        }
        #expect(findings.all.isEmpty, "\(findings.all.count) broken files were handled wrongly")
        // Both outcomes are exercised: most broken files are refused, some only warned about.
        #expect(findings.refused > mutants.count / 2 && findings.built > 10, "refused \(findings.refused), built \(findings.built)")
    }

    /// Runs `validate` and `build` on one broken file and records whatever is wrong.
    func check(_ mutant: BrokenExports.Mutant, in work: URL, baseline: [String: (Data, Date)], findings: Findings) throws {
        let file = "broken.json"
        try mutant.bytes.write(to: work.appendingPathComponent(file))
        let validate = try runBounded(["validate", file], in: work)
        guard validate.exited else {
            return findings.add("\(mutant.name): validate \(validate.hung ? "hung" : "crashed (signal \(validate.status))")")
        }
        guard validate.status == 0 || validate.status == 65 else {
            return findings.add("\(mutant.name): validate exited \(validate.status): \(validate.stderr.prefix(300))")
        }
        if let bad = Self.unplaced(validate.stderr, file: file) {
            findings.add("\(mutant.name): validate said \"\(bad)\"")
        }

        // A file validate refuses is built over the guarded archive; one it accepts beside it.
        let output = validate.status == 65 ? "archive" : "accepted"
        let build = try runBounded(["build", file, "-o", output, "-q"], in: work)
        guard build.exited else {
            return findings.add("\(mutant.name): build \(build.hung ? "hung" : "crashed (signal \(build.status))")")
        }
        guard build.status == validate.status else {
            return findings.add("\(mutant.name): build exited \(build.status) but validate \(validate.status): \(build.stderr.prefix(300))")
        }
        if let bad = Self.unplaced(build.stderr, file: file) {
            findings.add("\(mutant.name): build said \"\(bad)\"")
        }
        if validate.status == 65 {
            findings.refuse()
            let after = try snapshot(of: work.appendingPathComponent("archive"))
            let changed = baseline.keys.filter { after[$0]?.0 != baseline[$0]!.0 || after[$0]?.1 != baseline[$0]!.1 }
            if after.count != baseline.count || !changed.isEmpty {
                findings.add("\(mutant.name): the failed build changed the archive (\(changed.sorted().prefix(3)))")
            }
        } else {
            findings.build()
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains("staging") }
        if !leftovers.isEmpty { findings.add("\(mutant.name): left \(leftovers)") }
    }

    /// The first line of `stderr` that names no file and place; nil when every one does.
    /// An error names `file: line L, column C: …`, `file: some.path[3]: …`, says the file
    /// is empty or what the whole file should have been; a warning names `file: path: …`.
    static func unplaced(_ stderr: String, file: String) -> String? {
        let place = #"^(error|warning): \#(file): (line \d+, column \d+: |[A-Za-z_][A-Za-z_0-9]*(\[\d+\])*(\.[A-Za-z_][A-Za-z_0-9]*(\[\d+\])*)*: |the file is empty|expected an object with |\d[\d,]* more warnings? of the kind)"#
        for line in stderr.split(separator: "\n") where !line.hasPrefix("hint: ") {
            if line.range(of: place, options: .regularExpression) == nil { return String(line.prefix(200)) }
        }
        return nil
    }

    struct Run {
        let exited: Bool
        let hung: Bool
        let status: Int32
        let stderr: String
    }

    /// Runs `bbreport arguments…`, killing it if it has not ended after ``hangAfter`` seconds.
    func runBounded(_ arguments: [String], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let handle = try FileHandle(forWritingTo: errorFile)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let hung = ended.wait(timeout: .now() + Self.hangAfter) == .timedOut
        if hung {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        try handle.close()
        let stderr = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        return Run(exited: !hung && process.terminationReason == .exit, hung: hung, status: process.terminationStatus, stderr: stderr)
    }
}

/// What the workers found, gathered under a lock.
final class Findings: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []
    private(set) var refused = 0
    private(set) var built = 0

    func add(_ finding: String) { lock.withLock { found.append(finding) } }
    func refuse() { lock.withLock { refused += 1 } }
    func build() { lock.withLock { built += 1 } }
    var all: [String] { lock.withLock { found } }
}
