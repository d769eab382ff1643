import Export
import Timekeeping

/// What every validated event carries besides its own fields.
public struct EventInfo: Sendable, Equatable {
    /// Its place in the export's `events` array (its id is the export's, there: no page
    /// shows it, and an id of text in every event would be one more reference to count at
    /// every copy of it into its day, its pages and its lists).
    public let index: Int
    /// The caregiver who logged it, when known.
    public let createdBy: String?
    /// Problems kept but worth showing beside the event.
    public var flags: EventFlags

    public init(index: Int, createdBy: String? = nil, flags: EventFlags = []) {
        self.index = index
        self.createdBy = createdBy
        self.flags = flags
    }

    /// Where it stands in the export, e.g. `events[12]`: worded only for a warning.
    public var path: String { Self.path(index) }

    /// `events[12]`.
    public static func path(_ index: Int) -> String { "events[\(index)]" }
}

/// Why a kept event is marked as doubtful.
public enum EventFlag: String, Sendable, Hashable, CaseIterable {
    /// It happened (or ends) after the export was made.
    case afterExport = "after-export"
    /// A sleep longer than 24 hours.
    case longSleep = "long-sleep"
    /// A bottle of more than 500 ml.
    case largeBottle = "large-bottle"
    /// A sleep that overlaps another sleep; the two count once in the totals.
    case overlappingSleep = "overlapping-sleep"
}

/// A set of ``EventFlag``s in one byte: an event is copied into its day, its pages and
/// its lists, and a `Set` would be one more reference to count at every copy.
public struct EventFlags: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt8 = 0

    public init(arrayLiteral flags: EventFlag...) {
        for flag in flags { insert(flag) }
    }

    public mutating func insert(_ flag: EventFlag) {
        bits |= Self.bit(flag)
    }

    public func contains(_ flag: EventFlag) -> Bool {
        bits & Self.bit(flag) != 0
    }

    public var isEmpty: Bool { bits == 0 }

    /// The set as a number, one bit for each flag, for hashing.
    public var bitSet: Int { Int(bits) }

    /// The flags in the order of their names, as pages list them.
    public var byName: [EventFlag] {
        isEmpty ? [] : Self.allByName.filter(contains)
    }

    private static let allByName = EventFlag.allCases.sorted { $0.rawValue < $1.rawValue }

    private static func bit(_ flag: EventFlag) -> UInt8 {
        switch flag {
        case .afterExport: 1
        case .longSleep: 2
        case .largeBottle: 4
        case .overlappingSleep: 8
        }
    }
}

public typealias FeedingType = ExportEvent.FeedingType
public typealias Side = ExportEvent.Side
public typealias DiaperType = ExportEvent.DiaperType
public typealias StoolColor = ExportEvent.StoolColor
public typealias StoolConsistency = ExportEvent.StoolConsistency
public typealias StoolAmount = ExportEvent.StoolAmount
public typealias PumpingSide = ExportEvent.PumpingSide

/// An event that passed validation: its fields exactly as exported, and where it came
/// from. Fields read directly: `feeding.startedAt`, `sleep.endedAt`.
/// Equatable where its fields are, rather than only for such fields: a constrained generic
/// type's metadata holds the witness of each constraint, looked up at run time among the
/// program's 6,100 conformances the first time each kind of event's list is made.
@dynamicMemberLookup
public struct Logged<Fields: Sendable>: Sendable {
    public let info: EventInfo
    public let fields: Fields

    public init(info: EventInfo, fields: Fields) {
        self.info = info
        self.fields = fields
    }

    /// Inlinable, so that `feeding.startedAt` in another module is a plain field read
    /// rather than a key path built at run time for every access.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<Fields, Value>) -> Value {
        fields[keyPath: keyPath]
    }
}

extension Logged: Equatable where Fields: Equatable {}

/// A breast or bottle feeding, placed in time by its start.
public typealias Feeding = Logged<ExportEvent.Feeding>
/// A diaper change.
public typealias Diaper = Logged<ExportEvent.Diaper>
/// A sleep; no end means it was still going when the export was made.
public typealias Sleep = Logged<ExportEvent.Sleep>
/// A note in Markdown.
public typealias Note = Logged<ExportEvent.Note>
/// A weight, length or head circumference, or several at once.
public typealias GrowthMeasurement = Logged<ExportEvent.Measurement>
/// A temperature reading.
public typealias Temperature = Logged<ExportEvent.Temperature>
/// A dose of a medicine or supplement.
public typealias Medication = Logged<ExportEvent.Medication>
/// Milk expressed by a parent.
public typealias Pumping = Logged<ExportEvent.Pumping>
/// Solid food offered.
public typealias Solids = Logged<ExportEvent.Solids>
/// A stretch of tummy time.
public typealias TummyTime = Logged<ExportEvent.TummyTime>
/// A vaccine given.
public typealias Vaccination = Logged<ExportEvent.Vaccination>
/// Something the child did for the first time.
public typealias Milestone = Logged<ExportEvent.Milestone>
/// A spell of crying.
public typealias Crying = Logged<ExportEvent.Crying>

extension Logged where Fields == ExportEvent.Diaper {
    /// Pee or both.
    public var isWet: Bool { fields.type == .pee || fields.type == .both }
    /// Poop or both.
    public var isDirty: Bool { fields.type == .poop || fields.type == .both }
}

extension Logged where Fields == ExportEvent.Sleep {
    /// Whether the sleep was still in progress at export time.
    public var isOngoing: Bool { fields.endedAt == nil }

    /// A sleep without an end that began longer ago than this before the export was never
    /// ended in the app: no baby sleeps a day through, so it is not counted as sleep.
    public static var unendedAfter: Duration { .hours(24) }

    /// Whether the sleep has no end and began more than ``unendedAfter`` before `exportedAt`.
    public func isUnended(exportedAt: Instant) -> Bool {
        fields.endedAt == nil && exportedAt - fields.startedAt > Self.unendedAfter
    }
}
