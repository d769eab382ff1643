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
