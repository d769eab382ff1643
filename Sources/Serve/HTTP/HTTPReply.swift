import Foundation

/// An answer `serve` sends: a status, headers, a body, and then the connection closes.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data

    init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer, for the refusals a person may read in a browser.
    static func text(_ status: Int, _ words: String) -> HTTPReply {
        HTTPReply(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                  body: Data((words + "\n").utf8))
    }

    /// The bytes on the wire; without the body for a HEAD request.
    func encoded(includingBody: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.phrase(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var data = Data(head.utf8)
        if includingBody { data.append(body) }
        return data
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}
