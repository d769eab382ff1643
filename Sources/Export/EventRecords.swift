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
        if case .unknown(let type) = event.kind {
            string(type)
        } else {
            var kind = event.kind
            kind.visitFields(&self)
        }
    }

    /// The kind's number, and one bit for each optional field given: created by and
    /// updated at first, then the kind's own in the order they are written.
    private static func tagAndFlags(_ event: ExportEvent) -> (UInt8, UInt8) {
        var presence = Presence()
        presence.add(event.createdBy != nil)
        presence.add(event.updatedAt != nil)
        var kind = event.kind
        kind.visitFields(&presence)
        return (event.kind.name.map(Self.tag) ?? Self.unknownTag, presence.flags)
    }

    /// Each kind's number in a record (an unknown type's is ``unknownTag``): the numbers
    /// records were first written with, never changed.
    static func tag(_ name: ExportEvent.KindName) -> UInt8 {
        switch name {
        case .feeding: 0
        case .diaper: 1
        case .sleep: 2
        case .note: 3
        case .measurement: 4
        case .temperature: 5
        case .medication: 6
        case .pumping: 7
        case .solids: 8
        case .tummyTime: 9
        case .vaccination: 11
        case .milestone: 12
        case .crying: 13
        }
    }

    static let unknownTag: UInt8 = 10

    /// The kind named by a record's number, by ``tag(_:)``.
    static let names: [ExportEvent.KindName?] = (0...ExportEvent.KindName.allCases.map(tag).max()!).map { number in
        ExportEvent.KindName.allCases.first { tag($0) == number }
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

extension RecordWriter: FieldVisitor {
    typealias Failure = Never

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) { instant(value) }
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) { if let value { instant(value) } }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) { number(value) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) { if let value { number(value) } }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) { string(value) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) { if let value { string(value) } }
    /// A flag is its bit alone.
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) { choice(value) }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) { if let value { choice(value) } }
}

/// Which optional fields of an event are given, and which flags set, in the order written.
private struct Presence: FieldVisitor {
    typealias Failure = Never
    /// One bit for each, from the lowest.
    private(set) var flags: UInt8 = 0
    private var next: UInt8 = 0

    mutating func add(_ given: Bool) {
        if given { flags |= 1 << next }
        next += 1
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) {}
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) { add(value != nil) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) {}
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) { add(value != nil) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) {}
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) { add(value != nil) }
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) { add(value) }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) { add(value != nil) }
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
        if tag == RecordWriter.unknownTag {
            guard let type = string() else { return false }
            kind = .unknown(type: type)
        } else {
            guard Int(tag) < RecordWriter.names.count, let name = RecordWriter.names[Int(tag)] else { return false }
            var fields = FieldsReader(reader: self, flags: flags)
            guard let read = try? ExportEvent.Kind.reading(name, with: &fields) else { return false }
            kind = read
            self = fields.reader
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
    fileprivate mutating func string() -> String? { count().flatMap { reader.text($0) } }

    fileprivate mutating func instant() -> Instant? { word().map { Instant(milliseconds: Int64(bitPattern: $0)) } }
    fileprivate mutating func number() -> Double? { word().map(Double.init(bitPattern:)) }

    fileprivate mutating func choice<Choice: CaseIterable>() -> Choice? where Choice.AllCases == [Choice] {
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
    fileprivate struct Flags {
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

/// Reads a kind's fields from a record, in the order they are written (``KindFields``).
private struct FieldsReader: FieldVisitor {
    /// The record ends before its fields do, or a word in it is not one of its choices.
    struct Cut: Error {}
    typealias Failure = Cut
    var reader: RecordReader
    var flags: RecordReader.Flags

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) throws(Cut) { value = try given(reader.instant()) }
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) throws(Cut) { value = try optional { $0.instant() } }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) throws(Cut) { value = try given(reader.number()) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) throws(Cut) { value = try optional { $0.number() } }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) throws(Cut) { value = try given(reader.string()) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) throws(Cut) { value = try optional { $0.string() } }
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) { value = flags.given() }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) throws(Cut) { value = try given(reader.choice()) }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) throws(Cut) { value = try optional { $0.choice() } }

    private func given<Value>(_ value: Value?) throws(Cut) -> Value {
        guard let value else { throw Cut() }
        return value
    }

    /// An optional field: nil when its bit says it is not given, its value when given and read.
    private mutating func optional<Value>(_ read: (inout RecordReader) -> Value?) throws(Cut) -> Value? {
        guard flags.given() else { return nil }
        return try given(read(&reader))
    }
}
