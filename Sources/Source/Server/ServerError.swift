/// Why the server's data could not be fetched. No message ever contains the token.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// The request that failed, e.g. `GET http://127.0.0.1:8080/api/v1/children`.
    public let request: String
    public let reason: Reason

    public enum Reason: Sendable, Equatable {
        /// No answer after every attempt: refused, unreachable, timed out, dropped.
        case unreachable(String, attempts: Int)
        /// 5xx after every attempt.
        case serverFailed(status: Int, attempts: Int)
        /// 401 or 403: the token was not accepted.
        case tokenRejected(status: Int, message: String?)
        /// 429 asking for a wait longer than the cap, or still 429 after every attempt.
        case rateLimited(retryAfter: Double?)
        /// Another 4xx, never retried.
        case refused(status: Int, message: String?)
        /// The answer is not the JSON the API promises.
        case invalidResponse(path: String, message: String)
        /// `next_cursor` came back to a cursor already followed.
        case cursorLoop(cursor: String)
        /// The answer is larger than any page should be.
        case tooLarge(bytes: Int)
    }

    public init(request: String, reason: Reason) {
        self.request = request
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unreachable(let detail, let attempts):
            "\(request): no answer after \(attempts) \(attempts == 1 ? "attempt" : "attempts") (\(detail))"
        case .serverFailed(let status, let attempts):
            "\(request): the server failed with \(status) \(HTTPStatus.phrase(status)) on all \(attempts) attempts"
        case .tokenRejected(let status, let message):
            "\(request): the server rejected the token (\(status) \(HTTPStatus.phrase(status)))" + (message.map { ": \($0)" } ?? "")
        case .rateLimited(let retryAfter):
            "\(request): the server is limiting requests (429)" + (retryAfter.map { " and asks to wait \(Int($0)) s, longer than bbreport waits" } ?? " and kept doing so")
        case .refused(let status, let message):
            "\(request): \(status) \(HTTPStatus.phrase(status))" + (message.map { ": \($0)" } ?? "")
        case .invalidResponse(let path, let message):
            path.isEmpty ? "\(request): \(message)" : "\(request): \(path): \(message)"
        case .cursorLoop(let cursor):
            "\(request): the server sent the cursor \"\(cursor)\" a second time; stopped following it"
        case .tooLarge(let bytes):
            "\(request): the answer is \(bytes / 1_048_576) MB, more than a page of events can be"
        }
    }
}

/// Reason phrases for the statuses the API uses.
enum HTTPStatus {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status >= 500 ? "Server Error" : "Client Error"
        }
    }
}
