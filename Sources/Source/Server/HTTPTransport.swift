import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// Sends GET requests. Errors thrown are failures to get any answer (refused, timed out,
/// dropped); an HTTP error status is an answer.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [String: String], timeout: Double) async throws -> HTTPAnswer
}

/// Foundation's URLSession (FoundationNetworking on Linux): no dependency, and every
/// feature the API needs (headers, timeouts, TLS).
public struct URLSessionTransport: HTTPTransport {
    public init() {}

    public func get(_ url: URL, headers: [String: String], timeout: Double) async throws -> HTTPAnswer {
        // FoundationNetworking passes whole seconds to libcurl: 0.5 would become 0 and fail
        // at once, so timeouts are rounded up to a whole second.
        let timeout = max(1, timeout.rounded(.up))
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                fields[name.lowercased()] = value
            }
        }
        return HTTPAnswer(status: http.statusCode, headers: fields, body: data)
    }
}
