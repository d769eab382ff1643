import Export
import Foundation

/// The HTTP layer both API adapters share (Baby Basics, Baby Buddy), and the morning
/// message's (``Notifier``): requests to one server with an `Authorization` header, retried as the policy says, every answer bounded
/// (a deadline over the whole answer, its size on the wire and once decompressed, and all
/// answers of a fetch together), and bodies decoded with the export file's field readers.
/// The token goes to the `--server` origin only: a redirect elsewhere is an error, a
/// redirect on the same origin is followed a few times. Errors say the request (never the
/// token) and what went wrong, in the server's own words cleaned of anything unsafe.
final class APIConnection: @unchecked Sendable {
    let server: URL
    /// The whole `Authorization` header value (`Bearer …`, `Token …`), when there is a token.
    private let authorization: String?
    let policy: RetryPolicy
    let limits: HTTPLimits
    /// The most bytes all answers of one fetch may hold together.
    let maximumTotalBytes: Int
    let transport: any HTTPTransport
    let sleep: @Sendable (Double) async throws -> Void
    /// How to show what the server says.
    let words: ServerWords

    /// Same-origin redirects followed for one request.
    static let maximumRedirects = 5

    private let lock = NSLock()
    private var received = 0

    init(server: URL, authorization: String?, token: String?, policy: RetryPolicy, limits: HTTPLimits, maximumTotalBytes: Int,
         transport: any HTTPTransport, sleep: @escaping @Sendable (Double) async throws -> Void) {
        self.server = server
        self.authorization = authorization
        self.policy = policy
        self.limits = limits
        self.maximumTotalBytes = maximumTotalBytes
        self.transport = transport
        self.sleep = sleep
        self.words = ServerWords(secrets: [authorization, token].compactMap { $0 })
    }

    /// `GET path`, retried as the policy says, decoded as `T`.
    func fetch<T: Decodable>(_ path: String, query: [URLQueryItem] = [], as type: T.Type) async throws(ServerError) -> (HTTPAnswer, T) {
        let answer = try await get(path, query: query)
        do {
            return (answer, try JSONDecoding.decode(T.self, from: answer.body))
        } catch {
            let message = error.kind == .value ? error.message : "the answer is " + error.message + (error.location.map { " (\($0))" } ?? "")
            throw ServerError(request: request(path), reason: .invalidResponse(path: error.path, message: words.clean(message)))
        }
    }

    func get(_ path: String, query: [URLQueryItem]) async throws(ServerError) -> HTTPAnswer {
        var components = URLComponents(url: address(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        let url = components.url!
        let name = request(path)
        guard isUnderServer(url) else {
            throw ServerError(request: name, reason: .outsideServer(path: words.clean(Self.resolvedPath(url)), server: server.absoluteString))
        }
        let headers = authorizing(["Accept": "application/json"])
        return try await exchange(url, name: name) { [transport, limits] url throws(HTTPFailure) in
            try await transport.get(url, headers: headers, limits: limits)
        }
    }

    /// `POST` of `body`, of `type`, with `fields` among its headers, to the server's address
    /// itself, retried and redirected as a `GET` is.
    func post(_ body: Data, type: String, fields: [String: String] = [:]) async throws(ServerError) -> HTTPAnswer {
        let headers = authorizing(fields.merging(["Content-Type": type]) { _, type in type })
        return try await exchange(server, name: "POST " + server.absoluteString) { [transport, limits] url throws(HTTPFailure) in
            try await transport.post(url, headers: headers, body: body, limits: limits)
        }
    }

    /// `headers` with the `Authorization` header, when there is a token.
    private func authorizing(_ headers: [String: String]) -> [String: String] {
        var headers = headers
        if let authorization { headers["Authorization"] = authorization }
        return headers
    }

    /// One request to `url`, called `name` in messages, sent by `send` as often as the
    /// policy allows: a failure to get an answer and a 5xx are tried again, a 429 after the
    /// wait it asks for, a redirect on the server's origin and under its path followed.
    private func exchange(_ url: URL, name: String, send: (URL) async throws(HTTPFailure) -> HTTPAnswer) async throws(ServerError) -> HTTPAnswer {
        var url = url
        var redirects = 0
        var attempt = 1
        var lastFailure = ""
        while attempt <= policy.attempts {
            let answer: HTTPAnswer
            do {
                answer = try await send(url)
            } catch {
                guard error.isTransient else { throw ServerError(request: name, reason: Self.reason(for: error)) }
                lastFailure = describe(error)
                try await wait(policy.delay(after: attempt), unless: attempt == policy.attempts)
                attempt += 1
                continue
            }
            switch answer.status {
            case 200..<300:
                try count(answer.body.count, name)
                return answer
            case 301, 302, 303, 307, 308:
                url = try redirect(answer, from: url, name)
                redirects += 1
                guard redirects <= Self.maximumRedirects else {
                    throw ServerError(request: name, reason: .tooManyRedirects(Self.maximumRedirects))
                }
                continue
            case 401, 403:
                throw ServerError(request: name, reason: .tokenRejected(status: answer.status, message: message(in: answer)))
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
                throw ServerError(request: name, reason: .refused(status: answer.status, message: message(in: answer)))
            }
            attempt += 1
        }
        throw ServerError(request: name, reason: .unreachable(lastFailure, attempts: policy.attempts))
    }

    /// Where a redirect leads, when that is on the server's own origin; an error otherwise.
    private func redirect(_ answer: HTTPAnswer, from url: URL, _ name: String) throws(ServerError) -> URL {
        guard let location = answer.headers["location"], !location.isEmpty else {
            throw ServerError(request: name, reason: .refused(status: answer.status, message: "a redirect with no Location"))
        }
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL, Self.origin(of: target) == Self.origin(of: server) else {
            throw ServerError(request: name, reason: .redirectedAway(to: words.clean(location), server: Self.origin(of: server) ?? server.absoluteString))
        }
        guard isUnderServer(target) else {
            throw ServerError(request: name, reason: .outsideServer(path: words.clean(Self.resolvedPath(target)), server: server.absoluteString))
        }
        return target
    }

    /// The server's address with `path` (percent-encoded already: an id in it is one
    /// segment, see ``ServerClient/segment(_:)``) after its own path.
    func address(_ path: String) -> URL {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        var base = components.percentEncodedPath
        while base.hasSuffix("/") { base.removeLast() }
        components.percentEncodedPath = base + "/" + path.drop { $0 == "/" }
        return components.url ?? server
    }

    /// Whether `url` is on the server's origin and under its path, once its dot segments are
    /// resolved as the HTTP library resolves them before sending (`/api/../../other/`).
    func isUnderServer(_ url: URL) -> Bool {
        Self.isUnder(url, server: server)
    }

    static func isUnder(_ url: URL, server: URL) -> Bool {
        guard origin(of: url) == origin(of: server) else { return false }
        var base = resolvedPath(server)
        if !base.hasSuffix("/") { base += "/" }
        return (resolvedPath(url) + "/").hasPrefix(base)
    }

    /// `url`'s path as sent: `.` and `..` segments resolved (written plainly or as `%2E`).
    static func resolvedPath(_ url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            switch segment.replacingOccurrences(of: "%2E", with: ".", options: .caseInsensitive) {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// `https://host:443`: scheme, host and port, with the scheme's default port spelled out.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// Adds an answer's bytes to the fetch's total; throws past the limit.
    private func count(_ bytes: Int, _ name: String) throws(ServerError) {
        let total = lock.withLock {
            received += bytes
            return received
        }
        guard total <= maximumTotalBytes else {
            throw ServerError(request: name, reason: .tooMuchData(limit: maximumTotalBytes))
        }
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
        "GET " + address(path).absoluteString
    }

    /// The server's own words in an error answer: Baby Basics' `{ "error": { "message" } }`
    /// or Django REST framework's `{ "detail": "…" }`, cleaned for printing.
    func message(in answer: HTTPAnswer) -> String? {
        guard answer.body.count <= 64 * 1024 else { return nil }
        let text = (try? JSONDecoder().decode(ErrorResponse.self, from: answer.body))?.message
            ?? (try? JSONDecoder().decode(DetailResponse.self, from: answer.body))?.detail
        return text.map(words.clean)
    }

    /// `Retry-After` as seconds: a whole number (RFC 9110), or an HTTP date (counted from now).
    static func seconds(retryAfter: String) -> Double? {
        let text = retryAfter.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.count <= 12, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Double(text)
        }
        guard let date = HTTPDate.instant(from: text) else { return nil }
        return max(0, Double(date.milliseconds) / 1000 - Date().timeIntervalSince1970)
    }

    /// A failure to get an answer, in a few words.
    func describe(_ failure: HTTPFailure) -> String {
        switch failure {
        case .timedOut: "no whole answer within \(Self.seconds(limits.deadline))"
        case .refused: "connection refused"
        case .noSuchHost: "no such host"
        case .dropped: "connection dropped"
        default: "\(failure)"
        }
    }

    /// The reason for a failure that trying again will not mend.
    static func reason(for failure: HTTPFailure) -> ServerError.Reason {
        switch failure {
        case .bodyTooLarge(let limit): .tooLarge(limit: limit, part: .decompressed)
        case .receivedTooMuch(let limit): .tooLarge(limit: limit, part: .received)
        case .headersTooLarge(let limit): .tooLarge(limit: limit, part: .headers)
        case .badEncoding(let detail): .invalidResponse(path: "", message: "the answer's compression is broken (\(detail))")
        case .tls(let detail): .unreachable("TLS: \(detail)", attempts: 1)
        case .cancelled: .unreachable("cancelled", attempts: 0)
        case .other(let detail): .unreachable(detail, attempts: 1)
        case .timedOut, .refused, .noSuchHost, .dropped: .unreachable("\(failure)", attempts: 1)
        }
    }

    /// `30 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// `{ "detail": "Invalid token." }`, Django REST framework's error body.
struct DetailResponse: Decodable {
    let detail: String
}
