import Export
import Timekeeping

/// A family's validated data: what every later stage computes from.
///
/// Every event here belongs to a known child, has a unique id and sane values;
/// problems that were found are in the ``DataWarning``s returned alongside.
public struct Family: Sendable {
    /// The longest name or text of a name kept (a child's, a medicine's); longer ones are cut.
    public static let longestName = Plausibility.longestName

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
    /// What the growth standards are read by.
    public let sex: ChildSex?
    /// Weeks of pregnancy at birth, when believable.
    public let gestationalAgeWeeks: Double?
    /// The measurements at birth that are believable.
    public let birth: BirthMeasurements

    public init(id: String, name: String, dateOfBirth: LocalDate?, sex: ChildSex? = nil, gestationalAgeWeeks: Double? = nil,
                birth: BirthMeasurements = BirthMeasurements()) {
        self.id = id
        self.name = name
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.gestationalAgeWeeks = gestationalAgeWeeks
        self.birth = birth
    }

    /// The same child with another birthday (or none).
    public func with(dateOfBirth: LocalDate?) -> Child {
        Child(id: id, name: name, dateOfBirth: dateOfBirth, sex: sex, gestationalAgeWeeks: gestationalAgeWeeks, birth: birth)
    }
}

/// Weight, length and head circumference at birth.
public struct BirthMeasurements: Sendable, Equatable {
    public var weightKG: Double?
    public var lengthCM: Double?
    public var headCircumferenceCM: Double?

    public init(weightKG: Double? = nil, lengthCM: Double? = nil, headCircumferenceCM: Double? = nil) {
        self.weightKG = weightKG
        self.lengthCM = lengthCM
        self.headCircumferenceCM = headCircumferenceCM
    }
}

/// One child and everything logged for them, each list sorted by time
/// (ties keep the export's order).
public struct ChildRecord: Sendable {
    public internal(set) var child: Child
    public var feedings: [Feeding] = []
    public var diapers: [Diaper] = []
    public var sleeps: [Sleep] = []
    public var notes: [Note] = []
    public var health = HealthEntries()

    public init(child: Child, feedings: [Feeding] = [], diapers: [Diaper] = [], sleeps: [Sleep] = [], notes: [Note] = []) {
        self.child = child
        self.feedings = feedings
        self.diapers = diapers
        self.sleeps = sleeps
        self.notes = notes
    }

    /// The earliest instant at which anything was logged, if anything was.
    public var firstEventTime: Instant? {
        [feedings.first?.startedAt, diapers.first?.occurredAt, sleeps.first?.startedAt, notes.first?.occurredAt, health.firstTime]
            .compactMap { $0 }.min()
    }

    /// The latest instant at which anything was logged (a sleep's end counts), if anything was.
    public var lastEventTime: Instant? {
        ([feedings.last?.startedAt, diapers.last?.occurredAt, notes.last?.occurredAt, health.lastTime]
            + sleeps.map { $0.endedAt ?? $0.startedAt })
            .compactMap { $0 }.max()
    }
}

/// Growth and health entries of a child or of a day, each list by time (ties keep the
/// export's order).
public struct HealthEntries: Sendable {
    public var measurements: [GrowthMeasurement] = []
    public var temperatures: [Temperature] = []
    public var medications: [Medication] = []
    public var pumpings: [Pumping] = []
    public var solids: [Solids] = []
    public var tummyTimes: [TummyTime] = []
    public var vaccinations: [Vaccination] = []
    public var milestones: [Milestone] = []
    public var cryings: [Crying] = []

    public init() {}

    /// Hands each list to `visitor`, with the field that places its entries in time: the
    /// one place a kind's list is named for what goes through every list (counting, first
    /// and last times, sorting, the birthday's check, placing in days, a day's digest).
    public static func visitLists<Visitor: HealthListVisitor>(_ visitor: inout Visitor) {
        visitor.visit(\.measurements, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.temperatures, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.medications, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.pumpings, time: \.startedAt, field: .startedAt)
        visitor.visit(\.solids, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.tummyTimes, time: \.startedAt, field: .startedAt)
        visitor.visit(\.vaccinations, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.milestones, time: \.occurredAt, field: .occurredAt)
        visitor.visit(\.cryings, time: \.startedAt, field: .startedAt)
    }

    /// How many entries there are in all.
    public var count: Int {
        var counter = ListTimes(entries: self)
        Self.visitLists(&counter)
        return counter.count
    }

    /// The time of the earliest entry, if any.
    var firstTime: Instant? {
        var times = ListTimes(entries: self)
        Self.visitLists(&times)
        return times.first
    }

    /// The time of the latest entry, if any.
    public var lastTime: Instant? {
        var times = ListTimes(entries: self)
        Self.visitLists(&times)
        return times.last
    }

    /// The highest temperature reading, if any.
    public var maxCelsius: Double? {
        temperatures.map { $0.celsius }.max()
    }

    /// The millilitres pumped, where an amount was logged.
    public var pumpingML: Double {
        pumpings.reduce(0) { $0 + ($1.amountML ?? 0) }
    }

    public var tummyTimeMinutes: Double {
        tummyTimes.reduce(0) { $0 + $1.durationMinutes }
    }

    /// Each list in time order; the standard library's sort is stable.
    mutating func sort() {
        var sorter = Sorter(entries: self)
        self = HealthEntries()
        Self.visitLists(&sorter)
        self = sorter.entries
    }
}

/// What is done with each list of ``HealthEntries``, named by ``HealthEntries/visitLists(_:)``.
public protocol HealthListVisitor {
    /// `list`'s entries are placed in time by their field `time`, called `field` in the export.
    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys)
}

/// How many entries there are, and the earliest and latest time among them.
private struct ListTimes: HealthListVisitor {
    let entries: HealthEntries
    var count = 0
    var first: Instant?
    var last: Instant?

    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys) {
        let entries = entries[keyPath: list]
        count += entries.count
        if let time = entries.first?.fields[keyPath: time] { first = min(first ?? time, time) }
        if let time = entries.last?.fields[keyPath: time] { last = max(last ?? time, time) }
    }
}

/// Each list sorted by time, in place.
private struct Sorter: HealthListVisitor {
    var entries: HealthEntries

    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys) {
        entries[keyPath: list].sort { $0.fields[keyPath: time] < $1.fields[keyPath: time] }
    }
}
