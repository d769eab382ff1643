import Foundation
import Testing

/// A server that means harm, met by `bbreport fetch` as a cron job would: the token goes
/// to the `--server` origin only, memory and time stay bounded whatever arrives, every
/// message is exact and clean, and nothing is written.
@Suite struct HostileServerTests {
    static let token = "tok-7e1f-hostile-test-secret"

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TOKEN"] = Self.token
        return environment
    }

    /// The start of a previous export, which a fetch that fails must leave as it was.
    static let previousExport = #"{"format": "babybasics-export", "version": 1, "previous": true}"#

    /// A folder holding a previous export, and a fetch into it from a server in `mode`.
    func fetch(_ mode: String, _ extra: [String] = []) throws -> (MeasuredRun, HostileServer, URL) {
        let folder = try temporaryFolder()
        try Data(Self.previousExport.utf8).write(to: folder.appendingPathComponent("export.json"))
        let server = try HostileServer(mode)
        let run = try runMeasured(["fetch", "--server", server.url.absoluteString, "-o", "export.json", "--retry-base", "0"] + extra,
                                  in: folder, environment: environment)
        return (run, server, folder)
    }

    /// The checks every refused fetch passes: its status and first line, nothing written,
    /// the token in no output, and only the server asked.
    func expectRefused(_ run: MeasuredRun, _ server: HostileServer, _ folder: URL, status: Int32, message: String) throws {
        #expect(run.status == status, "\(run.stderr)")
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        let expected = message.replacingOccurrences(of: "SERVER", with: server.url.absoluteString)
            .replacingOccurrences(of: "RECORDER", with: server.recorder.absoluteString)
            .replacingOccurrences(of: "PORT", with: String(server.url.port!))
        #expect(first == "error: " + expected)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOf: folder.appendingPathComponent("export.json"), encoding: .utf8) == Self.previousExport)
        #expect(!run.stderr.contains(Self.token) && !run.stdout.contains(Self.token))
        #expect(server.requests.allSatisfy { $0.listener == "main" && $0.host == "127.0.0.1:\(server.url.port!)" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.json"])
    }

    @Test("a redirect to another port, host or scheme is refused before anything is sent there", arguments: [
        ("redirect-other-port-301", "RECORDER/api/v1/settings"),
        ("redirect-other-port-302", "RECORDER/api/v1/settings"),
        ("redirect-other-port-307", "RECORDER/api/v1/settings"),
        ("redirect-other-port-308", "RECORDER/api/v1/settings"),
        ("redirect-other-host", "http://localhost:PORT/api/v1/settings"),
        ("redirect-https", "https://127.0.0.1:PORT/api/v1/settings"),
        ("redirect-relative-other", "//127.0.0.1:RECORDERPORT/api/v1/settings"),
    ])
    func redirectsAway(mode: String, target: String) throws {
        let (run, server, folder) = try fetch(mode)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = target.replacingOccurrences(of: "RECORDERPORT", with: String(server.recorder.port!))
        try expectRefused(run, server, folder, status: 69, message:
            "GET SERVER/api/v1/settings: the server redirects to \(shown), which is not http://127.0.0.1:PORT; the token is sent only to http://127.0.0.1:PORT, so nothing was sent there")
        #expect(server.requests.count == 1)
        #expect(run.stderr.hasSuffix("hint: if the server has moved, give its new address with --server; nothing was written\n"))
    }

    @Test("redirects on the server's own origin are followed, a few times at most")
    func sameOrigin() throws {
        let (run, server, folder) = try fetch("redirect-same-origin")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Fetched 1 child and 1 event from "))
        let requests = server.requests
        #expect(requests.map(\.path) == ["/api/v1/settings", "/api/v1/settings-moved", "/api/v1/children", "/api/v1/children-moved",
                                         "/api/v1/children/c1/events?limit=5000"])
        #expect(requests.allSatisfy { $0.listener == "main" && $0.authorization == "Bearer \(Self.token)" })

        let (loop, loopServer, loopFolder) = try fetch("redirect-loop")
        defer { try? FileManager.default.removeItem(at: loopFolder) }
        try expectRefused(loop, loopServer, loopFolder, status: 69, message: "GET SERVER/api/v1/settings: the server redirected more than 5 times; stopped following")
        #expect(loopServer.requests.count == 6)
    }

    @Test("answers of any size, compression or pace stop at their bound, in bounded memory and time", arguments: [
        ("huge-body", 65, "the answer is larger than 16 MB, more than a page of events can be; stopped reading it"),
        ("endless-chunked", 65, "the answer is larger than 16 MB once decompressed, more than a page of events can be; stopped reading it"),
        ("gzip-bomb", 65, "the answer is larger than 16 MB once decompressed, more than a page of events can be; stopped reading it"),
        ("deflate-bomb", 65, "the answer is larger than 16 MB once decompressed, more than a page of events can be; stopped reading it"),
        ("empty-deflate", 65, "the answer is larger than 16 MB, more than a page of events can be; stopped reading it"),
        ("huge-headers", 65, "the answer's header lines are longer than 64 KB; stopped reading them"),
        ("drip-headers", 69, "no answer after 5 attempts (no whole answer within 1 s)"),
        ("drip-body", 69, "no answer after 5 attempts (no whole answer within 1 s)"),
    ])
    func bounded(mode: String, status: Int32, message: String) throws {
        let (run, server, folder) = try fetch(mode, ["--timeout", "1"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectRefused(run, server, folder, status: status, message: "GET SERVER/api/v1/settings: " + message)
        #expect(run.peakKilobytes < 100 * 1024, "peak memory \(run.peakKilobytes) KB")
        #expect(run.seconds < 30, "took \(run.seconds) s")
        // An answer past a size bound is not asked for again; one too slow is.
        #expect(server.requests.count == (status == 65 ? 1 : 5))
    }

    @Test("paging ends: endless cursors, a cursor of megabytes, Baby Buddy's next beyond its own count", arguments: [
        ("endless-cursor", [String](), "GET SERVER/api/v1/children/c1/events: more than 5,000 pages and the server still sends another cursor; stopped following it"),
        ("huge-cursor", [], "GET SERVER/api/v1/children/c1/events: the server sent a cursor of 5 MB; a cursor is a few dozen characters, so it was not followed"),
        ("bb-endless-next", ["--source", "babybuddy"], "GET SERVER/api/feedings/: more than 13 pages and the server still sends another cursor; stopped following it"),
    ])
    func paging(mode: String, extra: [String], message: String) throws {
        let (run, server, folder) = try fetch(mode, extra)
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectRefused(run, server, folder, status: 65, message: message)
        #expect(run.peakKilobytes < 100 * 1024, "peak memory \(run.peakKilobytes) KB")
        #expect(server.requests.count < 5_010)
    }

    @Test("Retry-After of any kind is read without a crash: absurd waits fail at once, unreadable ones use the backoff", arguments: [
        ("retry-after:Fri, 31 Dec 9999 23:59:59 GMT", "the server is limiting requests (429) and asks to wait ", 1),
        ("retry-after:inf", "the server is limiting requests (429) and kept doing so", 5),
        ("retry-after:1e308", "the server is limiting requests (429) and kept doing so", 5),
        ("retry-after:99999999999999999999999", "the server is limiting requests (429) and kept doing so", 5),
        ("retry-after:-5", "the server is limiting requests (429) and kept doing so", 5),
    ])
    func retryAfter(mode: String, message: String, requests: Int) throws {
        let (run, server, folder) = try fetch(mode)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: GET \(server.url.absoluteString)/api/v1/settings: " + message))
        if requests == 1 { #expect(run.stderr.contains(" days, longer than bbreport waits")) }
        #expect(server.requests.count == requests)
    }

    @Test("the server's words are shown cut short, without the token, escapes or line breaks")
    func serverWords() throws {
        let (run, server, folder) = try fetch("echo-token")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines[2].isEmpty && lines[1].hasPrefix("hint: "))
        let prefix = "error: GET \(server.url.absoluteString)/api/v1/settings: 400 Bad Request: "
        #expect(lines[0].hasPrefix(prefix + "token (token) rejected [2J [31m error: everything is fine xxx"))
        #expect(lines[0].count - prefix.count == 200 && lines[0].hasSuffix("x…"))
        #expect(!run.stderr.contains(Self.token) && !run.stderr.contains("Bearer"))
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D || $0.value == 0x202E })
    }

    @Test("a token the server puts into the data reaches no file: each copy is replaced")
    func tokenInData() throws {
        let (run, server, folder) = try fetch("token-in-data")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "warning: \(server.url.absoluteString): the server's data holds the API token 2 times; each copy was replaced with (token)\n")
        let written = try String(contentsOf: folder.appendingPathComponent("export.json"), encoding: .utf8)
        #expect(!written.contains(Self.token) && written.contains("\"name\":\"Ava (token)\""))
        let build = try runMeasured(["build", "--server", server.url.absoluteString, "-o", "archive", "-q"], in: folder, environment: environment)
        #expect(build.status == 0, "\(build.stderr)")
        let archive = try snapshot(of: folder.appendingPathComponent("archive"))
        #expect(!archive.isEmpty && archive.values.allSatisfy { $0.0.range(of: Data(Self.token.utf8)) == nil })
    }

    @Test("an id from the server never leads the token out of --server's path: it is one segment of the path")
    func idsStayUnderServer() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try HostileServer("child-id-traversal")
        let run = try runMeasured(["fetch", "--server", server.url.absoluteString + "/bb/", "-o", "export.json", "--retry-base", "0"],
                                  in: folder, environment: environment)
        let requests = server.requests
        #expect(requests.count >= 3 && requests.allSatisfy { $0.path.hasPrefix("/bb/api/v1/") }, "\(requests.map(\.path)) \(run.stderr)")
        #expect(requests.contains { $0.path.hasPrefix("/bb/api/v1/children/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fother-app%2Fcollect/events") })
    }

    @Test("fetch -o replaces only a regular file: a link, a pipe or a device is refused before the server is asked")
    func outputMustBeAFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try HostileServer("normal")
        try Data("mine".utf8).write(to: folder.appendingPathComponent("target.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "target.json")
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
        for (path, kind) in [("link.json", "a symbolic link"), ("pipe.json", "a named pipe (FIFO)"), ("/dev/null", "a character device")] {
            let run = try runMeasured(["fetch", "--server", server.url.absoluteString, "-o", path], in: folder, environment: environment)
            #expect(run.status == 64)
            #expect(run.stderr == "error: \(path): is \(kind); bbreport replaces only a regular file, so it was left as it is\nhint: give the path of a new file or of an export file with --output\n")
        }
        #expect(server.requests.isEmpty)
        #expect(try String(contentsOf: folder.appendingPathComponent("target.json"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.json").path) == "target.json")
    }

    @Test("a token file that cannot be a token says so, with its size or kind")
    func tokenFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big-token")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil, attributes: [.posixPermissions: 0o600]))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        #expect(mkfifo(folder.appendingPathComponent("pipe-token").path, 0o600) == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TOKEN"] = nil
        for (file, message) in [
            ("big-token", "big-token: the token file is 100 MB, but a token is one line of at most 4 KB; is it the right file?"),
            ("pipe-token", "pipe-token: the token file is a named pipe (FIFO); give a file that holds the token"),
        ] {
            let run = try runMeasured(["fetch", "--server", "http://127.0.0.1:9", "-o", "x.json", "--token-file", file], in: folder, environment: environment)
            #expect(run.status == 64)
            #expect(run.stderr == "error: \(message)\n")
            #expect(run.peakKilobytes < 100 * 1024)
        }
    }
}
