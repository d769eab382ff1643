extension String {
    /// The text's lines, found one at a time as they are asked for (a file of a million
    /// lines is never split whole): split at each line feed, the carriage return of a CR LF
    /// left out, as `split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })` would split it.
    var lineByLine: some Sequence<Substring> {
        AnySequence { () -> AnyIterator<Substring> in
            var start = startIndex
            var done = false
            return AnyIterator { () -> Substring? in
                guard !done else { return nil }
                let rest = self[start...]
                guard let newline = rest.utf8.firstIndex(of: 0x0A) else {
                    done = true
                    return rest
                }
                var end = newline
                if end > start, self.utf8[self.utf8.index(before: end)] == 0x0D { end = self.utf8.index(before: end) }
                defer { start = self.utf8.index(after: newline) }
                return self[start..<end]
            }
        }
    }
}
