import FlyingFox
import Foundation

/// Baby Buddy's API (2.x) for a data file holding its records as the server returns them:
/// `{"exported_at", "page_size", "children", "feedings", "sleep", "changes", "notes", "weight",
/// "height", "head-circumference", "temperature", "pumping", "tummy-times", "medication"}`. An endpoint
/// whose key the file lacks answers 404, as on an older Baby Buddy without it; one listed
/// under `"forbidden"` answers 403, as to a caregiver's token.
/// Pages hold `page_size` records whatever `limit` asks (a server may cap it), and `next`
/// names another host, as a server behind a proxy does: the client must take only the query.
extension APIServer {
    func babyBuddyAnswer(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.headers[.authorization] == "Token \(token)" else {
            return detail(401, "Invalid token.")
        }
        let endpoints = ["children", "feedings", "sleep", "changes", "notes", "weight", "height", "head-circumference",
                         "temperature", "pumping", "tummy-times", "medication"]
        // The path as sent (FlyingFox's `path` drops the trailing slash Django insists on).
        let path = request.target.path()
        guard let key = endpoints.first(where: { path == "/api/\($0)/" }), export[key] != nil else { return detail(404, "Not found.") }
        // A caregiver's token (Baby Buddy after 2.10) may not read some endpoints.
        if (export["forbidden"] as? [String])?.contains(key) == true { return detail(403, "You do not have permission to perform this action.") }
        var records = export[key] as? [[String: Any]] ?? []
        if let child = request.query["child"] {
            records = records.filter { ($0["child"] as? Int).map(String.init) == child }
        }
        let pageSize = min(export["page_size"] as? Int ?? 100, Int(request.query["limit"] ?? "") ?? 100)
        let offset = Int(request.query["offset"] ?? "") ?? 0
        let page = Array(records.dropFirst(offset).prefix(pageSize))
        var next: Any = NSNull()
        if offset + page.count < records.count {
            var query = request.query.filter { $0.name != "offset" && $0.name != "limit" }.map { "\($0.name)=\($0.value)" }
            query += ["limit=\(pageSize)", "offset=\(offset + page.count)"]
            next = "http://babybuddy.internal:8000\(path)?" + query.joined(separator: "&")
        }
        let body: [String: Any] = ["count": records.count, "next": next, "previous": NSNull(), "results": page]
        var headers: HTTPHeaders = [.contentType: "application/json"]
        headers[HTTPHeader("Date")] = httpDate
        return HTTPResponse(statusCode: .ok, headers: headers, body: try JSONSerialization.data(withJSONObject: body, options: [.withoutEscapingSlashes]))
    }

    /// Django REST framework's error body.
    private func detail(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: [.contentType: "application/json"],
                     body: Data(#"{"detail":"\#(message)"}"#.utf8))
    }
}
