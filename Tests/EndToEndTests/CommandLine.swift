import Foundation
import Testing

/// Runs the built `bbreport` executable, as a user would.
enum Tool {
    /// The executable that `swift test` built beside the test bundle.
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bbreport")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/bbreport")
    }()

    /// The repository's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A test fixture's path.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// What `runProcess` gave: the status and both outputs as UTF-8.
        init(_ outcome: (status: Int32, stdout: Data, stderr: Data)) {
            status = outcome.status
            stdout = String(decoding: outcome.stdout, as: UTF8.self)
            stderr = String(decoding: outcome.stderr, as: UTF8.self)
        }
    }

    /// Runs `bbreport arguments…` in `folder` and waits for it; `environment` replaces the
    /// test's own when given. The locale the tests run in is not passed on (pages are in
    /// US English, as with `LANG=C`) unless `environment` sets one of its own.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws -> Result {
        Result(try runProcess(executable, arguments, in: folder, environment: withoutInheritedLocale(environment)))
    }

    /// `run` for a test that waits without holding a thread of the test pool.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) async throws -> Result {
        Result(try await runProcess(executable, arguments, in: folder, environment: withoutInheritedLocale(environment)))
    }
}

extension Tool {
    /// `environment` (or the test's own) with the locale variables it got from the test
    /// process set to `C`.
    static func withoutInheritedLocale(_ environment: [String: String]?) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var result = environment ?? inherited
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] where result[name] == inherited[name] {
            result[name] = name == "LANG" ? "C.UTF-8" : nil
        }
        return result
    }
}

/// Runs a program to its end and returns its exit status and both outputs. The outputs
/// go to temporary files, not pipes: a chatty program cannot fill a pipe and stall.
func runProcess(_ executable: URL, _ arguments: [String], in folder: URL? = nil,
                environment: [String: String]? = nil) throws -> (Int32, Data, Data) {
    let run = try ProcessRun(executable, arguments, in: folder, environment: environment)
    try run.process.run()
    run.process.waitUntilExit()
    return try run.outcome()
}

/// `runProcess` for a test that may wait without holding a thread of the test pool: the
/// program's end resumes it.
func runProcess(_ executable: URL, _ arguments: [String], in folder: URL? = nil,
                environment: [String: String]? = nil) async throws -> (Int32, Data, Data) {
    await Permits.processes.acquire()
    defer { Permits.processes.release() }
    let run = try ProcessRun(executable, arguments, in: folder, environment: environment)
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
        run.process.terminationHandler = { _ in ended.resume() }
        do {
            try run.process.run()
        } catch {
            run.failure = error
            ended.resume()
        }
    }
    if let failure = run.failure { throw failure }
    return try run.outcome()
}

/// A program set up to run with its outputs to temporary files, and what it left there.
private final class ProcessRun: @unchecked Sendable {
    let process = Process()
    var failure: (any Error)?
    private let scratch: URL
    private let outURL: URL
    private let errURL: URL
    private let out: FileHandle
    private let err: FileHandle

    init(_ executable: URL, _ arguments: [String], in folder: URL?, environment: [String: String]?) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-run-\(UUID().uuidString)")
        outURL = scratch.appendingPathComponent("stdout")
        errURL = scratch.appendingPathComponent("stderr")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        out = try FileHandle(forWritingTo: outURL)
        err = try FileHandle(forWritingTo: errURL)
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// The exit status and both outputs of the program, which has ended.
    func outcome() throws -> (Int32, Data, Data) {
        try out.close()
        try err.close()
        return (process.terminationStatus, try Data(contentsOf: outURL), try Data(contentsOf: errURL))
    }
}

/// A fresh folder under the system's temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Every file under `root`: relative path → (bytes, modification date).
func snapshot(of root: URL) throws -> [String: (Data, Date)] {
    var files: [String: (Data, Date)] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
        let url = root.appendingPathComponent(relative)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
        files[relative] = (try Data(contentsOf: url), attributes[.modificationDate] as! Date)
    }
    return files
}

/// Expects `built` to equal the golden file at the fixture path `golden`;
/// `BBREPORT_REGENERATE_GOLDEN=1` writes it instead, to accept a change on purpose.
func expectGolden(_ built: Data, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: Tool.fixture(golden))
    if ProcessInfo.processInfo.environment["BBREPORT_REGENERATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try built.write(to: url)
    }
    #expect(built == (try? Data(contentsOf: url)), "\(golden) differs (set BBREPORT_REGENERATE_GOLDEN=1 to accept on purpose)", sourceLocation: sourceLocation)
}
