extension Range<Int> {
    /// The indices in consecutive runs of `size` (the last may be shorter): pieces of work
    /// too small to be handed out one by one.
    public func runs(each size: Int) -> [Range<Int>] {
        stride(from: lowerBound, to: upperBound, by: size).map { $0..<Swift.min($0 + size, upperBound) }
    }

    /// The indices in at most `parts` consecutive runs of about equal size, one for each core.
    public func runs(parts: Int) -> [Range<Int>] {
        runs(each: Swift.max(1, (count + parts - 1) / parts))
    }
}
