import Foundation
import Timekeeping

/// Reads a family's data from a Baby Buddy server (API version 2.x) into an export
/// document: the children, then each child's feedings, sleep, diaper changes and notes,
/// page by page, following `next`. Shares the HTTP layer (retries, errors, size limit)
/// with the Baby Basics client; only the paths, the token scheme and the records differ.
public struct BabyBuddyClient: Sendable {
    public let access: ServerAccess
    /// The unit of Baby Buddy's unit-less bottle `amount`.
    public var amountUnit: VolumeUnit
    /// The family's zone, written into the document's settings (Baby Buddy does not keep one).
    public var zone: Zone?
    /// Records asked for per page: Baby Buddy takes any `limit`, and a page of 5,000
    /// records (a year of one child's feedings) is about 1.5 MB, far below the bound on one answer.
    public var pageSize: Int

    public init(_ access: ServerAccess, amountUnit: VolumeUnit = .ml, zone: Zone? = nil, pageSize: Int = 5000) {
        self.access = access
        self.amountUnit = amountUnit
        self.zone = zone
        self.pageSize = pageSize
    }

    /// What was fetched, and the records left out by reason.
    public struct Fetched: Sendable {
        public let document: ExportDocument
        public let skipped: [(reason: BabyBuddySkip, count: Int)]
    }

    /// Everything the server holds for its children. `exported_at` is the time of the
    /// server's first answer (its `Date` header), so two fetches of the same data agree.
    public func document(progress: (ServerClient.Progress) -> Void = { _ in }) async throws(ServerError) -> Fetched {
        // The token in Django REST framework's `Token` scheme.
        let connection = access.connection(scheme: "Token")
        var mapping = BabyBuddyMapping(server: access.server, amountUnit: amountUnit)
        let (records, firstAnswer) = try await all("api/children/", connection: connection, as: BabyBuddyChild.self)
        let exportedAt = firstAnswer.map(access.exportTime(of:)) ?? access.now()
        let children = records.map(mapping.child)
        var events: [ExportEvent] = []
        for (index, record) in records.enumerated() {
            let child = mapping.childID(record.id)
            let filter = [URLQueryItem(name: "child", value: String(record.id))]
            var pages = 0
            var count = 0
            func report(_ more: Int) {
                pages += 1
                count += more
                progress(.init(child: connection.words.clean(children[index].name), childIndex: index, children: records.count, pages: pages, events: count))
            }
            let fetched = try await childRecords(filter: filter, connection: connection, pages: report)
            for feeding in fetched.feedings {
                events += mapping.events(for: feeding, child: child)
            }
            for sleep in fetched.sleep {
                events += mapping.events(for: sleep, child: child)
            }
            for change in fetched.changes {
                events += mapping.events(for: change, child: child)
            }
            for note in fetched.notes {
                events += mapping.events(for: note, child: child)
            }
        }
        let document = ExportDocument(exportedAt: exportedAt, settings: ExportSettings(timezone: zone), children: children, events: events)
        return Fetched(document: document, skipped: mapping.skipped.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// One child's records of the four kinds.
    private struct ChildRecords: Sendable {
        let feedings: [BabyBuddyFeeding]
        let sleep: [BabyBuddySleep]
        let changes: [BabyBuddyChange]
        let notes: [BabyBuddyNote]
    }

    /// One child's four endpoints, fetched at the same time (each one's pages in order):
    /// on a server that takes a while per answer, four waits overlap. `pages` hears each
    /// page's record count here, in the caller's task. A failure stops the other fetches;
    /// the failure reported is the first in the order feedings, sleep, changes, notes.
    private func childRecords(filter: [URLQueryItem], connection: APIConnection, pages: (Int) -> Void) async throws(ServerError) -> ChildRecords {
        let (counts, sink) = AsyncStream.makeStream(of: Int.self)
        let fetches = Task { () async -> Result<ChildRecords, ServerError> in
            defer { sink.finish() }
            let heard: @Sendable (Int) -> Void = { sink.yield($0) }
            @Sendable func get<Record: Decodable & Sendable>(_ path: String, _ type: Record.Type) async -> Result<[Record], ServerError> {
                do throws(ServerError) {
                    return .success(try await all(path, filter: filter, connection: connection, as: type, pages: heard).records)
                } catch {
                    return .failure(error)
                }
            }
            async let feedings = get("api/feedings/", BabyBuddyFeeding.self)
            async let sleep = get("api/sleep/", BabyBuddySleep.self)
            async let changes = get("api/changes/", BabyBuddyChange.self)
            async let notes = get("api/notes/", BabyBuddyNote.self)
            do throws(ServerError) {
                return .success(ChildRecords(feedings: try await feedings.get(), sleep: try await sleep.get(),
                                             changes: try await changes.get(), notes: try await notes.get()))
            } catch {
                return .failure(error)
            }
        }
        for await count in counts { pages(count) }
        return try await fetches.value.get()
    }

    /// Every record of a list endpoint, following `next`. Only `limit` and `offset` are taken
    /// from `next`: the address itself may name another host or scheme (a server behind a
    /// proxy often does), and the token must go to no other place than `server`. The pages
    /// are bounded by the `count` the server gives (a few more for records added meanwhile).
    private func all<Record: Decodable & Sendable>(_ path: String, filter: [URLQueryItem] = [], connection: APIConnection, as type: Record.Type,
                                                   pages: (Int) -> Void = { _ in }) async throws(ServerError) -> (records: [Record], first: HTTPAnswer?) {
        var records: [Record] = []
        var first: HTTPAnswer?
        var offset = 0
        var limit = pageSize
        var read = 0
        var allowed = access.maximumPages
        while true {
            guard read < allowed else {
                throw ServerError(request: connection.request(path), reason: .tooManyPages(limit: allowed))
            }
            let query = filter + [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "offset", value: String(offset))]
            let (answer, page) = try await connection.fetch(path, query: query, as: BabyBuddyPage<Record>.self)
            first = first ?? answer
            read += 1
            records += page.results
            pages(page.results.count)
            guard let next = page.next else { return (records, first) }
            guard next.utf8.count <= ServerClient.maximumCursorBytes else {
                throw ServerError(request: connection.request(path), reason: .cursorTooLong(bytes: next.utf8.count))
            }
            let items = URLComponents(string: next)?.queryItems ?? []
            let nextOffset = items.first { $0.name == "offset" }?.value.flatMap { Int($0) }
            // An offset that does not move forward would ask for the same page forever.
            guard let nextOffset, nextOffset > offset else {
                throw ServerError(request: connection.request(path), reason: .cursorLoop(cursor: connection.words.clean(next)))
            }
            offset = nextOffset
            limit = items.first { $0.name == "limit" }?.value.flatMap { Int($0) }.map { min(max(1, $0), 10_000) } ?? limit
            if let count = page.count, count >= 0 {
                allowed = min(access.maximumPages, count / limit + 10)
            }
        }
    }
}
