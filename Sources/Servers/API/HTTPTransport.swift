import Export
import Foundation

/// One HTTP answer: status, headers (names in lower case) and body.
public struct HTTPAnswer: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The bounds on one request: a server can send anything, for as long as it likes.
public struct HTTPLimits: Sendable, Equatable {
    /// Seconds for the whole exchange, from connecting to the last byte.
    public var deadline: Double
    /// The largest body kept, after decompression.
    public var maximumBody: Int
    /// The most body bytes received on the wire, before decompression.
    public var maximumReceived: Int
    /// The most bytes of header lines.
    public var maximumHeaderBytes: Int

    public init(deadline: Double, maximumBody: Int, maximumReceived: Int, maximumHeaderBytes: Int = 64 * 1024) {
        self.deadline = deadline
        self.maximumBody = maximumBody
        self.maximumReceived = maximumReceived
        self.maximumHeaderBytes = maximumHeaderBytes
    }
}

/// Why no usable answer came: the first four may pass if tried again, the rest will not.
public enum HTTPFailure: Error, Sendable, Equatable {
    case timedOut
    case refused
    case noSuchHost
    /// The connection broke before the answer was whole.
    case dropped
    /// More than `HTTPLimits.maximumBody` after decompression.
    case bodyTooLarge(limit: Int)
    /// More than `HTTPLimits.maximumReceived` on the wire.
    case receivedTooMuch(limit: Int)
    case headersTooLarge(limit: Int)
    /// The body's compression is broken.
    case badEncoding(String)
    case tls(String)
    case cancelled
    case other(String)

    /// Whether trying again may get an answer.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .refused, .noSuchHost, .dropped: true
        default: false
        }
    }
}

/// Sends GET and POST requests. A failure thrown is a failure to get a usable answer
/// (refused, timed out, dropped, past a limit); an HTTP error status is an answer.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [String: String], limits: HTTPLimits) async throws(HTTPFailure) -> HTTPAnswer
    func post(_ url: URL, headers: [String: String], body: Data, limits: HTTPLimits) async throws(HTTPFailure) -> HTTPAnswer
}
