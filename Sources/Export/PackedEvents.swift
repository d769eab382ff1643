import Bytes
import Timekeeping

/// Events kept as their records (see ``EventRecords``), made into events again as they are
/// read: a feed of an app's short row takes about 35 bytes this way and 128 as an event, so
/// the events of a 20 MB file of short rows fit beside the file. An event set again is
/// written anew and the old record left where it is (records are never changed in place,
/// so a copy of the store keeps its own events, as a value does).
public struct PackedEvents: RandomAccessCollection, Sendable {
    /// Where a record is: its chunk and where in it it begins.
    private struct Place: Sendable {
        let chunk: UInt32
        let offset: UInt32
    }

    /// The records, in chunks of about ``chunkBytes`` (a longer record has a chunk of its
    /// own), so that the store grows without copying what it holds.
    private var chunks: [[UInt8]] = []
    private var places: [Place] = []
    /// Each child id met, by number, as the records refer to them.
    private var childIDs: [String] = []
    private var childNumbers: [String: Int] = [:]

    static let chunkBytes = 1 << 20

    public init() {}

    public init(_ events: some Sequence<ExportEvent>) {
        for event in events { append(event) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { places.count }

    /// The bytes the events' records take (each event's place in them aside: 8 bytes more).
    public var recordBytes: Int { chunks.reduce(0) { $0 + $1.count } }

    /// How many events the store has room for without growing its list of places.
    public var capacity: Int { places.capacity }

    public subscript(position: Int) -> ExportEvent {
        get {
            let place = places[position]
            var reader = RecordReader(bytes: chunks[Int(place.chunk)][...], at: Int(place.offset), childIDs: childIDs)
            return withUnsafeTemporaryAllocation(of: ExportEvent.self, capacity: 1) { buffer in
                guard reader.event(into: buffer.baseAddress!) else { preconditionFailure("a record the store wrote does not read back") }
                return buffer.baseAddress!.move()
            }
        }
        set {
            places[position] = write(newValue)
        }
    }

    public mutating func append(_ event: ExportEvent) {
        places.append(write(event))
    }

    /// Makes room in the list of places for `count` events (the records grow as they come).
    public mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
    }

    public mutating func swapAt(_ first: Int, _ second: Int) {
        places.swapAt(first, second)
    }

    public mutating func removeLast(_ count: Int) {
        places.removeLast(count)
    }

    /// Puts the events in the order of `key`, events of the same key in the order they
    /// were; each event is made once, for its key.
    public mutating func sort(byKey key: (ExportEvent) -> Instant) {
        var keys = indices.map { (key: key(self[$0]).milliseconds, index: UInt32($0)) }
        keys.sort { ($0.key, $0.index) < ($1.key, $1.index) }
        places = keys.map { places[Int($0.index)] }
    }

    /// Writes `event`'s record at the end of the last chunk, or of a new one when it does
    /// not fit, and says where.
    private mutating func write(_ event: ExportEvent) -> Place {
        if childNumbers[event.childID] == nil {
            childNumbers[event.childID] = childIDs.count
            childIDs.append(event.childID)
        }
        var writer = RecordWriter(into: ByteBuffer(capacity: 256), childNumbers: childNumbers)
        writer.event(event)
        return writer.bytes.withBytes { record in
            if chunks.isEmpty || chunks[chunks.count - 1].count + record.count > Self.chunkBytes {
                chunks.append([])
                chunks[chunks.count - 1].reserveCapacity(Swift.max(Self.chunkBytes, record.count))
            }
            let last = chunks.count - 1
            let place = Place(chunk: UInt32(last), offset: UInt32(chunks[last].count))
            chunks[last].append(contentsOf: record)
            return place
        }
    }
}
