import Hashing
import Source

/// Which event first had each id, found by a 64-bit hash of the id: the ids themselves
/// are compared only when two hashes meet, and none is kept in the table (a table of
/// thirty thousand ids, each hashed, retained and at the end released, was a third of
/// the whole check).
struct EventIDs {
    private var firstByHash: [UInt64: Int] = [:]
    /// Ids whose hash an earlier, different id had: by the ids themselves.
    private var collided: [String: Int] = [:]
    private let hash: (String) -> UInt64

    /// `hash` is for tests, which make every id meet another.
    init(capacity: Int, hash: @escaping (String) -> UInt64 = Self.stableHash) {
        firstByHash.reserveCapacity(capacity)
        self.hash = hash
    }

    static func stableHash(_ id: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(id)
        return hasher.finalize().value
    }

    /// The index of an earlier event in `events` with the id of `events[index]`, or nil
    /// when it is the first with that id (it is then remembered).
    mutating func earlier(than index: Int, in events: [ExportEvent]) -> Int? {
        let id = events[index].id
        let hash = hash(id)
        // One look-up for the usual case, a new id; a hash already taken is put back.
        guard let first = firstByHash.updateValue(index, forKey: hash) else { return nil }
        firstByHash[hash] = first
        if events[first].id == id { return first }
        if let earlier = collided[id] { return earlier }
        collided[id] = index
        return nil
    }
}
