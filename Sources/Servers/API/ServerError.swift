import Export
import InputFiles
import Timekeeping

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
        /// A cursor (or Baby Buddy's `next`) longer than any real one.
        case cursorTooLong(bytes: Int)
        /// More pages of one endpoint than the data can fill.
        case tooManyPages(limit: Int)
        /// One answer past its limit, in bytes: once decompressed, on the wire, or its header lines.
        case tooLarge(limit: Int, part: AnswerPart)
        /// All answers of the fetch together past the limit, in bytes.
        case tooMuchData(limit: Int)
        /// A redirect to another scheme, host or port than `server`'s: not followed, so the
        /// token went nowhere else.
        case redirectedAway(to: String, server: String)
        /// Redirects on the same origin, more than this many for one request.
        case tooManyRedirects(Int)
        /// A request whose address (an id from the server in it) leads out of `--server`'s path.
        case outsideServer(path: String, server: String)
    }

    /// The part of an answer that went past its limit.
    public enum AnswerPart: Sendable, Equatable {
        case decompressed, received, headers
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
            "\(request): the server is limiting requests (429)" + (retryAfter.map { " and asks to wait \(Wait.text($0)), longer than bbreport waits" } ?? " and kept doing so")
        case .refused(let status, let message):
            "\(request): \(status) \(HTTPStatus.phrase(status))" + (message.map { ": \($0)" } ?? "")
        case .invalidResponse(let path, let message):
            path.isEmpty ? "\(request): \(message)" : "\(request): \(path): \(message)"
        case .cursorLoop(let cursor):
            "\(request): the server sent the cursor \"\(cursor)\" a second time; stopped following it"
        case .cursorTooLong(let bytes):
            "\(request): the server sent a cursor of \(FileInput.size(Int64(bytes))); a cursor is a few dozen characters, so it was not followed"
        case .tooManyPages(let limit):
            "\(request): more than \(Count.grouped(limit)) pages and the server still sends another cursor; stopped following it"
        case .tooLarge(let limit, .decompressed):
            "\(request): the answer is larger than \(FileInput.size(Int64(limit))) once decompressed, more than a page of events can be; stopped reading it"
        case .tooLarge(let limit, .received):
            "\(request): the answer is larger than \(FileInput.size(Int64(limit))), more than a page of events can be; stopped reading it"
        case .tooLarge(let limit, .headers):
            "\(request): the answer's header lines are longer than \(FileInput.size(Int64(limit))); stopped reading them"
        case .tooMuchData(let limit):
            "\(request): the server has sent more than \(FileInput.size(Int64(limit))) in all, more than any family's records (three years of two children are 5 MB); stopped"
        case .redirectedAway(let target, let server):
            "\(request): the server redirects to \(target), which is not \(server); the token is sent only to \(server), so nothing was sent there"
        case .tooManyRedirects(let count):
            "\(request): the server redirected more than \(count) times; stopped following"
        case .outsideServer(let path, let server):
            "\(request): the address leads to \(path), outside \(server); the token is sent only under \(server), so nothing was sent"
        }
    }
}

/// Lengths of waits in messages.
enum Wait {
    /// `120 s`, or `3 days` for a wait no one means.
    static func text(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds, 0), 1e15))
        return whole < 2 * 86_400 ? "\(whole) s" : "\(Count.grouped(whole / 86_400)) days"
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
