import Dataset
import Timekeeping

/// The sleep of one night: its stretches begun outside the nap hours
/// (``Settings/isNap(startingAt:)``), from the evening to the morning after.
public struct Night: Sendable, Equatable {
    /// The evening it began on.
    public let date: LocalDate
    /// When its first stretch began and its last ended.
    public internal(set) var start: Instant
    public internal(set) var end: Instant
    public internal(set) var longest: Duration
    /// Its stretches' time asleep together, and how many there are (one more than the wakings).
    public internal(set) var asleep: Duration
    public internal(set) var stretches = 1
    /// Whether its last stretch was still going at the export.
    public internal(set) var isOngoing: Bool
    /// Whether the day its first stretch began in logged feeds.
    public let feedsLogged: Bool

    /// A feed this soon after the night's first sleep began settles the child for the night
    /// rather than waking it: not a night feed.
    public static let settling = Duration.minutes(30)

    /// `span`, a later stretch of the same night.
    mutating func add(_ span: SleepSpan) {
        end = max(end, span.end)
        longest = max(longest, span.length)
        asleep = Duration(milliseconds: asleep.milliseconds + span.length.milliseconds)
        stretches += 1
        isOngoing = span.isOngoing
    }

    /// The evening a night's moment belongs to: the day before, in the small hours.
    static func date(of local: LocalDateTime, settings: Settings) -> LocalDate {
        local.timeOfDay < settings.napStartMin ? local.date.adding(days: -1) : local.date
    }
}

extension ChildDays {
    /// The child's nights, in order; a stretch across the day start is read once.
    public func nights(settings: Settings) -> [Night] {
        let zone = settings.zone
        var nights: [Night] = []
        var lastStart: Instant?
        for day in days {
            for span in day.sleepSpans where lastStart.map({ span.start > $0 }) ?? true {
                lastStart = span.start
                let local = zone.localDateTime(at: span.start)
                guard !settings.isNap(startingAt: local.timeOfDay) else { continue }
                let date = Night.date(of: local, settings: settings)
                if nights.last?.date == date {
                    nights[nights.count - 1].add(span)
                } else {
                    nights.append(Night(date: date, start: span.start, end: span.end, longest: span.length, asleep: span.length,
                                        isOngoing: span.isOngoing, feedsLogged: day.summary.logged.contains(.feeds)))
                }
            }
        }
        return nights
    }

    /// How many night feeds each night of `nights` that logged feeds had, in order: feeds
    /// begun outside the nap hours, over ``Night/settling`` after the night's first sleep
    /// began and before its last sleep ended — not the feed before bed, nor the morning's.
    public func nightFeeds(_ nights: [Night], settings: Settings) -> [(date: LocalDate, count: Int)] {
        let zone = settings.zone
        var counts: [LocalDate: Int] = [:]
        var byDate: [LocalDate: Night] = [:]
        for night in nights where night.feedsLogged {
            byDate[night.date] = night
            counts[night.date] = 0
        }
        for day in days {
            for feeding in day.feedings {
                let local = zone.localDateTime(at: feeding.startedAt)
                guard !settings.isNap(startingAt: local.timeOfDay), let night = byDate[Night.date(of: local, settings: settings)],
                      feeding.startedAt >= night.start + Night.settling, feeding.startedAt < night.end else { continue }
                counts[night.date, default: 0] += 1
            }
        }
        return counts.sorted { $0.key < $1.key }.map { (date: $0.key, count: $0.value) }
    }
}
