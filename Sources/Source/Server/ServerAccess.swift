import Foundation
import Timekeeping

/// Where a server is and how patiently to talk to it, whatever its API: both adapters
/// (Baby Basics, Baby Buddy) are made from one of these.
public struct ServerAccess: Sendable {
    public let server: URL
    let token: ServerToken
    public var policy: RetryPolicy
    /// Seconds before a request without an answer is given up (and retried).
    public var timeout: Double
    /// The largest answer accepted.
    public var maximumBytes: Int
    let transport: any HTTPTransport
    /// Waits between attempts; tests inject one that only records.
    let sleep: @Sendable (Double) async throws -> Void
    /// Our clock, used for `exported_at` only when the server sends no `Date`.
    let now: @Sendable () -> Instant

    public init(server: URL, token: ServerToken, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30,
                maximumBytes: Int = 64 << 20, transport: any HTTPTransport = URLSessionTransport(),
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
                now: @escaping @Sendable () -> Instant = { Instant(milliseconds: Int64(Date().timeIntervalSince1970 * 1000)) }) {
        self.server = server
        self.token = token
        self.policy = policy
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.transport = transport
        self.sleep = sleep
        self.now = now
    }

    /// The export time of a fetch: the server's `Date` on `answer`, so two fetches of the
    /// same data agree; our clock only when the server sends none.
    func exportTime(of answer: HTTPAnswer) -> Instant {
        answer.headers["date"].flatMap(HTTPDate.instant(from:)) ?? now()
    }

    /// The HTTP layer, the token sent as `scheme token` (`Bearer`, `Token`).
    func connection(scheme: String) -> APIConnection {
        APIConnection(server: server, authorization: "\(scheme) \(token.value)", policy: policy, timeout: timeout,
                      maximumBytes: maximumBytes, transport: transport, sleep: sleep)
    }
}
