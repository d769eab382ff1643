import Hashing

/// The ids of an export's first events, known to differ from one another: each id's hash
/// (``hash(_:)``), sorted, with its event's place. The previous build keeps them in its
/// export index when every id of its export had a hash of its own; the events the next
/// export shares with it byte for byte have the same ids, so the check for repeated ids
/// looks only the rest up among them, instead of hashing and placing every id again.
public struct KnownIDs: Sendable, Equatable {
    /// How many of the export's first events these are: a place at or past it is not one.
    public let count: Int
    let entries: [Entry]

    struct Entry: Sendable, Equatable {
        let hash: UInt64
        let place: Int
    }

    init(count: Int, entries: [Entry]) {
        self.count = count
        self.entries = entries
    }

    /// The hash by which ids are told apart (equal ids, equal hashes).
    public static func hash(_ id: String) -> UInt64 {
        hash(EventID(id))
    }

    /// The same hash: of a UUID's two words, of any other id's text (one text is always one
    /// ``EventID``, so equal ids still have equal hashes).
    public static func hash(_ id: EventID) -> UInt64 {
        var hasher = StableHasher()
        switch id {
        case .uuid(let high, let low):
            hasher.combine(Int64(bitPattern: high))
            hasher.combine(Int64(bitPattern: low))
        case .text(let text):
            hasher.combine(text)
        }
        return hasher.finalize().value
    }

    /// The place of the event among the first ``count`` whose id has `hash`, if any.
    public func place(of hash: UInt64) -> Int? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].hash == hash, entries[low].place < count else { return nil }
        return entries[low].place
    }

    /// The sorted entries of `events`' ids, or nil when two ids share a hash (two equal
    /// ids, or a rare meeting of different ones): then nothing is known of them. The
    /// entries of the first events are taken from `known` when given, not hashed again.
    static func entries(of events: [ExportEvent], after known: KnownIDs? = nil) -> [Entry]? {
        let start = known.map { min($0.count, events.count) } ?? 0
        var rest = events.indices[start...].map { Entry(hash: hash(events[$0].eventID), place: $0) }
        rest.sort { $0.hash < $1.hash }
        // The known entries of the first events (skipping any of events past them, not
        // copied out first: they are a whole export's) merged with the rest's.
        let first = known?.entries ?? []
        var entries: [Entry] = []
        entries.reserveCapacity(first.count + rest.count)
        var (i, j) = (0, 0)
        while true {
            while i < first.count, first[i].place >= start { i += 1 }
            let next: Entry
            if i < first.count, j == rest.count || first[i].hash < rest[j].hash {
                next = first[i]
                i += 1
            } else if j < rest.count {
                next = rest[j]
                j += 1
            } else {
                break
            }
            if let last = entries.last, last.hash == next.hash { return nil }
            entries.append(next)
        }
        return entries
    }
}
