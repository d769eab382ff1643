import Source
import Timekeeping

/// A family's validated data: what every later stage computes from.
///
/// Every event here belongs to a known child, has a unique id and sane values;
/// problems that were found are in the ``DataWarning``s returned alongside.
public struct Family: Sendable {
    /// The "now" of the reports: when the export was made.
    public let exportedAt: Instant
    /// The settings in force after the export's, the configuration's and the flags' say.
    public let settings: Settings
    /// Each child with its events, in the export's order.
    public let children: [ChildRecord]

    public init(exportedAt: Instant, settings: Settings, children: [ChildRecord]) {
        self.exportedAt = exportedAt
        self.settings = settings
        self.children = children
    }
}

/// A child as the family entered it.
public struct Child: Sendable, Equatable {
    public let id: String
    public let name: String
    public let dateOfBirth: LocalDate?

    public init(id: String, name: String, dateOfBirth: LocalDate?) {
        self.id = id
        self.name = name
        self.dateOfBirth = dateOfBirth
    }
}

/// One child and everything logged for them, each list sorted by time
/// (ties keep the export's order).
public struct ChildRecord: Sendable {
    public let child: Child
    public var feedings: [Feeding] = []
    public var diapers: [Diaper] = []
    public var sleeps: [Sleep] = []
    public var notes: [Note] = []

    public init(child: Child, feedings: [Feeding] = [], diapers: [Diaper] = [], sleeps: [Sleep] = [], notes: [Note] = []) {
        self.child = child
        self.feedings = feedings
        self.diapers = diapers
        self.sleeps = sleeps
        self.notes = notes
    }

    /// The earliest instant at which anything was logged, if anything was.
    public var firstEventTime: Instant? {
        [feedings.first?.startedAt, diapers.first?.occurredAt, sleeps.first?.startedAt, notes.first?.occurredAt]
            .compactMap { $0 }.min()
    }

    /// The latest instant at which anything was logged (a sleep's end counts), if anything was.
    public var lastEventTime: Instant? {
        ([feedings.last?.startedAt, diapers.last?.occurredAt, notes.last?.occurredAt]
            + sleeps.map { $0.endedAt ?? $0.startedAt })
            .compactMap { $0 }.max()
    }
}
