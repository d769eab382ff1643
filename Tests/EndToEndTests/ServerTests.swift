import APITestServer
import Foundation
import Testing

@Suite(.serialized) struct ServerCommandTests {
    static let token = "tok-e2e-5b1d7f-do-not-leak"

    /// The sample export (short, two children) and a server for it.
    func serve(in folder: URL) async throws -> (APITestServer, URL) {
        #expect(try await Tool.run(["sample", "--days", "30", "--seed", "5", "-o", "served.json"], in: folder).status == 0)
        let server = try APITestServer(exportFile: try Data(contentsOf: folder.appendingPathComponent("served.json")), token: Self.token)
        return (server, try await server.start())
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_TOKEN"] = Self.token
        return environment
    }

    /// Every byte bbreport wrote or printed: output, error, and the files under `folder`.
    func leaksToken(_ results: [Tool.Result], in folder: URL) throws -> [String] {
        var places = results.flatMap { [$0.stdout, $0.stderr] }.enumerated()
            .filter { $0.element.contains(Self.token) }.map { "output \($0.offset)" }
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            if let data = try? Data(contentsOf: url), data.range(of: Data(Self.token.utf8)) != nil {
                places.append(relative)
            }
        }
        return places
    }

    @Test("fetch then build gives byte-identical pages to build --server, and the same days.json as the served export")
    func fetchThenBuild() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, url) = try await serve(in: folder)
        defer { Task { await server.stop() } }
        let fetch = try await Tool.run(["fetch", "--server", url.absoluteString, "-o", "fetched.json"], in: folder, environment: environment)
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.hasPrefix("Fetched 2 children and "))
        #expect(fetch.stdout.hasSuffix(" → fetched.json\n"))
        let fromFile = try await Tool.run(["build", "fetched.json", "-o", "from-file", "-q"], in: folder, environment: environment)
        let fromServer = try await Tool.run(["build", "--server", url.absoluteString, "-o", "from-server", "-q"], in: folder, environment: environment)
        let served = try await Tool.run(["build", "served.json", "-o", "served", "-q"], in: folder, environment: environment)
        #expect(fromFile.status == 0 && fromServer.status == 0 && served.status == 0)
        let a = try snapshot(of: folder.appendingPathComponent("from-file")).mapValues(\.0)
        let b = try snapshot(of: folder.appendingPathComponent("from-server")).mapValues(\.0)
        let c = try snapshot(of: folder.appendingPathComponent("served")).mapValues(\.0)
        #expect(a.count > 50)
        #expect(a == b, "fetch + build differs from build --server")
        for child in ["ava/days.json", "leo/days.json"] {
            #expect(a[child] != nil && a[child] == c[child], "\(child) differs from the served export's")
        }
        #expect(try leaksToken([fetch, fromFile, fromServer], in: folder).isEmpty)
    }

    @Test("each fault ends with its exit status, writes nothing, and never shows the token", arguments: [
        ("401", 77, "the server rejected the token (401"), ("403", 77, "the server rejected the token (403"),
        ("500", 69, "the server failed with 500 Internal Server Error on all 5 attempts"),
        ("429", 69, "the server is limiting requests (429) and asks to wait 120 s"),
        ("malformed", 65, "the answer is not valid JSON"), ("loop", 65, "a second time; stopped following it"),
        ("404", 1, "404 Not Found"), ("unreachable", 69, "no answer after 5 attempts (connection refused)"),
    ])
    func faults(fault: String, status: Int32, message: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, served) = try await serve(in: folder)
        defer { Task { await server.stop() } }
        let url = fault == "unreachable" ? URL(string: "http://127.0.0.1:9")! : served
        /// Queues the fault for the next command (each command uses it up).
        func inject() async {
            switch fault {
            case "401": await server.inject(.status(401), on: "/api/v1/children")
            case "403": await server.inject(.status(403), on: "/api/v1/children")
            case "500": await server.inject(.status(500), times: 5, on: "/api/v1/children/")
            case "429": await server.inject(.tooManyRequests(retryAfter: "120"), on: "/api/v1/settings")
            case "malformed": await server.inject(.malformedJSON, on: "/api/v1/children/")
            case "loop": await server.injectOnEveryEventsPage(.endlessCursor)
            case "404": await server.inject(.status(404), on: "/api/v1/settings")
            default: break
            }
        }
        // A previous export file and archive, which a failure must leave as they were.
        try Data(HostileServerTests.previousExport.utf8).write(to: folder.appendingPathComponent("fetched.json"))
        #expect(try await Tool.run(["build", "served.json", "-o", "out", "-q"], in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))

        await inject()
        let fetch = try await Tool.run(["fetch", "--server", url.absoluteString, "-o", "fetched.json", "--retry-base", "0"], in: folder, environment: environment)
        #expect(fetch.status == status)
        #expect(fetch.stderr.contains(message), "\(fetch.stderr)")
        #expect(fetch.stderr.hasPrefix("error: GET \(url.absoluteString)/api/v1/"))
        #expect(try String(contentsOf: folder.appendingPathComponent("fetched.json"), encoding: .utf8) == HostileServerTests.previousExport)

        await inject()
        let build = try await Tool.run(["build", "--server", url.absoluteString, "-o", "out", "--retry-base", "0"], in: folder, environment: environment)
        #expect(build.status == status)
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.mapValues(\.0) == before.mapValues(\.0))
        #expect(after.mapValues(\.1) == before.mapValues(\.1))
        #expect(try leaksToken([fetch, build], in: folder).isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") || $0.contains("staging") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a fetch killed while it waits for the server leaves no file behind")
    func killed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, url) = try await serve(in: folder)
        defer { Task { await server.stop() } }
        await server.inject(.delay(seconds: 30), on: "/api/v1/children/")
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["fetch", "--server", url.absoluteString, "-o", "fetched.json"]
        process.currentDirectoryURL = folder
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until it is waiting on the events page, then kill it outright.
        for _ in 0..<100 where await !server.requests.contains(where: { $0.target.contains("/events") }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.sorted() == ["served.json"], "\(files)")
    }

    @Test("a token file readable by others is refused, and no token at all is a usage error")
    func tokenFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokenFile = folder.appendingPathComponent("token")
        try Data("\(Self.token)\n".utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
        var noToken = ProcessInfo.processInfo.environment
        noToken["BBREPORT_TOKEN"] = nil
        let shared = try Tool.run(["fetch", "--server", "http://127.0.0.1:9", "--token-file", "token", "-o", "x.json"], in: folder, environment: noToken)
        #expect(shared.status == 64)
        #expect(shared.stderr == "error: token: the token file can be read by other users (mode 644); run `chmod 600 token` and try again\n")
        let none = try Tool.run(["fetch", "--server", "http://127.0.0.1:9", "-o", "x.json"], in: folder, environment: noToken)
        #expect(none.status == 64)
        #expect(none.stderr == "error: no API token: set BBREPORT_TOKEN, or pass --token-file with a file that holds it\n")
        #expect(!shared.stderr.contains(Self.token))
    }
}
