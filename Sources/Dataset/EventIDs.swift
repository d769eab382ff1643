import Export

/// Which event first had each id, found by a 64-bit hash of the id: the ids themselves
/// are compared only when two hashes meet, and none is kept in the table (a table of
/// thirty thousand ids, each hashed, retained and at the end released, was a third of
/// the whole check). The table is open addressing on each hash's top bits after one
/// multiplication, rather than a `Dictionary`, which hashed each hash again.
struct EventIDs {
    /// A hash and the place of the first event with it, plus one (0 marks a free slot).
    private struct Slot {
        var hash: UInt64 = 0
        var place = 0
    }

    private var slots: [Slot]
    private var used = 0
    /// Ids whose hash an earlier, different id had: by the ids themselves.
    private var collided: [EventID: Int] = [:]
    private let hash: (EventID) -> UInt64
    /// The first events' ids, when known to differ (they are then not placed in the table).
    private let known: KnownIDs?

    /// `hash` is for tests, which make every id meet another; `known` is not used with it.
    init(capacity: Int, known: KnownIDs? = nil, hash: @escaping (EventID) -> UInt64 = KnownIDs.hash) {
        self.known = known
        slots = Array(repeating: Slot(), count: Self.size(for: capacity - (known?.count ?? 0)))
        self.hash = hash
    }

    /// The index of an earlier event in `events` with the id of `events[index]`, or nil
    /// when it is the first with that id (it is then remembered).
    mutating func earlier(than index: Int, in events: [ExportEvent]) -> Int? {
        // One of the first events, whose ids differ from one another.
        if let known, index < known.count { return nil }
        let id = events[index].eventID
        let hash = hash(id)
        guard let first = known?.place(of: hash) ?? firstPlace(of: hash, else: index) else { return nil }
        if events[first].eventID == id { return first }
        if let earlier = collided[id] { return earlier }
        collided[id] = index
        return nil
    }

    /// The place remembered for `hash`, or nil when there was none (`place` is then).
    private mutating func firstPlace(of hash: UInt64, else place: Int) -> Int? {
        if (used + 1) * 2 > slots.count { grow() }
        let found = slot(for: hash)
        guard slots[found].place == 0 else { return slots[found].place - 1 }
        slots[found] = Slot(hash: hash, place: place + 1)
        used += 1
        return nil
    }

    /// Twice the slots, every entry placed again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        for entry in old where entry.place != 0 {
            slots[slot(for: entry.hash)] = entry
        }
    }

    /// The slot holding `hash`, or the free one where it goes: looked for first at the top
    /// bits of the hash times the golden ratio (which spreads any hash evenly), then on.
    private func slot(for hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.count.trailingZeroBitCount))
        while slots[slot].place != 0, slots[slot].hash != hash {
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// A power of two at least twice `count`: the table stays at most half full.
    private static func size(for count: Int) -> Int {
        var size = 16
        while size < count * 2 { size *= 2 }
        return size
    }
}
