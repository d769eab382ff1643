import Timekeeping

/// One entry of the `events` array.
public struct ExportEvent: Sendable, Equatable {
    public var id: String
    public var childID: String
    /// The caregiver's display name, when the app recorded one.
    public var createdBy: String?
    public var updatedAt: Instant?
    public var kind: Kind

    public init(id: String, childID: String, createdBy: String? = nil, updatedAt: Instant? = nil, kind: Kind) {
        self.id = id
        self.childID = childID
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.kind = kind
    }

    /// What happened, with the fields of its `type`.
    public enum Kind: Sendable, Equatable {
        case feeding(Feeding)
        case diaper(Diaper)
        case sleep(Sleep)
        case note(Note)
        /// A `type` this build does not know (a newer app's event); skipped with a warning.
        case unknown(type: String)
    }

    /// `type: "feeding"`.
    public struct Feeding: Sendable, Equatable {
        public var startedAt: Instant
        public var type: FeedingType
        public var startedSide: Side?
        public var bothSides: Bool
        public var durationMinutes: Double?
        public var amountML: Double?

        public init(startedAt: Instant, type: FeedingType, startedSide: Side? = nil, bothSides: Bool = false,
                    durationMinutes: Double? = nil, amountML: Double? = nil) {
            self.startedAt = startedAt
            self.type = type
            self.startedSide = startedSide
            self.bothSides = bothSides
            self.durationMinutes = durationMinutes
            self.amountML = amountML
        }
    }

    /// `feeding_type`.
    public enum FeedingType: String, Sendable, CaseIterable {
        case breast
        case bottle
    }

    /// `started_side`.
    public enum Side: String, Sendable, CaseIterable {
        case left
        case right
    }

    /// `type: "diaper"`.
    public struct Diaper: Sendable, Equatable {
        public var occurredAt: Instant
        public var type: DiaperType

        public init(occurredAt: Instant, type: DiaperType) {
            self.occurredAt = occurredAt
            self.type = type
        }
    }

    /// `diaper_type`.
    public enum DiaperType: String, Sendable, CaseIterable {
        case pee
        case poop
        case both
    }

    /// `type: "sleep"`; no end means the sleep was still going at export time.
    public struct Sleep: Sendable, Equatable {
        public var startedAt: Instant
        public var endedAt: Instant?

        public init(startedAt: Instant, endedAt: Instant?) {
            self.startedAt = startedAt
            self.endedAt = endedAt
        }
    }

    /// `type: "note"`; the text is Markdown written by a parent.
    public struct Note: Sendable, Equatable {
        public var occurredAt: Instant
        public var text: String
        public var category: String?

        public init(occurredAt: Instant, text: String, category: String? = nil) {
            self.occurredAt = occurredAt
            self.text = text
            self.category = category
        }
    }
}

extension ExportEvent {
    /// The `type` value as written in the file.
    public var typeName: String {
        switch kind {
        case .feeding: "feeding"
        case .diaper: "diaper"
        case .sleep: "sleep"
        case .note: "note"
        case .unknown(let type): type
        }
    }

    /// The instant that places the event in a day: a feeding's or sleep's start,
    /// a diaper's or note's time; nil for an unknown type.
    public var time: Instant? {
        switch kind {
        case .feeding(let feeding): feeding.startedAt
        case .diaper(let diaper): diaper.occurredAt
        case .sleep(let sleep): sleep.startedAt
        case .note(let note): note.occurredAt
        case .unknown: nil
        }
    }
}
