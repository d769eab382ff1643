extension LocalDate {
    /// The ISO 8601 week this date falls in: weeks start on Monday, and week 1 is the
    /// one holding the year's first Thursday (so 2026-12-31 may be in week 53 of 2026
    /// and 2027-01-01 in that same week).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - weekday)
        let firstOfYear = LocalDate(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, thursday.days(since: firstOfYear) / 7 + 1)
    }

    /// The Monday that starts this date's ISO week.
    public var startOfISOWeek: LocalDate {
        adding(days: 1 - weekday)
    }
}

extension LocalDate {
    /// The first of the seven days holding this date, in weeks starting on `firstWeekday`
    /// (1 = Monday through 7 = Sunday): a Sunday in the US and Japan, a Monday in most of
    /// Europe, a Saturday in parts of the Arab world.
    public func startOfWeek(firstWeekday: Int) -> LocalDate {
        adding(days: -((weekday - firstWeekday + 7) % 7))
    }

    /// The ISO week that names this date's week when weeks start on `firstWeekday`: that
    /// of the one Monday among its seven days, so that a week keeps its number (and its
    /// page its address) whichever day a family's weeks begin on.
    public func week(firstWeekday: Int) -> (year: Int, week: Int) {
        startOfWeek(firstWeekday: firstWeekday).adding(days: (8 - firstWeekday) % 7).isoWeek
    }
}
