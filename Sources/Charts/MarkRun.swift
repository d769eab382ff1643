/// Marks of one lane that sit close enough to cover one another if drawn full size, and
/// how they are drawn: every mark stays at its own time, so a crowd is drawn smaller.
struct MarkRun: Equatable {
    /// The spots' positions in the lane's list of spots, in time order.
    let indices: Range<Int>
    /// The icons' size, or nil when even the smallest icon would cover its neighbour and
    /// the marks are ticks.
    let iconSize: Double?

    /// The smallest icon drawn: below it the glyph no longer reads.
    static let smallestIcon = 12.0

    /// `xs` (in time order) in runs: marks closer than `size` (plus a point of air) to the
    /// one before join its run. A run of one is a full icon; a longer run takes the largest
    /// icon that clears its closest pair, or ticks.
    static func runs(_ xs: [Double], size: Double) -> [MarkRun] {
        var runs: [MarkRun] = []
        var start = 0
        while start < xs.count {
            var end = start + 1
            var closest = Double.infinity
            while end < xs.count, xs[end] - xs[end - 1] < size + 1 {
                closest = min(closest, xs[end] - xs[end - 1])
                end += 1
            }
            let fitting = closest - 1
            runs.append(MarkRun(indices: start..<end, iconSize: end - start == 1 ? size : fitting >= smallestIcon ? fitting : nil))
            start = end
        }
        return runs
    }
}

/// Marks at one place in a lane: the same minute, or as good as (two changes logged
/// together), drawn on top of one another and counted.
struct MarkSpot: Equatable {
    /// Where the first of them is.
    let x: Double
    /// Their positions in the lane's list of marks.
    let indices: Range<Int>

    /// Marks closer than this to the first of a spot belong to it: under a point apart,
    /// at every width.
    static let together = 1.0

    /// `xs` (in time order) gathered into spots.
    static func spots(_ xs: [Double]) -> [MarkSpot] {
        var spots: [MarkSpot] = []
        var start = 0
        while start < xs.count {
            var end = start + 1
            while end < xs.count, xs[end] - xs[start] < together { end += 1 }
            spots.append(MarkSpot(x: xs[start], indices: start..<end))
            start = end
        }
        return spots
    }
}
