import Export
import Foundation

/// Where and how the morning message goes (`--notify`): one URL, the message as plain text
/// (an ntfy topic, most webhooks) or as JSON, a token from `BBREPORT_NOTIFY_TOKEN` or a
/// file, and the API client's patience (``RetryPolicy``, the timeout).
public struct NotifyOptions: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public var url: URL
    public var format: Format
    /// A file (mode 600) holding the token; else `BBREPORT_NOTIFY_TOKEN`, else none.
    public var tokenFile: String?
    public var policy: RetryPolicy
    /// Seconds for each whole answer.
    public var timeout: Double

    public init(url: URL, format: Format = .text, tokenFile: String? = nil, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30) {
        self.url = url
        self.format = format
        self.tokenFile = tokenFile
        self.policy = policy
        self.timeout = timeout
    }

    /// The variable the token is read from when no file is named.
    public static let tokenVariable = "BBREPORT_NOTIFY_TOKEN"
}

/// Sends the morning message: one POST to the URL given, with the token (when there is one)
/// as `Authorization: Bearer …` (ntfy's access tokens, most webhooks). Retried, bounded and
/// redirected as the API client's requests are: a redirect to another host is not
/// followed, so the message and the token go nowhere else.
public struct Notifier: Sendable {
    let options: NotifyOptions
    let token: ServerToken?
    let transport: any HTTPTransport
    let sleep: @Sendable (Double) async throws -> Void

    /// The largest answer read: a webhook answers with a few words.
    static let maximumAnswer = 64 * 1024

    public init(_ options: NotifyOptions, token: ServerToken?, transport: any HTTPTransport = CurlTransport(),
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }) {
        self.options = options
        self.token = token
        self.transport = transport
        self.sleep = sleep
    }

    /// The token for `options`: from its file, else from `BBREPORT_NOTIFY_TOKEN`, else none.
    public static func token(for options: NotifyOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ServerToken.Problem) -> ServerToken? {
        do {
            return try ServerToken.load(tokenFile: options.tokenFile, variable: NotifyOptions.tokenVariable, environment: environment)
        } catch .missing {
            // No file named and the variable unset: the message goes without a token.
            return nil
        }
    }

    /// POSTs `body`, of `type`, titled `title` (ntfy's `Title` header; other receivers
    /// ignore it); throws what went wrong after every attempt allowed.
    public func send(_ body: Data, type: String, title: String? = nil) async throws(ServerError) {
        let connection = APIConnection(server: options.url, authorization: token.map { "Bearer \($0.value)" }, token: token?.value,
                                       policy: options.policy,
                                       limits: HTTPLimits(deadline: options.timeout, maximumBody: Self.maximumAnswer, maximumReceived: Self.maximumAnswer),
                                       maximumTotalBytes: Self.maximumAnswer * (options.policy.attempts + APIConnection.maximumRedirects),
                                       transport: transport, sleep: sleep)
        _ = try await connection.post(body, type: type, fields: title.map { ["Title": Self.headerText($0)] } ?? [:])
    }

    /// `text` as a header's value: as it is when it is printable ASCII, else an RFC 2047
    /// encoded word (`=?UTF-8?B?…?=`), which ntfy decodes.
    static func headerText(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        return plain && !text.contains("=?") ? text : "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }
}
