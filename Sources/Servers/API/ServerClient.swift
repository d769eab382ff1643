import Export
import Foundation
import Timekeeping

/// Reads a family's data from the Baby Basics server API (v1) into an export document:
/// settings, children, and each child's events page by page, following `next_cursor`.
public struct ServerClient: Sendable {
    public let access: ServerAccess
    /// Events asked for per page.
    public var pageSize: Int

    public init(_ access: ServerAccess, pageSize: Int = 5000) {
        self.access = access
        self.pageSize = pageSize
    }

    /// What has been fetched so far, for a progress line.
    public struct Progress: Sendable {
        public let child: String
        public let childIndex: Int
        public let children: Int
        public let pages: Int
        public let events: Int
    }

    /// An id from the server as one segment of a path: every byte but letters, digits, `-`,
    /// `_` and `~` percent-encoded, `/`, `.` and `%` among them, so that no id leads
    /// elsewhere on the server (`../../other-app`).
    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
    }

    private static let segmentCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~")

    /// Everything the server holds, as one export document. `exported_at` is the time of
    /// the server's first answer (its `Date` header), so that two fetches of the same
    /// data give the same document.
    public func document(progress: (Progress) -> Void = { _ in }) async throws(ServerError) -> ExportDocument {
        let connection = access.connection(scheme: "Bearer")
        let (settingsAnswer, settings) = try await connection.fetch("/api/v1/settings", as: ExportSettings.self)
        let exportedAt = access.exportTime(of: settingsAnswer)
        let (_, childrenResponse) = try await connection.fetch("/api/v1/children", as: ChildrenResponse.self)
        var events: [ExportEvent] = []
        for (index, child) in childrenResponse.children.enumerated() {
            var cursor: String?
            var seen: Set<String> = []
            var pages = 0
            var count = 0
            var emptyPagesInARow = 0
            let path = "/api/v1/children/\(Self.segment(child.id))/events"
            repeat {
                guard pages < access.maximumPages else {
                    throw ServerError(request: connection.request(path), reason: .tooManyPages(limit: access.maximumPages))
                }
                var query = [URLQueryItem(name: "limit", value: String(pageSize))]
                if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
                let (_, page) = try await connection.fetch(path, query: query, as: EventsResponse.self)
                pages += 1
                count += page.events.count
                events += page.events
                progress(Progress(child: connection.words.clean(child.name), childIndex: index, children: childrenResponse.children.count,
                                  pages: pages, events: count))
                emptyPagesInARow = page.events.isEmpty ? emptyPagesInARow + 1 : 0
                if let next = page.nextCursor {
                    guard next.utf8.count <= Self.maximumCursorBytes else {
                        throw ServerError(request: connection.request(path), reason: .cursorTooLong(bytes: next.utf8.count))
                    }
                    // A cursor seen before, or page after empty page, would go on forever.
                    guard seen.insert(next).inserted, emptyPagesInARow < 3 else {
                        throw ServerError(request: connection.request(path), reason: .cursorLoop(cursor: connection.words.clean(next)))
                    }
                }
                cursor = page.nextCursor
            } while cursor != nil
        }
        return ExportDocument(exportedAt: exportedAt, settings: settings, children: childrenResponse.children, events: events)
    }

    /// The longest cursor followed: real ones are a few dozen characters.
    static let maximumCursorBytes = 4096
}

/// HTTP dates: `Sun, 22 Nov 2026 04:00:00 GMT`.
enum HTTPDate {
    static func instant(from text: String) -> Instant? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return Instant(milliseconds: Int64(date.timeIntervalSince1970 * 1000))
    }
}
