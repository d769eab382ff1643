import Foundation
import Testing

/// The webhook of `Fixtures/notify-server.py` in its own process: answering as its mode
/// says, with a second listener, elsewhere, that no message may ever reach.
final class NotifyServer {
    let url: URL
    private let process: Process
    private let log: URL
    private let folder: URL

    init(_ mode: String) throws {
        let started = try FixtureServer.start("notify-server.py", mode, announcing: ["listening on ", "elsewhere on "])
        (process, log, folder, url) = (started.process, started.log, started.folder, started.urls[0])
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    struct Request: Decodable {
        let listener: String
        let method: String
        let path: String
        let headers: [String: String]
        let body: String
    }

    /// Every request either listener has seen, in order.
    var requests: [Request] {
        let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { $0.hasPrefix("{") }.compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }
}

/// `build --notify URL`: one message per build that changed something, in the family's
/// language, to the URL given only; a webhook that fails, hangs or sends the message
/// elsewhere leaves the archive built, exit 0 and a warning.
@Suite struct MorningMessageTests {
    static let token = "tk-notify-7c2e-test-secret"

    static func environment(token: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_NOTIFY_TOKEN"] = token
        return environment
    }

    /// `text` with the no-break spaces of times and figures as plain ones.
    static func plainSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// A folder with this morning's export in it.
    static func folder() throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: MorningAfterTests.morning, toPath: folder.appendingPathComponent("export.json").path)
        return folder
    }

    @Test func sentOncePerChangedBuildAndNotForANoOp() throws {
        let server = try NotifyServer("ok")
        let folder = try Self.folder()
        let build = ["build", "export.json", "-o", "archive", "--notify", server.url.absoluteString]
        let first = try Tool.run(build, in: folder, environment: Self.environment(token: Self.token))
        #expect(first.status == 0, "\(first.stderr)")
        // Sunday began 30 minutes before the export and has nothing yet: nothing to say of it.
        #expect(first.stderr.isEmpty, "\(first.stderr)")
        let message = try #require(server.requests.first)
        let body = Self.plainSpaces(message.body)
        #expect(server.requests.count == 1)
        #expect(message.listener == "main" && message.method == "POST" && message.path == "/bbreport-test")
        #expect(message.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(message.headers["authorization"] == "Bearer \(Self.token)")
        #expect(message.headers["title"] == "Baby Basics report")
        #expect(body.hasPrefix("Mia · the night of Saturday, November 21, 2026\n"))
        #expect(body.contains("Night: 7:20 PM to 6:40 AM, 10h 50m asleep; longest stretch 6h 30m."))
        #expect(body.contains("Woke once in the night."))
        #expect(body.contains("Feeds since 6:00 PM: 3 feeds."))
        #expect(body.contains("To discuss with the doctor:\n– 38.4 °C at 2:05 AM"))
        // The same export again: nothing changed, nothing sent.
        let again = try Tool.run(build, in: folder, environment: Self.environment(token: Self.token))
        #expect(again.status == 0 && again.stdout.hasPrefix("Up to date"), "\(again.stdout)\(again.stderr)")
        #expect(server.requests.count == 1)
        // The next morning's export, one diaper more: one message more.
        var export = try String(contentsOf: folder.appendingPathComponent("export.json"), encoding: .utf8)
        export = export.replacingOccurrences(of: "\"2026-11-22T07:30:00-06:00\"", with: "\"2026-11-22T08:30:00-06:00\"")
            .replacingOccurrences(of: "  ]\n}", with: ",\n    { \"id\": \"m15\", \"child_id\": \"c-mia\", \"type\": \"diaper\", \"occurred_at\": \"2026-11-22T08:00:00-06:00\", \"diaper_type\": \"poop\" }\n  ]\n}")
        try export.write(to: folder.appendingPathComponent("export.json"), atomically: true, encoding: .utf8)
        let next = try Tool.run(build, in: folder, environment: Self.environment(token: Self.token))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(server.requests.count == 2)
        // The token was in no output.
        for run in [first, again, next] { #expect(!(run.stdout + run.stderr).contains(Self.token)) }
    }

    @Test func asJSONInTheFamilysLanguage() throws {
        let server = try NotifyServer("ok")
        let folder = try Self.folder()
        let run = try Tool.run(["build", "export.json", "-o", "archive", "-q", "--language", "fr", "--notify", server.url.absoluteString,
                                "--notify-format", "json"], in: folder, environment: Self.environment())
        #expect(run.status == 0, "\(run.stderr)")
        let message = try #require(server.requests.first)
        #expect(message.headers["content-type"] == "application/json")
        // ntfy's title, encoded as RFC 2047 says where it is not ASCII.
        #expect(message.headers["title"] == "Rapport Baby Basics")
        // No token given: none sent.
        #expect(message.headers["authorization"] == nil)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(message.body.utf8)) as? [String: Any])
        #expect(body["exported_at"] as? String == "2026-11-22T07:30:00-06:00")
        #expect((body["message"] as? String)?.contains("Mia · la nuit du samedi 21 novembre 2026") == true)
        let child = try #require((body["children"] as? [[String: Any]])?.first)
        #expect(child["id"] as? String == "c-mia" && child["name"] as? String == "Mia")
        let discuss = try #require(child["discuss"] as? [String])
        #expect(discuss.count == 1 && Self.plainSpaces(discuss[0]).hasPrefix("38,4 °C à 02:05"), "\(discuss)")
    }

    @Test func fromTheConfigurationFile() throws {
        let server = try NotifyServer("ok")
        let folder = try Self.folder()
        let tokenFile = folder.appendingPathComponent("notify.token")
        try Data((Self.token + "\n").utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let config = "input: export.json\noutput: archive\nnotify: \(server.url.absoluteString)\nnotify_format: json\nnotify_token_file: notify.token\n"
        try Data(config.utf8).write(to: folder.appendingPathComponent("family.yaml"))
        let run = try Tool.run(["build", "--config", "family.yaml", "-q"], in: folder, environment: Self.environment())
        #expect(run.status == 0, "\(run.stderr)")
        let message = try #require(server.requests.first)
        #expect(message.headers["content-type"] == "application/json")
        #expect(message.headers["authorization"] == "Bearer \(Self.token)")
    }

    /// A build whose message cannot go: the archive is built, exit 0, and a warning says so.
    func expectBuiltWithWarning(_ mode: String, _ extra: [String] = []) throws -> (Tool.Result, NotifyServer) {
        let server = try NotifyServer(mode)
        let folder = try Self.folder()
        let run = try Tool.run(["build", "export.json", "-o", "archive", "-q", "--notify", server.url.absoluteString, "--retry-base", "0"] + extra,
                               in: folder, environment: Self.environment(token: Self.token))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("archive/mia/2026/11/21.html").path))
        #expect(run.stderr.hasPrefix("warning: the morning message was not sent: POST \(server.url.absoluteString)"), "\(run.stderr)")
        #expect(run.stderr.contains("hint: the archive is built"))
        #expect(!run.stderr.contains(Self.token))
        return (run, server)
    }

    @Test func aFailingWebhookIsTriedAsTheAPIIsThenWarnedOf() throws {
        let (run, server) = try expectBuiltWithWarning("fail")
        #expect(run.stderr.contains("the server failed with 500 Internal Server Error on all 5 attempts"), "\(run.stderr)")
        #expect(server.requests.count == 5)
    }

    @Test func aHangingWebhookEndsAtTheTimeout() throws {
        let started = Date()
        let (run, server) = try expectBuiltWithWarning("hang", ["--timeout", "1"])
        #expect(run.stderr.contains("no answer after 5 attempts"), "\(run.stderr)")
        // Each attempt reaches the webhook unless the machine is too slow to send it within the second.
        #expect((1...5).contains(server.requests.count))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aRedirectElsewhereIsNotFollowed() throws {
        let (run, server) = try expectBuiltWithWarning("redirect")
        #expect(run.stderr.contains("the server redirects to http://127.0.0.1:"), "\(run.stderr)")
        #expect(server.requests.map(\.listener) == ["main"])
    }

    @Test func aTokenFileOthersCanReadIsRefusedBeforeTheBuild() throws {
        let folder = try Self.folder()
        let tokenFile = folder.appendingPathComponent("notify.token")
        try Data(Self.token.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
        let run = try Tool.run(["build", "export.json", "-o", "archive", "--notify", "http://127.0.0.1:9/x", "--notify-token-file", "notify.token"],
                               in: folder, environment: Self.environment())
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("notify.token"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("archive").path))
        let without = try Tool.run(["build", "export.json", "-o", "archive", "--notify-format", "json"], in: folder)
        #expect(without.status == 64 && without.stderr.contains("no --notify URL"), "\(without.stderr)")
    }

    @Test func anEncryptedArchiveTellsNothingOfTheFamily() throws {
        let server = try NotifyServer("ok")
        let folder = try Self.folder()
        var environment = EncryptedArchiveTests.environment()
        environment["BBREPORT_NOTIFY_TOKEN"] = Self.token
        let run = try Tool.run(["build", "export.json", "-o", "archive", "-q", "--encrypt", "--notify", server.url.absoluteString], in: folder,
                               environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let archive = folder.appendingPathComponent("archive")
        for name in ["status.json", "feed.xml"] {
            #expect(!FileManager.default.fileExists(atPath: archive.appendingPathComponent(name).path), "\(name)")
        }
        let message = try #require(server.requests.first)
        #expect(message.body == "The encrypted archive was built again from the export of Sun, Nov 22, 7:30 AM.\n")
    }
}
