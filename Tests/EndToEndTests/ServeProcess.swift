import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `bbreport serve` running in the background for a test, its output collected in files.
final class ServeProcess {
    private let process = Process()
    private let outURL: URL
    private let errURL: URL
    /// The port it listens on, read from its "Serving … at" line.
    private(set) var port = 0

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `bbreport serve arguments… --port 0` in `folder` and waits until it listens.
    init(_ arguments: [String], in folder: URL) throws {
        outURL = folder.appendingPathComponent("serve.stdout")
        errURL = folder.appendingPathComponent("serve.stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = Tool.executable
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        let line = try waitFor(stdout: "Serving ")
        guard let match = line.firstMatch(of: /127\.0\.0\.1:([0-9]+)\//), let port = Int(match.1) else {
            throw Failure(description: "no port in: \(line)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Waits until a line of standard output (after the first `skipping` lines) contains `text`; returns that line.
    @discardableResult
    func waitFor(stdout text: String, skipping: Int = 0, timeout: Double = 60) throws -> String {
        try poll("\"\(text)\"", timeout: timeout) {
            stdout.split(separator: "\n").dropFirst(skipping).first { $0.contains(text) }.map(String.init)
        }
    }

    /// Waits until standard error contains `text`.
    func waitFor(stderr text: String, timeout: Double = 60) throws {
        _ = try poll("\"\(text)\" on standard error", timeout: timeout) { stderr.contains(text) ? text : nil }
    }

    /// Asks `found` until it answers, serve exits, or `timeout` passes.
    private func poll(_ what: String, timeout: Double, _ found: () -> String?) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let result = found() { return result }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw Failure(description: "serve never printed \(what); stdout:\n\(stdout)\nstderr:\n\(stderr)")
    }

    /// The number of lines printed so far.
    var lineCount: Int { stdout.split(separator: "\n").count }

    /// Presses Ctrl-C and returns the exit status.
    func interrupt(timeout: Double = 20) throws -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { throw Failure(description: "serve did not stop after SIGINT") }
        return process.terminationStatus
    }
}

/// One HTTP/1.1 request over a plain socket, the target sent exactly as given (no
/// client normalises `..` or percent escapes away), as an attacker would send it.
enum RawHTTP {
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    static func get(_ target: String, port: Int, method: String = "GET") throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServeProcess.Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ServeProcess.Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        let request = Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw ServeProcess.Failure(description: "no HTTP answer to \(target): \(text)") }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
