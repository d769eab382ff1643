import Foundation

/// The HTTP layer both API adapters share (Baby Basics, Baby Buddy): GET requests to one
/// server with an `Authorization` header, retried as the policy says, answers checked for
/// size and status, and bodies decoded with the export file's field readers. Errors say
/// the request (never the token) and what went wrong.
struct APIConnection: Sendable {
    let server: URL
    /// The whole `Authorization` header value (`Bearer …`, `Token …`).
    let authorization: String
    let policy: RetryPolicy
    let timeout: Double
    let maximumBytes: Int
    let transport: any HTTPTransport
    let sleep: @Sendable (Double) async throws -> Void

    /// `GET path`, retried as the policy says, decoded as `T`.
    func fetch<T: Decodable>(_ path: String, query: [URLQueryItem] = [], as type: T.Type) async throws(ServerError) -> (HTTPAnswer, T) {
        let answer = try await get(path, query: query)
        do {
            return (answer, try JSONDecoding.decode(T.self, from: answer.body))
        } catch {
            let message = error.kind == .value ? error.message : "the answer is " + error.message + (error.location.map { " (\($0))" } ?? "")
            throw ServerError(request: request(path), reason: .invalidResponse(path: error.path, message: message))
        }
    }

    func get(_ path: String, query: [URLQueryItem]) async throws(ServerError) -> HTTPAnswer {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        let url = components.url!
        let headers = ["Authorization": authorization, "Accept": "application/json"]
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

    /// The server's own words in an error answer: Baby Basics' `{ "error": { "message" } }`
    /// or Django REST framework's `{ "detail": "…" }`.
    static func message(in answer: HTTPAnswer) -> String? {
        (try? JSONDecoder().decode(ErrorResponse.self, from: answer.body))?.message
            ?? (try? JSONDecoder().decode(DetailResponse.self, from: answer.body))?.detail
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

/// `{ "detail": "Invalid token." }`, Django REST framework's error body.
struct DetailResponse: Decodable {
    let detail: String
}
