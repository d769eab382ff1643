import Export

/// The answers of the server API, decoded with the very same types and field readers as
/// the export file, so a value is checked one way whatever its source.

/// `GET /api/v1/children`.
struct ChildrenResponse: Decodable {
    let children: [ExportChild]

    enum CodingKeys: String, CodingKey { case children }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "an object with \"children\"")
        children = try object.requiredArray(.children, of: ExportChild.self, describedAs: "an array of children")
    }
}

/// `GET /api/v1/children/{id}/events`.
struct EventsResponse: Decodable {
    let events: [ExportEvent]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case events
        case nextCursor = "next_cursor"
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "an object with \"events\" and \"next_cursor\"")
        events = try object.requiredArray(.events, of: ExportEvent.self, describedAs: "an array of events")
        nextCursor = try object.optional(.nextCursor, .nonEmptyText)
    }
}

/// `{ "error": { "code": "…", "message": "…" } }`, the body of an error answer.
struct ErrorResponse: Decodable {
    let message: String?

    enum CodingKeys: String, CodingKey { case error }
    enum Inner: String, CodingKey { case code, message }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        let inner = try object.nestedContainer(keyedBy: Inner.self, forKey: .error)
        message = try inner.decodeIfPresent(String.self, forKey: .message)
    }
}
