import Export
import CHTTP
import Dispatch
import Foundation

/// libcurl, through a small C shim: the one HTTP client that lets every bound of
/// ``HTTPLimits`` be kept exactly — a deadline over the whole answer, bytes counted both on
/// the wire and after decompression, header bytes counted, no redirect followed and no
/// proxy taken from the environment. Each request runs on a thread of its own and can be
/// cancelled.
public struct CurlTransport: HTTPTransport {
    public init() {}

    public func get(_ url: URL, headers: [String: String], limits: HTTPLimits) async throws(HTTPFailure) -> HTTPAnswer {
        try await send(url, headers: headers, body: nil, limits: limits)
    }

    public func post(_ url: URL, headers: [String: String], body: Data, limits: HTTPLimits) async throws(HTTPFailure) -> HTTPAnswer {
        try await send(url, headers: headers, body: body, limits: limits)
    }

    /// A GET, or with a body a POST, on a thread of its own.
    private func send(_ url: URL, headers: [String: String], body: Data?, limits: HTTPLimits) async throws(HTTPFailure) -> HTTPAnswer {
        let cancel = CancelFlag()
        let result: Result<HTTPAnswer, HTTPFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: Self.perform(url, headers: headers, body: body, limits: limits, cancel: cancel))
                }
            }
        } onCancel: {
            cancel.set()
        }
        return try result.get()
    }

    private static func perform(_ url: URL, headers: [String: String], body: Data?, limits: HTTPLimits, cancel: CancelFlag) -> Result<HTTPAnswer, HTTPFailure> {
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let cLimits = bb_http_limits(deadline_ms: Int(min(max(limits.deadline, 0.001), 86_400) * 1000),
                                     max_body: Int64(limits.maximumBody), max_received: Int64(limits.maximumReceived),
                                     max_header_bytes: limits.maximumHeaderBytes)
        var answer = bb_http_answer()
        withCStrings(lines) { pointers in
            guard let body else { return bb_http_get(url.absoluteString, pointers, pointers.count, cLimits, cancel.pointer, &answer) }
            body.withUnsafeBytes { bytes in
                bb_http_post(url.absoluteString, pointers, pointers.count, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
                             cLimits, cancel.pointer, &answer)
            }
        }
        defer { bb_http_answer_free(&answer) }
        let detail = withUnsafeBytes(of: answer.detail) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch answer.failure {
        case BB_HTTP_OK: break
        case BB_HTTP_TIMED_OUT: return .failure(.timedOut)
        case BB_HTTP_REFUSED: return .failure(.refused)
        case BB_HTTP_NO_SUCH_HOST: return .failure(.noSuchHost)
        case BB_HTTP_DROPPED: return .failure(.dropped)
        case BB_HTTP_BODY_TOO_LARGE: return .failure(.bodyTooLarge(limit: limits.maximumBody))
        case BB_HTTP_RECEIVED_TOO_MUCH: return .failure(.receivedTooMuch(limit: limits.maximumReceived))
        case BB_HTTP_HEADERS_TOO_LARGE: return .failure(.headersTooLarge(limit: limits.maximumHeaderBytes))
        case BB_HTTP_BAD_ENCODING: return .failure(.badEncoding(detail))
        case BB_HTTP_TLS: return .failure(.tls(detail))
        case BB_HTTP_CANCELLED: return .failure(.cancelled)
        default: return .failure(.other(detail))
        }
        // The body changes hands without a copy: Data frees it.
        var body = Data()
        if let bytes = answer.body {
            body = Data(bytesNoCopy: bytes, count: answer.body_length, deallocator: .free)
            answer.body = nil
        }
        let headerText = answer.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: answer.headers_length), as: UTF8.self) } ?? ""
        return .success(HTTPAnswer(status: answer.status, headers: Self.fields(headerText), body: body))
    }

    /// `Name: value` lines as a dictionary with lower-case names; the first of a repeated
    /// name wins.
    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }
}

/// The C shim's cancel flag, owned here.
private final class CancelFlag: @unchecked Sendable {
    let pointer: OpaquePointer

    init() { pointer = bb_http_cancel_new() }
    deinit { bb_http_cancel_free(pointer) }
    func set() { bb_http_cancel_set(pointer) }
}

/// Calls `body` with `strings` as an array of C strings that live for the call.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
