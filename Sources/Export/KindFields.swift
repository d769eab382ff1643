import Timekeeping

/// The fields of one kind of event, declared once, in ``visitFields(_:)``: each with its
/// key in the file and its sort of value, required or optional as its type says. Reading,
/// writing, the event records, a day's digest and the cutting of long texts all go through
/// that list, so a field declared there is read, written, stored, hashed and cut, and a
/// new kind fails to compile until it has one.
public protocol KindFields: Sendable, Equatable {
    /// The value a reader starts from, each of its fields then set by the reader.
    static var blank: Self { get }
    /// Hands each field to `visitor`, in the order the event records store them.
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure)
}

/// What is done with each field of an event, one method for each sort of value: a required
/// field comes as a value, an optional one as an optional, and a flag is false when not
/// given. A visitor that only reads leaves the values as they are.
public protocol FieldVisitor {
    /// What the visit can fail with: `Never` for one that only looks.
    associatedtype Failure: Error
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) throws(Failure)
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) throws(Failure)
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) throws(Failure)
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) throws(Failure)
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) throws(Failure)
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) throws(Failure)
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) throws(Failure)
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) throws(Failure)
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) throws(Failure)
}

/// A field whose value is one of a few words.
public protocol FieldChoice: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == String, AllCases == [Self] {}

/// How long a text field may be: a name or a short text, repeated on every page, is cut to
/// ``Plausibility/longestName`` characters and said as `what` when it is; a note's own
/// text is never cut.
public enum TextLength: Sendable {
    case short(what: String)
    case unbounded
}

extension ExportEvent.FeedingType: FieldChoice {}
extension ExportEvent.Side: FieldChoice {}
extension ExportEvent.DiaperType: FieldChoice {}
extension ExportEvent.StoolColor: FieldChoice {}
extension ExportEvent.StoolConsistency: FieldChoice {}
extension ExportEvent.StoolAmount: FieldChoice {}
extension ExportEvent.PumpingSide: FieldChoice {}

extension ExportEvent.Kind {
    /// Hands each field of the event to `visitor`, keeping what it changes; nothing for an
    /// unknown type, whose fields were not read.
    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        switch self {
        case .feeding(var fields): try fields.visitFields(&visitor); self = .feeding(fields)
        case .diaper(var fields): try fields.visitFields(&visitor); self = .diaper(fields)
        case .sleep(var fields): try fields.visitFields(&visitor); self = .sleep(fields)
        case .note(var fields): try fields.visitFields(&visitor); self = .note(fields)
        case .measurement(var fields): try fields.visitFields(&visitor); self = .measurement(fields)
        case .temperature(var fields): try fields.visitFields(&visitor); self = .temperature(fields)
        case .medication(var fields): try fields.visitFields(&visitor); self = .medication(fields)
        case .pumping(var fields): try fields.visitFields(&visitor); self = .pumping(fields)
        case .solids(var fields): try fields.visitFields(&visitor); self = .solids(fields)
        case .tummyTime(var fields): try fields.visitFields(&visitor); self = .tummyTime(fields)
        case .vaccination(var fields): try fields.visitFields(&visitor); self = .vaccination(fields)
        case .milestone(var fields): try fields.visitFields(&visitor); self = .milestone(fields)
        case .crying(var fields): try fields.visitFields(&visitor); self = .crying(fields)
        case .unknown: break
        }
    }

    /// An event of the kind `name` whose every field `visitor` sets.
    @inlinable
    public static func reading<Visitor: FieldVisitor>(_ name: ExportEvent.KindName, with visitor: inout Visitor) throws(Visitor.Failure) -> Self {
        switch name {
        case .feeding: .feeding(try read(&visitor))
        case .diaper: .diaper(try read(&visitor))
        case .sleep: .sleep(try read(&visitor))
        case .note: .note(try read(&visitor))
        case .measurement: .measurement(try read(&visitor))
        case .temperature: .temperature(try read(&visitor))
        case .medication: .medication(try read(&visitor))
        case .pumping: .pumping(try read(&visitor))
        case .solids: .solids(try read(&visitor))
        case .tummyTime: .tummyTime(try read(&visitor))
        case .vaccination: .vaccination(try read(&visitor))
        case .milestone: .milestone(try read(&visitor))
        case .crying: .crying(try read(&visitor))
        }
    }

    @inlinable
    static func read<Fields: KindFields, Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) -> Fields {
        var fields = Fields.blank
        try fields.visitFields(&visitor)
        return fields
    }
}

extension ExportEvent.Feeding: KindFields {
    public static let blank = Self(startedAt: Instant(milliseconds: 0), type: .breast)

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.startedAt, &startedAt)
        try visitor.choice(.feedingType, &type)
        try visitor.choice(.startedSide, &startedSide)
        try visitor.number(.durationMinutes, &durationMinutes)
        try visitor.number(.amountML, &amountML)
        try visitor.flag(.bothSides, &bothSides)
    }
}

extension ExportEvent.Diaper: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), type: .pee)

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.choice(.diaperType, &type)
        try visitor.choice(.stoolColor, &stoolColor)
        try visitor.choice(.stoolConsistency, &stoolConsistency)
        try visitor.choice(.stoolAmount, &stoolAmount)
    }
}

extension ExportEvent.Sleep: KindFields {
    public static let blank = Self(startedAt: Instant(milliseconds: 0), endedAt: nil)

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.startedAt, &startedAt)
        try visitor.time(.endedAt, &endedAt)
    }
}

extension ExportEvent.Note: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), text: "")

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.text(.text, &text, .unbounded)
        try visitor.text(.category, &category, .short(what: "a category"))
    }
}

extension ExportEvent.Measurement: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0))

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.number(.weightKG, &weightKG)
        try visitor.number(.lengthCM, &lengthCM)
        try visitor.number(.headCircumferenceCM, &headCircumferenceCM)
        try visitor.flag(.untimed, &untimed)
    }
}

extension ExportEvent.Temperature: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), celsius: 0)

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.number(.celsius, &celsius)
    }
}

extension ExportEvent.Medication: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), name: "")

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.text(.name, &name, .short(what: "a medication's name"))
        try visitor.text(.dose, &dose, .short(what: "a dose"))
        try visitor.number(.nextDoseIntervalMinutes, &nextDoseIntervalMinutes)
    }
}

extension ExportEvent.Pumping: KindFields {
    public static let blank = Self(startedAt: Instant(milliseconds: 0))

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.startedAt, &startedAt)
        try visitor.number(.amountML, &amountML)
        try visitor.number(.durationMinutes, &durationMinutes)
        try visitor.choice(.side, &side)
    }
}

extension ExportEvent.Solids: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0))

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.text(.food, &food, .short(what: "a food"))
        try visitor.text(.reaction, &reaction, .short(what: "a reaction"))
    }
}

extension ExportEvent.TummyTime: KindFields {
    public static let blank = Self(startedAt: Instant(milliseconds: 0), durationMinutes: 0)

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.startedAt, &startedAt)
        try visitor.number(.durationMinutes, &durationMinutes)
    }
}

extension ExportEvent.Vaccination: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), name: "")

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.text(.name, &name, .short(what: "a vaccine's name"))
        try visitor.text(.dose, &dose, .short(what: "a dose"))
    }
}

extension ExportEvent.Milestone: KindFields {
    public static let blank = Self(occurredAt: Instant(milliseconds: 0), text: "")

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.occurredAt, &occurredAt)
        try visitor.text(.text, &text, .short(what: "a milestone"))
    }
}

extension ExportEvent.Crying: KindFields {
    public static let blank = Self(startedAt: Instant(milliseconds: 0))

    @inlinable
    public mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.time(.startedAt, &startedAt)
        try visitor.time(.endedAt, &endedAt)
        try visitor.number(.durationMinutes, &durationMinutes)
        try visitor.text(.note, &note, .short(what: "a note on crying"))
    }
}

extension ExportEvent.Kind {
    /// Whether `check` holds for every time the event gives (its start or when it happened,
    /// and a sleep's end), asked in the order the fields are declared and no further than
    /// the first it does not hold for.
    public func allTimes(_ check: (_ key: ExportEvent.CodingKeys, _ time: Instant) -> Bool) -> Bool {
        withoutActuallyEscaping(check) { check in
            var visitor = TimeCheck(check: check)
            var kind = self
            kind.visitFields(&visitor)
            return visitor.holds
        }
    }
}

/// Asks `check` of each time field given, until it does not hold.
private struct TimeCheck: FieldVisitor {
    typealias Failure = Never
    let check: (ExportEvent.CodingKeys, Instant) -> Bool
    private(set) var holds = true

    init(check: @escaping (ExportEvent.CodingKeys, Instant) -> Bool) {
        self.check = check
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) {
        if holds { holds = check(key, value) }
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) {
        if holds, let value { holds = check(key, value) }
    }

    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) {}
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) {}
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) {}
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) {}
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) {}
}
