import Days

extension Array where Element == Day {
    /// The index ranges of consecutive days that `together` puts in one group (a week, a
    /// month). Slicing with them keeps the days' positions, by which their digests are found.
    func runs(_ together: (Day, Day) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices {
            if let last = runs.last, together(self[last.upperBound - 1], self[index]) {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }
}
