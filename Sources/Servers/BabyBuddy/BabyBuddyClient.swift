import Export
import Foundation
import Timekeeping

/// Reads a family's data from a Baby Buddy server (API version 2.x) into an export
/// document: the children, then each child's feedings, sleep, diaper changes, notes,
/// measurements, temperatures, pumping, tummy time and medication, page by page, following `next`. Shares the HTTP layer (retries, errors, size limit)
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
        /// Baby Buddy's ids of the records left out, by reason.
        public let skipped: [(reason: BabyBuddySkip, ids: [Int])]
        /// The endpoints this Baby Buddy does not have (`api/pumping/`): an older version.
        public let absent: [String]
        /// The endpoints the token may not read (403: a caregiver's token), each with what
        /// the archive lacks for it: (`api/medication/`, `medicines`).
        public let forbidden: [(path: String, lacking: String)]
    }

    /// What the archive lacks when an endpoint may not be read.
    static let lacking = ["api/feedings/": "feeds", "api/sleep/": "sleep", "api/changes/": "diaper changes", "api/notes/": "notes",
                          "api/weight/": "weights", "api/height/": "lengths", "api/head-circumference/": "head circumferences",
                          "api/temperature/": "temperatures", "api/pumping/": "pumping", "api/tummy-times/": "tummy time",
                          "api/medication/": "medicines"]

    /// Everything the server holds for its children. `exported_at` is the time of the
    /// server's first answer (its `Date` header), so two fetches of the same data agree.
    public func document(progress: (ServerClient.Progress) -> Void = { _ in }) async throws(ServerError) -> Fetched {
        // The token in Django REST framework's `Token` scheme.
        let connection = access.connection(scheme: "Token")
        var mapping = BabyBuddyMapping(server: access.server, amountUnit: amountUnit, zone: zone ?? .current)
        var absent: Set<String> = [], forbidden: Set<String> = []
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
            for feeding in fetched.feedings.records {
                events += mapping.events(for: feeding, child: child)
            }
            for sleep in fetched.sleep.records {
                events += mapping.events(for: sleep, child: child)
            }
            for change in fetched.changes.records {
                events += mapping.events(for: change, child: child)
            }
            for note in fetched.notes.records {
                events += mapping.events(for: note, child: child)
            }
            for (records, measured) in [(fetched.weights, BabyBuddyMapping.Measured.weight), (fetched.heights, .height),
                                        (fetched.headCircumferences, .headCircumference)] {
                for record in records.records {
                    events += mapping.events(for: record, measured, child: child)
                }
            }
            for temperature in fetched.temperatures.records {
                events += mapping.events(for: temperature, child: child)
            }
            for pumping in fetched.pumpings.records {
                events += mapping.events(for: pumping, child: child)
            }
            for tummyTime in fetched.tummyTimes.records {
                events += mapping.events(for: tummyTime, child: child)
            }
            for medication in fetched.medications.records {
                events += mapping.events(for: medication, child: child)
            }
            absent.formUnion(fetched.absent)
            forbidden.formUnion(fetched.forbidden)
            // A token that may read no kind of record has nothing to build: as a rejected token.
            guard fetched.forbidden.isEmpty || fetched.forbidden.count + fetched.absent.count < Self.lacking.count else {
                throw ServerError(request: connection.request("api/feedings/"),
                                  reason: .tokenRejected(status: 403, message: "this token may read the children but none of their records"))
            }
        }
        let document = ExportDocument(exportedAt: exportedAt, settings: ExportSettings(timezone: zone), children: children, events: events)
        return Fetched(document: document, skipped: mapping.skipped.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                       absent: absent.sorted(), forbidden: forbidden.sorted().map { ($0, Self.lacking[$0] ?? $0) })
    }

    /// The records of an endpoint: none when an older Baby Buddy does not have it (404) or
    /// the token may not read it (403, a caregiver's token), each said.
    private struct OptionalEndpoint<Record: Sendable>: Sendable {
        var records: [Record] = []
        var absent = false
        var forbidden = false
    }

    /// One child's records of every kind read.
    private struct ChildRecords: Sendable {
        let feedings: OptionalEndpoint<BabyBuddyFeeding>
        let sleep: OptionalEndpoint<BabyBuddySleep>
        let changes: OptionalEndpoint<BabyBuddyChange>
        let notes: OptionalEndpoint<BabyBuddyNote>
        let weights: OptionalEndpoint<BabyBuddyMeasurement>
        let heights: OptionalEndpoint<BabyBuddyMeasurement>
        let headCircumferences: OptionalEndpoint<BabyBuddyMeasurement>
        let temperatures: OptionalEndpoint<BabyBuddyTemperature>
        let pumpings: OptionalEndpoint<BabyBuddyPumping>
        let tummyTimes: OptionalEndpoint<BabyBuddyTummyTime>
        let medications: OptionalEndpoint<BabyBuddyMedication>

        /// The endpoints the server does not have. Medication came with Baby Buddy 2.9: a
        /// server without it has none to lose, and its nightly build stays quiet.
        var absent: [String] {
            let endpoints: [(Bool, String)] = [
                (weights.absent, "api/weight/"), (heights.absent, "api/height/"), (headCircumferences.absent, "api/head-circumference/"),
                (temperatures.absent, "api/temperature/"), (pumpings.absent, "api/pumping/"), (tummyTimes.absent, "api/tummy-times/")]
            return endpoints.filter(\.0).map(\.1)
        }

        /// The endpoints the token may not read.
        var forbidden: [String] {
            // Typed: left to inference, this list is slow for the compiler to type.
            let endpoints: [(Bool, String)] = [
                (feedings.forbidden, "api/feedings/"), (sleep.forbidden, "api/sleep/"), (changes.forbidden, "api/changes/"), (notes.forbidden, "api/notes/"),
                (weights.forbidden, "api/weight/"), (heights.forbidden, "api/height/"), (headCircumferences.forbidden, "api/head-circumference/"),
                (temperatures.forbidden, "api/temperature/"), (pumpings.forbidden, "api/pumping/"), (tummyTimes.forbidden, "api/tummy-times/"),
                (medications.forbidden, "api/medication/")]
            return endpoints.filter(\.0).map(\.1)
        }
    }

    /// One child's endpoints, fetched at the same time (each one's pages in order): on a
    /// server that takes a while per answer, the waits overlap. `pages` hears each page's
    /// record count here, in the caller's task. A failure stops the other fetches; the
    /// failure reported is the first in the order of ``ChildRecords``.
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
            @Sendable func optional<Record: Decodable & Sendable>(_ path: String, _ type: Record.Type) async -> Result<OptionalEndpoint<Record>, ServerError> {
                switch await get(path, type) {
                case .success(let records): .success(OptionalEndpoint(records: records))
                case .failure(let error):
                    switch error.reason {
                    case .refused(status: 404, _): .success(OptionalEndpoint(absent: true))
                    case .tokenRejected(status: 403, _): .success(OptionalEndpoint(forbidden: true))
                    default: .failure(error)
                    }
                }
            }
            @Sendable func required<Record: Decodable & Sendable>(_ path: String, _ type: Record.Type) async -> Result<OptionalEndpoint<Record>, ServerError> {
                switch await optional(path, type) {
                case .success(let endpoint) where endpoint.absent:
                    .failure(ServerError(request: connection.request(path), reason: .refused(status: 404, message: nil)))
                case let result: result
                }
            }
            async let feedings = required("api/feedings/", BabyBuddyFeeding.self)
            async let sleep = required("api/sleep/", BabyBuddySleep.self)
            async let changes = required("api/changes/", BabyBuddyChange.self)
            async let notes = required("api/notes/", BabyBuddyNote.self)
            async let weights = optional("api/weight/", BabyBuddyMeasurement.self)
            async let heights = optional("api/height/", BabyBuddyMeasurement.self)
            async let heads = optional("api/head-circumference/", BabyBuddyMeasurement.self)
            async let temperatures = optional("api/temperature/", BabyBuddyTemperature.self)
            async let pumpings = optional("api/pumping/", BabyBuddyPumping.self)
            async let tummyTimes = optional("api/tummy-times/", BabyBuddyTummyTime.self)
            async let medications = optional("api/medication/", BabyBuddyMedication.self)
            do throws(ServerError) {
                return .success(ChildRecords(feedings: try await feedings.get(), sleep: try await sleep.get(),
                                             changes: try await changes.get(), notes: try await notes.get(),
                                             weights: try await weights.get(), heights: try await heights.get(),
                                             headCircumferences: try await heads.get(), temperatures: try await temperatures.get(),
                                             pumpings: try await pumpings.get(), tummyTimes: try await tummyTimes.get(),
                                             medications: try await medications.get()))
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
