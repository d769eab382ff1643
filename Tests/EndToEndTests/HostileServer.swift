import Foundation

/// The hostile test server (`Fixtures/hostile-server.py`) in its own process: an API that
/// misbehaves in one chosen way, and a second listener, the recorder, that no request may
/// ever reach.
final class HostileServer {
    let url: URL
    let recorder: URL
    private let process: Process
    private let log: URL
    private let folder: URL

    /// Starts the server in `mode` and waits until both listeners listen.
    init(_ mode: String) throws {
        let started = try FixtureServer.start("hostile-server.py", mode, announcing: ["listening on ", "recorder on "])
        (process, log, folder) = (started.process, started.log, started.folder)
        (url, recorder) = (started.urls[0], started.urls[1])
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One request as the server saw it.
    struct Request {
        let listener: String
        let path: String
        let authorization: String
        let host: String
    }

    /// Every request either listener has seen.
    var requests: [Request] {
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { $0.hasPrefix("REQUEST ") }.map { line in
            let parts = line.split(separator: " ", maxSplits: 5).map(String.init)
            // REQUEST listener path scheme token host (the authorization has a space in it).
            let authorization = parts.count >= 6 ? parts[3] + " " + parts[4] : parts.count > 3 ? parts[3] : "-"
            return Request(listener: parts[1], path: parts[2], authorization: authorization, host: parts.last ?? "-")
        }
    }
}

/// A test server of `Fixtures/`, a Python script in its own process.
enum FixtureServer {
    /// Starts `script mode` with its output in a log, and waits until it has printed a line
    /// beginning with each of `prefixes`, followed by a URL; those URLs, in order.
    static func start(_ script: String, _ mode: String, announcing prefixes: [String]) throws -> (process: Process, log: URL, folder: URL, urls: [URL]) {
        let folder = try temporaryFolder()
        let log = folder.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Tool.fixture(script), mode]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n") ?? []
            let urls = prefixes.compactMap { prefix in
                lines.first { $0.hasPrefix(prefix) }.flatMap { URL(string: String($0.dropFirst(prefix.count))) }
            }
            if urls.count == prefixes.count { return (process, log, folder, urls) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, SIGKILL)
        throw CocoaError(.executableLoad)
    }
}

/// A finished run of the tool, with what it cost.
struct MeasuredRun {
    let status: Int32
    let stdout: String
    let stderr: String
    /// The most memory the process held at once, in kilobytes.
    let peakKilobytes: Int
    let seconds: Double
}

/// Runs `bbreport arguments…` in `folder` and measures its peak memory and time. A small
/// Python process starts it and asks the kernel for its child's account: a process that
/// `posix_spawn` starts from the test runner inherits the runner's peak at `exec`.
func runMeasured(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> MeasuredRun {
    let measure = """
    import os, resource, subprocess, sys
    os.chdir(sys.argv[2])
    with open(sys.argv[3], "wb") as out, open(sys.argv[4], "wb") as err:
        code = subprocess.call(sys.argv[5:], stdout=out, stderr=err)
    open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    sys.exit(code if code >= 0 else 128 - code)
    """
    let scratch = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let peak = scratch.appendingPathComponent("peak"), out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", measure, peak.path, folder.path, out.path, err.path, Tool.executable.path] + arguments
    process.environment = environment
    let started = Date()
    try process.run()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    return MeasuredRun(status: process.terminationStatus,
                       stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
                       stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self),
                       peakKilobytes: Int((try? String(contentsOf: peak, encoding: .utf8)) ?? "") ?? Int.max, seconds: seconds)
}
