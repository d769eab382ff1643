import APITestServer
import Foundation
import Sample
import Export
import Servers
import Testing
import Timekeeping

/// Records the waits the client asks for, without waiting.
actor WaitLog {
    private(set) var waits: [Double] = []
    func add(_ seconds: Double) { waits.append(seconds) }
}

@Suite(.serialized) struct ServerClientTests {
    static let token = "tok-3f9c2a-very-secret"
    static let document = SampleGenerator.document(SampleOptions(children: 2, days: 40, seed: 11))
    static let exportFile = try! ExportWriter.data(for: document)

    /// A server for the sample, a client for it with 5 attempts and a recorded 2 s base delay.
    func setUp(timeout: Double = 5) async throws -> (APITestServer, ServerClient, WaitLog) {
        let server = try APITestServer(exportFile: Self.exportFile, token: Self.token)
        let url = try await server.start()
        let log = WaitLog()
        let client = ServerClient(ServerAccess(server: url, token: ServerToken(Self.token), policy: RetryPolicy(attempts: 5, baseDelay: 2),
                                               timeout: timeout, sleep: { await log.add($0) }), pageSize: 100)
        return (server, client, log)
    }

    /// The events of `document` sorted by id (the server sends them child by child).
    func sorted(_ document: ExportDocument) -> [ExportEvent] {
        document.events.sorted { $0.id < $1.id }
    }

    @Test("a full paged fetch gives the served export: settings, children, every event, and its export time")
    func fullFetch() async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        let fetched = try await client.document()
        #expect(fetched.exportedAt == Self.document.exportedAt)
        #expect(fetched.settings == Self.document.settings)
        #expect(fetched.children == Self.document.children)
        #expect(sorted(fetched) == sorted(Self.document))
        let requests = await server.requests
        #expect(requests.count > 2 + 2 * 5, "paged: \(requests.count) requests")
        #expect(requests.allSatisfy { $0.authorization == "Bearer \(Self.token)" })
        #expect(requests.contains { $0.target.contains("cursor=c100") })
        #expect(await log.waits.isEmpty)
    }

    @Test("one huge page (the server ignores limit) is read whole")
    func hugePage() async throws {
        let (server, client, _) = try await setUp()
        defer { Task { await server.stop() } }
        await server.setOneHugePage()
        let fetched = try await client.document()
        #expect(sorted(fetched) == sorted(Self.document))
        #expect(await server.requests.count == 4)
    }

    @Test("failures that can pass are retried after 2, 4, 8 and 16 s, then given up", arguments: [
        (2, [2.0, 4.0], true), (4, [2.0, 4.0, 8.0, 16.0], true), (5, [2.0, 4.0, 8.0, 16.0], false),
    ])
    func backoff(failures: Int, waits: [Double], succeeds: Bool) async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        await server.inject(.status(500), times: failures, on: "/api/v1/children")
        do {
            _ = try await client.document()
            #expect(succeeds)
        } catch {
            #expect(!succeeds)
            #expect(error.reason == .serverFailed(status: 500, attempts: 5))
            #expect(error.description.hasSuffix("/api/v1/children: the server failed with 500 Internal Server Error on all 5 attempts"))
        }
        #expect(await log.waits == waits)
    }

    @Test("a timeout and a connection dropped mid-body are retried and then succeed")
    func networkFaults() async throws {
        let (server, client, log) = try await setUp(timeout: 1)
        defer { Task { await server.stop() } }
        await server.inject(.delay(seconds: 3), on: "/api/v1/settings")
        await server.inject(.dropMidBody, on: "/api/v1/children/")
        let fetched = try await client.document()
        #expect(sorted(fetched) == sorted(Self.document))
        #expect(await log.waits == [2, 2])
    }

    @Test("401 and 403 end at once: the token was rejected", arguments: [401, 403])
    func rejected(status: Int) async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        await server.inject(.status(status), on: "/api/v1/children")
        do {
            _ = try await client.document()
            Issue.record("succeeded")
        } catch {
            #expect(error.reason == .tokenRejected(status: status, message: "injected"))
        }
        #expect(await log.waits.isEmpty)
    }

    @Test("a wrong token is rejected, and no message ever holds a token")
    func wrongToken() async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        let wrong = ServerClient(ServerAccess(server: client.access.server, token: ServerToken("not-the-token"), sleep: { await log.add($0) }),
                                 pageSize: 100)
        do {
            _ = try await wrong.document()
            Issue.record("a wrong token was accepted")
        } catch {
            #expect(error.reason == .tokenRejected(status: 401, message: "missing or invalid token"))
            #expect(error.description.hasSuffix("/api/v1/settings: the server rejected the token (401 Unauthorized): missing or invalid token"))
            #expect(!error.description.contains("not-the-token") && !"\(error)".contains("not-the-token"))
        }
        #expect("\(ServerToken("not-the-token"))" == "(token)")
        #expect(await log.waits.isEmpty)
    }

    @Test("404, 400 and 409 are never retried", arguments: [400, 404, 409])
    func clientErrors(status: Int) async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        await server.inject(.status(status), on: "/api/v1/settings")
        do {
            _ = try await client.document()
            Issue.record("succeeded")
        } catch {
            #expect(error.reason == .refused(status: status, message: "injected"))
        }
        #expect(await log.waits.isEmpty)
        #expect(await server.requests.count == 1)
    }

    @Test("429 waits as long as Retry-After asks, up to the cap; longer fails at once", arguments: [
        ("3", [3.0], true), ("120", [], false),
    ])
    func tooManyRequests(retryAfter: String, waits: [Double], succeeds: Bool) async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        await server.inject(.tooManyRequests(retryAfter: retryAfter), on: "/api/v1/children")
        do {
            _ = try await client.document()
            #expect(succeeds)
        } catch {
            #expect(!succeeds)
            #expect(error.reason == .rateLimited(retryAfter: 120))
        }
        #expect(await log.waits == waits)
    }

    @Test("malformed JSON is an error naming the endpoint, not retried")
    func malformed() async throws {
        let (server, client, log) = try await setUp()
        defer { Task { await server.stop() } }
        await server.inject(.malformedJSON, on: "/api/v1/children/")
        do {
            _ = try await client.document()
            Issue.record("succeeded")
        } catch {
            guard case .invalidResponse(_, let message) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(message.hasPrefix("the answer is not valid JSON"))
            #expect(error.request.contains("/api/v1/children/") && error.request.hasSuffix("/events"))
        }
        #expect(await log.waits.isEmpty)
    }

    @Test("a cursor that comes back is detected and stopped")
    func cursorLoop() async throws {
        let (server, client, _) = try await setUp()
        defer { Task { await server.stop() } }
        await server.injectOnEveryEventsPage(.endlessCursor)
        do {
            _ = try await client.document()
            Issue.record("followed a loop to the end")
        } catch {
            #expect(error.reason == .cursorLoop(cursor: "c0"))
        }
        #expect(await server.requests.count < 10)
    }

    @Test("an unreachable server is tried 5 times, then named")
    func unreachable() async throws {
        let log = WaitLog()
        let client = ServerClient(ServerAccess(server: URL(string: "http://127.0.0.1:9")!, token: ServerToken(Self.token),
                                               sleep: { await log.add($0) }))
        do {
            _ = try await client.document()
            Issue.record("reached port 9")
        } catch {
            #expect(error.reason == .unreachable("connection refused", attempts: 5))
            #expect(error.description == "GET http://127.0.0.1:9/api/v1/settings: no answer after 5 attempts (connection refused)")
        }
        #expect(await log.waits == [2, 4, 8, 16])
    }
}

@Suite struct OpenAPIAgreementTests {
    /// The documented paths (templates) and the query parameters of each, read from
    /// docs/openapi.yaml's `paths:` section.
    static func documented() throws -> [String: Set<String>] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        var paths: [String: Set<String>] = [:]
        var current: String?
        for line in lines {
            if line.hasPrefix("components:") { break }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                current = String(line.dropFirst(2).dropLast())
                paths[current!] = []
            } else if let current, let range = line.range(of: #"name: (\w+), in: query"#, options: .regularExpression) {
                paths[current]!.insert(String(line[range].dropFirst("name: ".count).prefix { $0 != "," }))
            }
        }
        return paths
    }

    @Test("every request of a full fetch is a documented path with documented query parameters")
    func agree() async throws {
        let documented = try Self.documented()
        #expect(Set(documented.keys) == ["/api/v1/settings", "/api/v1/children", "/api/v1/children/{id}/events"])
        let server = try APITestServer(exportFile: ServerClientTests.exportFile, token: "t")
        let url = try await server.start()
        defer { Task { await server.stop() } }
        _ = try await ServerClient(ServerAccess(server: url, token: ServerToken("t")), pageSize: 50).document()
        for (target, _) in await server.requests {
            let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
            let template = documented.keys.first { template in
                let pattern = "^" + template.replacingOccurrences(of: "{id}", with: "[^/]+") + "$"
                return parts[0].range(of: pattern, options: .regularExpression) != nil
            }
            #expect(template != nil, "\(parts[0]) is not documented")
            let names = parts.count > 1 ? Set(parts[1].split(separator: "&").map { String($0.prefix { $0 != "=" }) }) : []
            #expect(names.isSubset(of: documented[template ?? ""] ?? []), "\(target) uses undocumented parameters")
        }
    }
}
