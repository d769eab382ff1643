import Dataset
import Days
import Timekeeping

/// A step parents compare between their children — the first night with 6 hours of sleep
/// in one stretch, the last night feed, the first solid food — as far as a child's logs can
/// tell it: a step seen on the first night logged may have come before logging began, one
/// after a gap in the logs somewhere in the gap, and a night feed is the last only once
/// two weeks of logged nights have had none.
struct AgeLandmark {
    enum Kind: String, CaseIterable {
        case sixHourNight = "six_hour_night"
        case lastNightFeed = "last_night_feed"
        case firstSolid = "first_solid"
    }

    /// When it happened, as far as the logs can tell.
    enum Finding: Equatable {
        /// Nothing the step is seen in was logged.
        case notLogged
        /// On this day.
        case on(LocalDate)
        /// On a day from the first to the second: the days between were not logged.
        case between(LocalDate, LocalDate)
        /// On this day or before: seen on the first day logged, or the logs began too long
        /// after birth to tell the first; for the last night feed, none was logged.
        case by(LocalDate)
        /// Not yet, on this day: the last night logged without 6 hours, or the last night
        /// feed with fewer than two weeks of logged nights after it.
        case notYet(LocalDate)

        /// The first and last day it can have been on (nil: no bound that way).
        var bounds: (earliest: LocalDate?, latest: LocalDate?)? {
            switch self {
            case .notLogged: nil
            case .on(let day): (day, day)
            case .between(let first, let last): (first, last)
            case .by(let day): (nil, day)
            case .notYet(let day): (day, nil)
            }
        }
    }

    /// How long a stretch makes a night of 6 hours.
    static let longNight = Duration.hours(6)
    /// How many logged nights without a night feed make the one before the last.
    static let nightsWithout = 14

    /// How soon after birth logging must begin for a first seen in the logs to be the first
    /// there was: before then a baby neither sleeps 6 hours nor eats solid food.
    static let loggedFromBirth = 14

    /// What `child`'s logs say of each kind, `nights` being its nights.
    static func findings(_ child: ChildDays, nights: [Night], settings: Settings) -> [Kind: Finding] {
        let fromBirth = child.child.dateOfBirth.flatMap { born in
            child.days.first(where: \.hasDailyEntries).map { $0.date.days(since: born) <= loggedFromBirth }
        } ?? false
        return [.sixHourNight: sixHourNight(nights, fromBirth: fromBirth), .lastNightFeed: lastNightFeed(child.nightFeeds(nights, settings: settings)),
                .firstSolid: firstSolid(child.days, fromBirth: fromBirth)]
    }

    /// The first night with a stretch of 6 hours, after a night logged without one.
    static func sixHourNight(_ nights: [Night], fromBirth: Bool) -> Finding {
        var before: LocalDate?
        for night in nights {
            guard night.longest >= longNight else {
                before = night.date
                continue
            }
            return settled(night.date, after: before, fromBirth: fromBirth)
        }
        return nights.last.map { .notYet($0.date) } ?? .notLogged
    }

    /// The last night with a feed in it (``ChildDays/nightFeeds(_:settings:)``), once
    /// ``nightsWithout`` nights with feeds logged have followed without one.
    static func lastNightFeed(_ feeds: [(date: LocalDate, count: Int)]) -> Finding {
        guard let first = feeds.first?.date else { return .notLogged }
        guard let lastFed = feeds.last(where: { $0.count > 0 })?.date else { return .by(first) }
        let after = feeds.filter { $0.date > lastFed }
        guard after.count >= nightsWithout, let next = after.first?.date else { return .notYet(lastFed) }
        return next == lastFed.adding(days: 1) ? .on(lastFed) : .between(lastFed, next.adding(days: -1))
    }

    /// The first day with a solid food, after a day logged without one.
    static func firstSolid(_ days: [Day], fromBirth: Bool) -> Finding {
        guard let index = days.firstIndex(where: { !$0.health.solids.isEmpty }) else { return .notLogged }
        let before = days[..<index].last(where: \.hasDailyEntries)?.date
        return settled(days[index].date, after: before, fromBirth: fromBirth)
    }

    /// `day`, when the day before it was logged; else from the day after `before` (the
    /// last logged without it). By `day`, when nothing was logged before it, or when the
    /// logs began too late after birth to tell a first from one before they began.
    private static func settled(_ day: LocalDate, after before: LocalDate?, fromBirth: Bool) -> Finding {
        guard fromBirth, let before else { return .by(day) }
        let first = before.adding(days: 1)
        return first >= day ? .on(day) : .between(first, day)
    }
}
