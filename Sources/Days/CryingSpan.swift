import Dataset
import Export
import Timekeeping

/// A stretch of crying: a spell with a length, or several overlapping ones merged so that
/// every minute of crying is counted once.
public struct CryingSpan: Sendable, Equatable {
    public let start: Instant
    public let end: Instant

    public var length: Duration { end - start }

    /// The spells with a length (sorted by start) merged wherever one starts before the
    /// previous ended.
    static func merging(_ cryings: [Crying]) -> [CryingSpan] {
        var spans: [CryingSpan] = []
        for crying in cryings {
            guard let end = crying.fields.end else { continue }
            if let last = spans.last, crying.startedAt <= last.end {
                spans[spans.count - 1] = CryingSpan(start: last.start, end: max(last.end, end))
            } else {
                spans.append(CryingSpan(start: crying.startedAt, end: end))
            }
        }
        return spans
    }
}

/// Crying in the day (docs/archive.md, Figures).
public struct CryingFigures: Sendable, Equatable {
    /// Spells that started in the day.
    public var spells = 0
    /// Of those, the spells logged with no end and no minutes: known, but not how long.
    public var untimed = 0
    /// Crying inside the day's window, overlaps counted once; a spell that began the day
    /// before counts here for its part after the day start.
    public var time = Duration.zero

    public var seconds: Int64 { time.roundedSeconds }

    /// Whether the day has crying: a spell started in it, or a stretch reaching into it.
    public var isLogged: Bool { spells > 0 || time > .zero }
}
