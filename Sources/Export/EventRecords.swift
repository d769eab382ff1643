import Bytes
import Timekeeping

/// Decoded events in a compact form of bbreport's own, kept with the export's index: an
/// event's bytes in the export always decode to the same event, so the events the next
/// export shares with this one are read back from here (a tenth of the work of reading
/// their JSON) instead of being decoded again. Each event is one record, in the export's
/// order; a child id is written out the first time and then referred to by number.
enum EventRecords {
    /// Appends the records of `events` to `writer`.
    static func write(_ events: some Sequence<ExportEvent>, into writer: inout RecordWriter) {
        for event in events {
            writer.event(event)
        }
    }

    /// Reads the first `region.count` events of `bytes` into `region`, which they then
    /// fill, and says where they end and the child ids met in them; nil, the region left
    /// as it was, when the bytes are not that many whole records as written.
    static func read(_ bytes: ArraySlice<UInt8>, into region: UnsafeMutableBufferPointer<ExportEvent>) -> (end: Int, childIDs: [String])? {
        var reader = RecordReader(bytes: bytes)
        for index in region.indices where !reader.event(into: region.baseAddress! + index) {
            UnsafeMutableBufferPointer(rebasing: region[..<index]).deinitialize()
            return nil
        }
        return (reader.offset - bytes.startIndex, reader.childIDs)
    }
}

/// Writes event records (see ``EventRecords``) at the end of a buffer: the next export
/// index's own, so that the megabytes of records are written once, where the file is made.
struct RecordWriter {
    let bytes: ByteBuffer
    /// Each child id written so far, by its number.
    private var childNumbers: [String: Int] = [:]

    /// A writer appending to `bytes`, going on after records (already there, if any) that
    /// named `childIDs` in that order.
    init(into bytes: ByteBuffer = ByteBuffer(), childIDs: [String] = []) {
        self.bytes = bytes
        for (number, id) in childIDs.enumerated() { childNumbers[id] = number }
    }

    /// A writer appending to `bytes` that refers to each child of `childNumbers` by its number.
    init(into bytes: ByteBuffer, childNumbers: [String: Int]) {
        self.bytes = bytes
        self.childNumbers = childNumbers
    }

    mutating func event(_ event: ExportEvent) {
        let (tag, flags) = Self.tagAndFlags(event)
        // The kind's number's high bit says the id is a UUID's 16 bytes, not text.
        switch event.eventID {
        case .uuid(let high, let low):
            bytes.append(tag | Self.uuidBit)
            bytes.append(flags)
            word(high)
            word(low)
        case .text(let text):
            bytes.append(tag)
            bytes.append(flags)
            string(text)
        }
        if let number = childNumbers[event.childID] {
            count(number)
        } else {
            count(childNumbers.count)
            childNumbers[event.childID] = childNumbers.count
            string(event.childID)
        }
        if let createdBy = event.createdBy { string(createdBy) }
        if let updatedAt = event.updatedAt { instant(updatedAt) }
        switch event.kind {
        case .feeding(let feeding):
            instant(feeding.startedAt)
            choice(feeding.type)
            if let side = feeding.startedSide { choice(side) }
            if let minutes = feeding.durationMinutes { number(minutes) }
            if let amount = feeding.amountML { number(amount) }
        case .diaper(let diaper):
            instant(diaper.occurredAt)
            choice(diaper.type)
            if let color = diaper.stoolColor { choice(color) }
            if let consistency = diaper.stoolConsistency { choice(consistency) }
            if let amount = diaper.stoolAmount { choice(amount) }
        case .sleep(let sleep):
            instant(sleep.startedAt)
            if let end = sleep.endedAt { instant(end) }
        case .note(let note):
            instant(note.occurredAt)
            string(note.text)
            if let category = note.category { string(category) }
        case .measurement(let measurement):
            instant(measurement.occurredAt)
            for value in [measurement.weightKG, measurement.lengthCM, measurement.headCircumferenceCM] {
                if let value { number(value) }
            }
        case .temperature(let temperature):
            instant(temperature.occurredAt)
            number(temperature.celsius)
        case .medication(let medication):
            instant(medication.occurredAt)
            string(medication.name)
            if let dose = medication.dose { string(dose) }
            if let interval = medication.nextDoseIntervalMinutes { number(interval) }
        case .pumping(let pumping):
            instant(pumping.startedAt)
            if let amount = pumping.amountML { number(amount) }
            if let minutes = pumping.durationMinutes { number(minutes) }
            if let side = pumping.side { choice(side) }
        case .solids(let solids):
            instant(solids.occurredAt)
            if let food = solids.food { string(food) }
            if let reaction = solids.reaction { string(reaction) }
        case .tummyTime(let tummyTime):
            instant(tummyTime.startedAt)
            number(tummyTime.durationMinutes)
        case .vaccination(let vaccination):
            instant(vaccination.occurredAt)
            string(vaccination.name)
            if let dose = vaccination.dose { string(dose) }
        case .milestone(let milestone):
            instant(milestone.occurredAt)
            string(milestone.text)
        case .unknown(let type):
            string(type)
        }
    }

    /// The kind's number, and one bit for each optional field given: created by and
    /// updated at first, then the kind's own in the order they are written.
    private static func tagAndFlags(_ event: ExportEvent) -> (UInt8, UInt8) {
        var present = [event.createdBy != nil, event.updatedAt != nil]
        let tag: UInt8
        switch event.kind {
        case .feeding(let f):
            tag = 0
            present += [f.startedSide != nil, f.durationMinutes != nil, f.amountML != nil, f.bothSides]
        case .diaper(let d):
            tag = 1
            present += [d.stoolColor != nil, d.stoolConsistency != nil, d.stoolAmount != nil]
        case .sleep(let s):
            tag = 2
            present += [s.endedAt != nil]
        case .note(let n):
            tag = 3
            present += [n.category != nil]
        case .measurement(let m):
            tag = 4
            present += [m.weightKG != nil, m.lengthCM != nil, m.headCircumferenceCM != nil, m.untimed]
        case .temperature:
            tag = 5
        case .medication(let m):
            tag = 6
            present += [m.dose != nil, m.nextDoseIntervalMinutes != nil]
        case .pumping(let p):
            tag = 7
            present += [p.amountML != nil, p.durationMinutes != nil, p.side != nil]
        case .solids(let s):
            tag = 8
            present += [s.food != nil, s.reaction != nil]
        case .tummyTime:
            tag = 9
        case .unknown:
            tag = 10
        case .vaccination(let v):
            tag = 11
            present += [v.dose != nil]
        case .milestone:
            tag = 12
        }
        var flags: UInt8 = 0
        for (bit, given) in present.enumerated() where given { flags |= 1 << UInt8(bit) }
        return (tag, flags)
    }

    /// Set in a record's first byte when its id is written as a UUID's two words.
    static let uuidBit: UInt8 = 0x80

    private mutating func count(_ value: Int) { bytes.append(count: value) }
    private mutating func word(_ value: UInt64) { bytes.append(word: value) }

    private mutating func string(_ text: String) {
        count(text.utf8.count)
        bytes.append(text)
    }

    private mutating func instant(_ value: Instant) { word(UInt64(bitPattern: value.milliseconds)) }
    private mutating func number(_ value: Double) { word(value.bitPattern) }

    private mutating func choice<Choice: CaseIterable & Equatable>(_ value: Choice) where Choice.AllCases == [Choice] {
        bytes.append(UInt8(Choice.allCases.firstIndex(of: value)!))
    }
}

/// Reads event records back, every length checked against the bytes left.
struct RecordReader {
    var reader: ByteReader
    var childIDs: [String] = []

    init(bytes: ArraySlice<UInt8>) {
        reader = ByteReader(bytes)
    }

    /// A reader of the record at `offset` of `bytes`, whose children are `childIDs`, by number.
    init(bytes: ArraySlice<UInt8>, at offset: Int, childIDs: [String]) {
        reader = ByteReader(bytes, at: offset)
        self.childIDs = childIDs
    }

    var offset: Int { reader.offset }

    /// Reads the next record into `place`, which it initializes; false, `place` left as it
    /// was, when the bytes are not a whole record.
    mutating func event(into place: UnsafeMutablePointer<ExportEvent>) -> Bool {
        guard let first = byte(), let bits = byte() else { return false }
        let tag = first & ~RecordWriter.uuidBit
        let id: EventID
        if first & RecordWriter.uuidBit != 0 {
            guard let high = word(), let low = word() else { return false }
            id = .uuid(high, low)
        } else {
            // Text that reads as a UUID is written as one: as text it is not the same id.
            guard let text = string(), EventID(text) == .text(text) else { return false }
            id = .text(text)
        }
        guard let childNumber = count() else { return false }
        var flags = Flags(bits: bits)
        let childID: String
        if childNumber < childIDs.count {
            childID = childIDs[childNumber]
        } else {
            guard childNumber == childIDs.count, let defined = string() else { return false }
            childIDs.append(defined)
            childID = defined
        }
        guard let createdBy = optional(&flags, { $0.string() }), let updatedAt = optional(&flags, { $0.instant() }) else { return false }
        let kind: ExportEvent.Kind
        switch tag {
        case 0:
            guard let start = instant(), let type: ExportEvent.FeedingType = choice(),
                  let side: ExportEvent.Side? = optional(&flags, { $0.choice() }), let minutes = optional(&flags, { $0.number() }),
                  let amount = optional(&flags, { $0.number() }) else { return false }
            kind = .feeding(ExportEvent.Feeding(startedAt: start, type: type, startedSide: side, bothSides: flags.given(),
                                                durationMinutes: minutes, amountML: amount))
        case 1:
            guard let time = instant(), let type: ExportEvent.DiaperType = choice(),
                  let color: ExportEvent.StoolColor? = optional(&flags, { $0.choice() }),
                  let consistency: ExportEvent.StoolConsistency? = optional(&flags, { $0.choice() }),
                  let amount: ExportEvent.StoolAmount? = optional(&flags, { $0.choice() }) else { return false }
            kind = .diaper(ExportEvent.Diaper(occurredAt: time, type: type, stoolColor: color, stoolConsistency: consistency, stoolAmount: amount))
        case 2:
            guard let start = instant(), let end = optional(&flags, { $0.instant() }) else { return false }
            kind = .sleep(ExportEvent.Sleep(startedAt: start, endedAt: end))
        case 3:
            guard let time = instant(), let text = string(), let category = optional(&flags, { $0.string() }) else { return false }
            kind = .note(ExportEvent.Note(occurredAt: time, text: text, category: category))
        case 4:
            guard let time = instant(), let weight = optional(&flags, { $0.number() }), let length = optional(&flags, { $0.number() }),
                  let head = optional(&flags, { $0.number() }) else { return false }
            kind = .measurement(ExportEvent.Measurement(occurredAt: time, weightKG: weight, lengthCM: length, headCircumferenceCM: head,
                                                        untimed: flags.given()))
        case 5:
            guard let time = instant(), let celsius = number() else { return false }
            kind = .temperature(ExportEvent.Temperature(occurredAt: time, celsius: celsius))
        case 6:
            guard let time = instant(), let name = string(), let dose = optional(&flags, { $0.string() }),
                  let interval = optional(&flags, { $0.number() }) else { return false }
            kind = .medication(ExportEvent.Medication(occurredAt: time, name: name, dose: dose, nextDoseIntervalMinutes: interval))
        case 7:
            guard let start = instant(), let amount = optional(&flags, { $0.number() }), let minutes = optional(&flags, { $0.number() }),
                  let side: ExportEvent.PumpingSide? = optional(&flags, { $0.choice() }) else { return false }
            kind = .pumping(ExportEvent.Pumping(startedAt: start, amountML: amount, durationMinutes: minutes, side: side))
        case 8:
            guard let time = instant(), let food = optional(&flags, { $0.string() }),
                  let reaction = optional(&flags, { $0.string() }) else { return false }
            kind = .solids(ExportEvent.Solids(occurredAt: time, food: food, reaction: reaction))
        case 9:
            guard let start = instant(), let minutes = number() else { return false }
            kind = .tummyTime(ExportEvent.TummyTime(startedAt: start, durationMinutes: minutes))
        case 10:
            guard let type = string() else { return false }
            kind = .unknown(type: type)
        case 11:
            guard let time = instant(), let name = string(), let dose = optional(&flags, { $0.string() }) else { return false }
            kind = .vaccination(ExportEvent.Vaccination(occurredAt: time, name: name, dose: dose))
        case 12:
            guard let time = instant(), let text = string() else { return false }
            kind = .milestone(ExportEvent.Milestone(occurredAt: time, text: text))
        default:
            return false
        }
        // Each field made in its place: an event made whole and then put there was copied,
        // every string in it retained and released, a third of reading 30,000 events back
        // (decoding a one-more-day export 4.7 → 3.3 ms). These are every stored property of
        // an event, as `EventRecordsTests` checks: one left out would be memory never set.
        let raw = UnsafeMutableRawPointer(place)
        func field<Value>(_ path: KeyPath<ExportEvent, Value>, _ value: consuming Value) {
            (raw + MemoryLayout<ExportEvent>.offset(of: path)!).initializeMemory(as: Value.self, to: value)
        }
        field(\.eventID, id)
        field(\.childID, childID)
        field(\.createdBy, createdBy)
        field(\.updatedAt, updatedAt)
        field(\.kind, kind)
        return true
    }

    private mutating func byte() -> UInt8? { reader.byte() }
    private mutating func count() -> Int? { reader.count() }
    private mutating func word() -> UInt64? { reader.word() }
    private mutating func string() -> String? { count().flatMap { reader.text($0) } }

    private mutating func instant() -> Instant? { word().map { Instant(milliseconds: Int64(bitPattern: $0)) } }
    private mutating func number() -> Double? { word().map(Double.init(bitPattern:)) }

    private mutating func choice<Choice: CaseIterable>() -> Choice? where Choice.AllCases == [Choice] {
        guard let index = byte() else { return nil }
        let cases = Choice.allCases
        return Int(index) < cases.count ? cases[Int(index)] : nil
    }

    /// An optional field: nil when not given, the value when given and read, and the whole
    /// record refused (nil outside) when given and unreadable. (`read` captures nothing:
    /// the reader is handed to it.)
    private mutating func optional<Value>(_ flags: inout Flags, _ read: (inout RecordReader) -> Value?) -> Value?? {
        flags.given() ? read(&self).map { .some($0) } : .some(nil)
    }

    /// A record's bits for its optional fields, taken in the order the fields are written.
    private struct Flags {
        let bits: UInt8
        private var next: UInt8 = 0

        init(bits: UInt8) {
            self.bits = bits
        }

        mutating func given() -> Bool {
            defer { next += 1 }
            return bits & (1 << next) != 0
        }
    }
}
