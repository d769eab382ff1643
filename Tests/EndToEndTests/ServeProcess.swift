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
    init(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws {
        outURL = folder.appendingPathComponent("serve.stdout")
        errURL = folder.appendingPathComponent("serve.stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = Tool.executable
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
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
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
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
        try exchange(Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8), port: port)
    }

    /// Sends `request` as it is and reads the answer until the server closes the connection
    /// (a server that keeps it open fails the read after `timeout` seconds), or, with
    /// `until`, until the answer holds that text (for a socket that stays open).
    static func exchange(_ request: [UInt8], port: Int, timeout: Int = 20, until marker: String? = nil) throws -> Response {
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
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        // Sent in pieces, as a client writes: the server may answer and close before the end.
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, min($0.count, 65_536), Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw ServeProcess.Failure(description: "the server kept the connection open for \(timeout) s")
            }
            guard count > 0 else { break }
            received += chunk[..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw ServeProcess.Failure(description: "no HTTP answer to \(String(decoding: request.prefix(80), as: UTF8.self)): \(text)") }
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
