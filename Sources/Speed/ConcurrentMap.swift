import Dispatch

extension Array where Element: Sendable {
    /// `transform` of every element, in order, with the elements shared among the cores:
    /// for a few large independent pieces, such as each child's days.
    public func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each slot is written by one worker only, and read after all are done.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = transform(self[index])
            }
        }
        return results.map { $0! }
    }
}
