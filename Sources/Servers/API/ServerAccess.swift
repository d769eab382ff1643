import Export
import Foundation
import Timekeeping

/// Where a server is and how patiently to talk to it, whatever its API: both adapters
/// (Baby Basics, Baby Buddy) are made from one of these.
public struct ServerAccess: Sendable {
    public let server: URL
    let token: ServerToken
    public var policy: RetryPolicy
    /// Seconds for a whole answer, from asking to its last byte, before it is given up
    /// (and retried).
    public var timeout: Double
    /// The largest answer accepted, on the wire and once decompressed.
    public var maximumBytes: Int
    /// The most bytes all answers of one fetch may hold together.
    public var maximumTotalBytes: Int
    /// The most pages read from one endpoint for one child.
    public var maximumPages: Int
    let transport: any HTTPTransport
    /// Waits between attempts; tests inject one that only records.
    let sleep: @Sendable (Double) async throws -> Void
    /// Our clock, used for `exported_at` only when the server sends no usable `Date`.
    let now: @Sendable () -> Instant

    /// The bounds a fetch keeps unless told otherwise: a page of 500 events is about
    /// 100 KB and three years of two children 5 MB.
    public static let defaultMaximumBytes = 16 << 20
    public static let defaultMaximumTotalBytes = 64 << 20
    public static let defaultMaximumPages = 5_000

    public init(server: URL, token: ServerToken, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30,
                maximumBytes: Int = defaultMaximumBytes, maximumTotalBytes: Int = defaultMaximumTotalBytes,
                maximumPages: Int = defaultMaximumPages, transport: any HTTPTransport = CurlTransport(),
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
                now: @escaping @Sendable () -> Instant = { .now }) {
        self.server = server
        self.token = token
        self.policy = policy
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumPages = maximumPages
        self.transport = transport
        self.sleep = sleep
        self.now = now
    }

    /// The export time of a fetch: the server's `Date` on `answer`, so two fetches of the
    /// same data agree; our clock when the server sends none, or one no export can have.
    func exportTime(of answer: HTTPAnswer) -> Instant {
        guard let date = answer.headers["date"].flatMap(HTTPDate.instant(from:)), Plausibility.isExportTime(date) else { return now() }
        return date
    }

    /// The HTTP layer for one fetch, the token sent as `scheme token` (`Bearer`, `Token`).
    func connection(scheme: String) -> APIConnection {
        APIConnection(server: server, authorization: "\(scheme) \(token.value)", token: token.value, policy: policy,
                      limits: HTTPLimits(deadline: timeout, maximumBody: maximumBytes, maximumReceived: maximumBytes),
                      maximumTotalBytes: maximumTotalBytes, transport: transport, sleep: sleep)
    }
}
