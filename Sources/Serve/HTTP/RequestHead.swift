import Foundation

/// The start of an HTTP/1.1 request, read with bounds: the request line at most 8 KB, the
/// whole head at most 32 KB, all of it within 10 seconds. A request past a bound gets its
/// status (414, 431, 408) and the connection closes; nothing is kept of it.
struct RequestHead {
    let method: String
    /// As sent: percent-encoded, with any query.
    let target: String
    /// Header names in lower case; a repeated name keeps its first value.
    let headers: [String: String]

    /// Why no head could be read, as the status to answer with (none when the peer left).
    enum Problem: Error, Equatable {
        case closed
        case status(Int, String)
    }

    static let maximumRequestLine = 8 * 1024
    static let maximumHead = 32 * 1024

    /// The path of the target, without the query.
    var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// Reads a head from `connection`.
    static func read(from connection: Connection) throws(Problem) -> RequestHead {
        let deadline = ContinuousClock.now + .seconds(10)
        var bytes: [UInt8] = []
        while true {
            if let end = headEnd(in: bytes) {
                return try parse(Array(bytes[..<end]))
            }
            // What can never become a request is answered at once, not after the 10 s wait:
            // lines ended by a bare LF, or bytes that begin no method (binary, a blank line).
            if let first = bytes.first, !(65...90).contains(first) || bytes.indices.contains(where: { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }) {
                throw .status(400, "That is not an HTTP/1.1 request (its lines end in CR LF, its first line is METHOD /path HTTP/1.1).")
            }
            if firstLineEnd(in: bytes) == nil, bytes.count > maximumRequestLine {
                throw .status(414, "The address asked for is longer than \(maximumRequestLine / 1024) KB.")
            }
            if bytes.count > maximumHead {
                throw .status(431, "The request's header lines are longer than \(maximumHead / 1024) KB.")
            }
            guard let more = connection.read(upTo: 16 * 1024, before: deadline) else {
                if bytes.isEmpty || ContinuousClock.now < deadline { throw .closed }
                throw .status(408, "The request did not arrive within 10 seconds.")
            }
            bytes += more
        }
    }

    static func parse(_ head: [UInt8]) throws(Problem) -> RequestHead {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .status(400, "That is not an HTTP/1.1 request.")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line.first!.isWhitespace else {
                throw .status(400, "A header line of the request is not \"Name: value\".")
            }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return RequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func firstLineEnd(in bytes: [UInt8]) -> Int? {
        bytes.firstIndex(of: 10)
    }
}
