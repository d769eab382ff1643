import FlyingFox
import FlyingSocks
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The Baby Basics API (v1, as in docs/openapi.yaml) served on 127.0.0.1 from an export
/// file, with paging, a fixed `Date` (the export's own time), and faults on request.
/// It runs in its own process (`bbreport-test-server`), so that tests which block their
/// threads cannot starve it; tests drive it through ``APITestServer``.
public actor APIServer {
    /// What to do to the next matching requests instead of answering normally.
    public enum Fault: Sendable {
        /// Answer `status` (500, 401, 403, 404, …) with an error body.
        case status(Int)
        /// Answer 429 with this `Retry-After`.
        case tooManyRequests(retryAfter: String)
        /// Wait this long before answering.
        case delay(seconds: Double)
        /// Promise the whole body, send half, and close the connection.
        case dropMidBody
        /// Answer 200 with a body that is not JSON.
        case malformedJSON
        /// Events pages always point to the same next cursor.
        case endlessCursor
    }

    let export: [String: Any]
    let token: String
    private var faults: [(pathPrefix: String, fault: Fault)] = []
    private var everyEventsPageFault: Fault?
    private var server: HTTPServer?
    /// Ignore `limit` and send each child's events in one page.
    public var oneHugePage = false
    /// Seconds every API answer waits before it is sent, as a distant server would.
    public var latency = 0.0

    public func setLatency(_ seconds: Double) {
        latency = seconds
    }
    /// Every request seen: path with query, and the Authorization header.
    public private(set) var requests: [(target: String, authorization: String?)] = []

    /// Serves `exportFile` (a version-1 export), accepting only `Bearer <token>`.
    public init(exportFile: Data, token: String) throws {
        guard let export = try JSONSerialization.jsonObject(with: exportFile) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.export = export
        self.token = token
    }

    /// Starts listening on an ephemeral loopback port; returns the base URL.
    public func start() async throws -> URL {
        let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled, handler: ClosureHTTPHandler { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return try await self.answer(request)
        })
        self.server = server
        Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw CocoaError(.featureUnsupported) }
        return URL(string: "http://127.0.0.1:\(port)")!
    }

    public func stop() async {
        await server?.stop()
    }

    /// Queues `fault` for the next request whose path starts with `pathPrefix`, `times` times.
    public func inject(_ fault: Fault, times: Int = 1, on pathPrefix: String = "/api/v1/") {
        faults += Array(repeating: (pathPrefix, fault), count: times)
    }

    /// Applies `fault` to every events page from now on.
    public func injectOnEveryEventsPage(_ fault: Fault) {
        everyEventsPageFault = fault
    }

    // MARK: Answers

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.path.hasPrefix("/_test/") {
            return try control(request)
        }
        if latency > 0 {
            try await Task.sleep(for: .seconds(latency))
        }
        let target = request.path + (request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
        requests.append((target, request.headers[.authorization]))
        var fault: Fault?
        if let index = faults.firstIndex(where: { request.path.hasPrefix($0.pathPrefix) }) {
            fault = faults.remove(at: index).fault
        } else if request.path.hasSuffix("/events") {
            fault = everyEventsPageFault
        }
        switch fault {
        case .status(let status)?:
            return error(status, "injected")
        case .tooManyRequests(let retryAfter)?:
            var response = error(429, "slow down")
            response.headers[HTTPHeader("Retry-After")] = retryAfter
            return response
        case .delay(let seconds)?:
            try await Task.sleep(for: .seconds(seconds))
        case .malformedJSON?:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data("{\"events\": [oops".utf8))
        default:
            break
        }
        if export["feedings"] != nil {
            return try babyBuddyAnswer(request)
        }
        guard request.headers[.authorization] == "Bearer \(token)" else {
            return error(401, "missing or invalid token")
        }
        var body: Any
        switch request.path {
        case "/api/v1/settings":
            body = export["settings"] ?? [String: Any]()
        case "/api/v1/children":
            body = ["children": export["children"] ?? []]
        case let path where path.hasPrefix("/api/v1/children/") && path.hasSuffix("/events"):
            let childID = String(path.dropFirst("/api/v1/children/".count).dropLast("/events".count)).removingPercentEncoding ?? ""
            let all = (export["events"] as? [[String: Any]] ?? []).filter { $0["child_id"] as? String == childID }
            let limit = oneHugePage ? Int.max : Int(request.query["limit"] ?? "") ?? 100
            let offset = Int((request.query["cursor"] ?? "c0").dropFirst()) ?? 0
            let page = Array(all.dropFirst(offset).prefix(limit))
            var next: Any = NSNull()
            if offset + page.count < all.count { next = "c\(offset + page.count)" }
            if case .endlessCursor? = fault { next = "c\(offset)" }
            body = ["events": page, "next_cursor": next]
        default:
            return error(404, "no such endpoint")
        }
        let data = try JSONSerialization.data(withJSONObject: body, options: [.withoutEscapingSlashes])
        var headers: HTTPHeaders = [.contentType: "application/json"]
        headers[HTTPHeader("Date")] = httpDate
        if case .dropMidBody? = fault {
            return HTTPResponse(statusCode: .ok, headers: headers,
                                body: HTTPBodySequence(from: HalfThenFail(data: data), count: data.count))
        }
        return HTTPResponse(statusCode: .ok, headers: headers, body: data)
    }

    /// The test-only control endpoints: `/_test/inject?fault=…&times=…&on=…`,
    /// `/_test/every-events-page?fault=…`, `/_test/huge-page`, `/_test/requests`.
    private func control(_ request: HTTPRequest) throws -> HTTPResponse {
        switch request.path {
        case "/_test/inject":
            guard let fault = Fault(query: request.query) else { return error(400, "unknown fault") }
            inject(fault, times: Int(request.query["times"] ?? "") ?? 1, on: request.query["on"] ?? "/api/v1/")
        case "/_test/every-events-page":
            guard let fault = Fault(query: request.query) else { return error(400, "unknown fault") }
            injectOnEveryEventsPage(fault)
        case "/_test/huge-page":
            oneHugePage = true
        case "/_test/requests":
            let list = requests.map { ["target": $0.target, "authorization": $0.authorization ?? ""] }
            return HTTPResponse(statusCode: .ok, body: try JSONSerialization.data(withJSONObject: list))
        default:
            return error(404, "no such control")
        }
        return HTTPResponse(statusCode: .ok)
    }

    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        let body = #"{"error":{"code":"\#(status)","message":"\#(message)"}}"#
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status \(status)"),
                            headers: [.contentType: "application/json"], body: Data(body.utf8))
    }

    /// The export's `exported_at` as an HTTP date: the server's clock, frozen.
    var httpDate: String {
        let text = export["exported_at"] as? String ?? ""
        let parser = ISO8601DateFormatter()
        let date = parser.date(from: text) ?? Date(timeIntervalSince1970: 0)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

extension APIServer.Fault {
    /// The fault as query items for the control endpoint.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .status(let status): [URLQueryItem(name: "fault", value: "status"), URLQueryItem(name: "status", value: String(status))]
        case .tooManyRequests(let retryAfter): [URLQueryItem(name: "fault", value: "429"), URLQueryItem(name: "retry-after", value: retryAfter)]
        case .delay(let seconds): [URLQueryItem(name: "fault", value: "delay"), URLQueryItem(name: "seconds", value: String(seconds))]
        case .dropMidBody: [URLQueryItem(name: "fault", value: "drop")]
        case .malformedJSON: [URLQueryItem(name: "fault", value: "malformed")]
        case .endlessCursor: [URLQueryItem(name: "fault", value: "loop")]
        }
    }

    init?(query: [HTTPRequest.QueryItem]) {
        switch query["fault"] {
        case "status": self = .status(Int(query["status"] ?? "") ?? 500)
        case "429": self = .tooManyRequests(retryAfter: query["retry-after"] ?? "1")
        case "delay": self = .delay(seconds: Double(query["seconds"] ?? "") ?? 1)
        case "drop": self = .dropMidBody
        case "malformed": self = .malformedJSON
        case "loop": self = .endlessCursor
        default: return nil
        }
    }
}

/// A body that delivers its first half and then fails, so the server closes the
/// connection before the promised length arrived.
struct HalfThenFail: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let data: Data

    func makeAsyncIterator() -> Iterator {
        Iterator(remaining: Array(data.prefix(data.count / 2)))
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var remaining: [UInt8]

        mutating func next() async throws -> UInt8? {
            guard !remaining.isEmpty else { throw CocoaError(.fileReadUnknown) }
            return remaining.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !remaining.isEmpty else { throw CocoaError(.fileReadUnknown) }
            let chunk = Array(remaining.prefix(count))
            remaining.removeFirst(chunk.count)
            return chunk
        }
    }
}
