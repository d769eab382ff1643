import Foundation
import Timekeeping

/// Reads a family's data from the Baby Basics server API (v1) into an export document:
/// settings, children, and each child's events page by page, following `next_cursor`.
public struct ServerClient: Sendable {
    public let server: URL
    let token: ServerToken
    public var policy: RetryPolicy
    /// Seconds before a request without an answer is given up (and retried).
    public var timeout: Double
    /// The largest answer accepted.
    public var maximumBytes: Int
    /// Events asked for per page.
    public var pageSize: Int
    let transport: any HTTPTransport
    /// Waits between attempts; tests inject one that only records.
    let sleep: @Sendable (Double) async throws -> Void
    /// Our clock, used for `exported_at` only when the server sends no `Date`.
    let now: @Sendable () -> Instant

    public init(server: URL, token: ServerToken, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30,
                maximumBytes: Int = 64 << 20, pageSize: Int = 500, transport: any HTTPTransport = URLSessionTransport(),
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
                now: @escaping @Sendable () -> Instant = { Instant(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)) }) {
        self.server = server
        self.token = token
        self.policy = policy
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.pageSize = pageSize
        self.transport = transport
        self.sleep = sleep
        self.now = now
    }

    /// What has been fetched so far, for a progress line.
    public struct Progress: Sendable {
        public let child: String
        public let childIndex: Int
        public let children: Int
        public let pages: Int
        public let events: Int
    }

    /// Everything the server holds, as one export document. `exported_at` is the time of
    /// the server's first answer (its `Date` header), so that two fetches of the same
    /// data give the same document.
    public func document(progress: (Progress) -> Void = { _ in }) async throws(ServerError) -> ExportDocument {
        let (settingsAnswer, settings) = try await fetch("/api/v1/settings", as: ExportSettings.self)
        let exportedAt = settingsAnswer.headers["date"].flatMap(HTTPDate.instant(from:)) ?? now()
        let (_, childrenResponse) = try await fetch("/api/v1/children", as: ChildrenResponse.self)
        var events: [ExportEvent] = []
        for (index, child) in childrenResponse.children.enumerated() {
            var cursor: String?
            var seen: Set<String> = []
            var pages = 0
            var count = 0
            var emptyPagesInARow = 0
            repeat {
                var query = [URLQueryItem(name: "limit", value: String(pageSize))]
                if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
                let path = "/api/v1/children/\(child.id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? child.id)/events"
                let (_, page) = try await fetch(path, query: query, as: EventsResponse.self)
                pages += 1
                count += page.events.count
                events += page.events
                progress(Progress(child: child.name, childIndex: index, children: childrenResponse.children.count, pages: pages, events: count))
                emptyPagesInARow = page.events.isEmpty ? emptyPagesInARow + 1 : 0
                if let next = page.nextCursor {
                    // A cursor seen before, or page after empty page, would go on forever.
                    guard seen.insert(next).inserted, emptyPagesInARow < 3 else {
                        throw ServerError(request: request(path), reason: .cursorLoop(cursor: next))
                    }
                }
                cursor = page.nextCursor
            } while cursor != nil
        }
        return ExportDocument(exportedAt: exportedAt, settings: settings, children: childrenResponse.children, events: events)
    }

    /// `GET path`, retried as the policy says, decoded as `T`.
    func fetch<T: Decodable>(_ path: String, query: [URLQueryItem] = [], as type: T.Type) async throws(ServerError) -> (HTTPAnswer, T) {
        let answer = try await get(path, query: query)
        do {
            return (answer, try JSONDecoding.decode(T.self, from: answer.body))
        } catch {
            let message = error.isSyntax ? "the answer is not valid JSON" + (error.syntaxLocation.map { " (\($0))" } ?? "") : error.message
            throw ServerError(request: request(path), reason: .invalidResponse(path: error.path, message: message))
        }
    }

    func get(_ path: String, query: [URLQueryItem]) async throws(ServerError) -> HTTPAnswer {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        let url = components.url!
        let headers = ["Authorization": "Bearer \(token.value)", "Accept": "application/json"]
        let name = request(path)
        var lastFailure = ""
        for attempt in 1...policy.attempts {
            let answer: HTTPAnswer
            do {
                answer = try await transport.get(url, headers: headers, timeout: timeout)
            } catch {
                lastFailure = Self.describe(error)
                try await wait(policy.delay(after: attempt), unless: attempt == policy.attempts)
                continue
            }
            switch answer.status {
            case 200..<300:
                guard answer.body.count <= maximumBytes else {
                    throw ServerError(request: name, reason: .tooLarge(bytes: answer.body.count))
                }
                return answer
            case 401, 403:
                throw ServerError(request: name, reason: .tokenRejected(status: answer.status, message: Self.message(in: answer)))
            case 429:
                let retryAfter = answer.headers["retry-after"].flatMap(Self.seconds(retryAfter:))
                if let retryAfter, retryAfter > policy.retryAfterCap {
                    throw ServerError(request: name, reason: .rateLimited(retryAfter: retryAfter))
                }
                guard attempt < policy.attempts else { throw ServerError(request: name, reason: .rateLimited(retryAfter: nil)) }
                try await wait(retryAfter ?? policy.delay(after: attempt), unless: false)
            case 500...:
                guard attempt < policy.attempts else {
                    throw ServerError(request: name, reason: .serverFailed(status: answer.status, attempts: attempt))
                }
                try await wait(policy.delay(after: attempt), unless: false)
            default:
                throw ServerError(request: name, reason: .refused(status: answer.status, message: Self.message(in: answer)))
            }
        }
        throw ServerError(request: name, reason: .unreachable(lastFailure, attempts: policy.attempts))
    }

    private func wait(_ seconds: Double, unless last: Bool) async throws(ServerError) {
        guard !last else { return }
        do {
            try await sleep(seconds)
        } catch {
            throw ServerError(request: server.absoluteString, reason: .unreachable("cancelled", attempts: 0))
        }
    }

    /// `GET http://host/api/v1/children`, for messages (no query, never the token).
    func request(_ path: String) -> String {
        "GET " + server.appendingPathComponent(path).absoluteString
    }

    /// The server's `{ "error": { "message" } }`, when it sent one.
    static func message(in answer: HTTPAnswer) -> String? {
        (try? JSONDecoder().decode(ErrorResponse.self, from: answer.body))?.message
    }

    /// `Retry-After` as seconds: a number, or an HTTP date (counted from now).
    static func seconds(retryAfter: String) -> Double? {
        if let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)) { return max(0, seconds) }
        guard let date = HTTPDate.instant(from: retryAfter) else { return nil }
        return max(0, Double(date.milliseconds) / 1000 - Date().timeIntervalSince1970)
    }

    /// A failure to get an answer, in a few words.
    static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return (error as NSError).localizedDescription }
        switch urlError.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "no such host"
        case .networkConnectionLost: return "connection dropped"
        case .notConnectedToInternet: return "no network"
        default: return urlError.localizedDescription
        }
    }
}

/// HTTP dates: `Sun, 22 Nov 2026 04:00:00 GMT`.
enum HTTPDate {
    static func instant(from text: String) -> Instant? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return Instant(milliseconds: Int64(date.timeIntervalSince1970 * 1000))
    }
}
