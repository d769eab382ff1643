import Export
import Timekeeping

/// How figures read on the pages: US English, 12-hour clock, hours and minutes.
public enum Format {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `9:05 PM`.
    public static func time(_ local: LocalDateTime) -> String {
        let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
        let minute = local.minute < 10 ? "0\(local.minute)" : "\(local.minute)"
        return "\(hour12):\(minute) \(local.hour < 12 ? "AM" : "PM")"
    }

    /// `9:05 PM` at `instant` in `zone`; `1:30 AM CDT` or `1:30 AM CST` in the hour that a
    /// fall-back change repeats, so the two are told apart.
    public static func time(_ instant: Instant, in zone: Zone) -> String {
        let text = time(zone.localDateTime(at: instant))
        return zone.isRepeated(instant) ? text + " " + zone.abbreviation(at: instant) : text
    }

    /// `Sat, Nov 21, 7:30 AM`: the calendar date and time the clock read at `instant`.
    public static func dayAndTime(_ instant: Instant, in zone: Zone) -> String {
        "\(shortDate(zone.localDateTime(at: instant).date)), \(time(instant, in: zone))"
    }

    /// `9:05 PM` for a time of day.
    public static func time(_ time: TimeOfDay) -> String {
        Format.time(LocalDateTime(date: LocalDate(daysSinceEpoch: 0), time: time))
    }

    /// `Nov 21`, for labels with little room.
    public static func monthDay(_ date: LocalDate) -> String {
        "\(monthNames[date.month - 1].prefix(3)) \(date.day)"
    }

    /// `Saturday, November 21, 2026`.
    public static func longDate(_ date: LocalDate) -> String {
        "\(weekdayNames[date.weekday - 1]), \(monthNames[date.month - 1]) \(date.day), \(date.year)"
    }

    /// `Sat, Nov 21`.
    public static func shortDate(_ date: LocalDate) -> String {
        "\(weekdayNames[date.weekday - 1].prefix(3)), \(monthNames[date.month - 1].prefix(3)) \(date.day)"
    }

    /// `November 2026`.
    public static func month(year: Int, month: Int) -> String {
        "\(monthNames[month - 1]) \(year)"
    }

    /// `16 weeks 1 day`, `3 days`, `1 week`; nil before birth.
    public static func age(days: Int) -> String? {
        guard days >= 0 else { return nil }
        let (weeks, rest) = days.quotientAndRemainder(dividingBy: 7)
        let dayPart = rest == 1 ? "1 day" : "\(rest) days"
        switch (weeks, rest) {
        case (0, _): return dayPart
        case (_, 0): return weeks == 1 ? "1 week" : "\(weeks) weeks"
        default: return "\(weeks == 1 ? "1 week" : "\(weeks) weeks") \(dayPart)"
        }
    }

    /// A child's age on `date` as parents say it: `5 weeks 6 days`, past eight weeks with
    /// the months too, `16 weeks 3 days (3 months)`, and from two years in years and months,
    /// `3 years 2 months`; nil before birth.
    public static func age(born: LocalDate, on date: LocalDate) -> String? {
        let days = date.days(since: born)
        guard let weeks = age(days: days) else { return nil }
        if let whole = AgeContext.months(from: born, to: date), whole >= 24 {
            let (years, months) = whole.quotientAndRemainder(dividingBy: 12)
            return count(years, "year") + (months == 0 ? "" : " " + count(months, "month"))
        }
        guard days >= 56, let months = months(from: born, to: date) else { return weeks }
        return "\(weeks) (\(months))"
    }

    /// `1h 9m`, `24 min`, `90 ml` kept on one line: a space that never breaks between a
    /// number and its unit.
    public static func unbroken(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(scalar == " " ? "\u{00A0}" : scalar)
        }
        return String(result)
    }

    /// Minutes, never split from their unit: `24 min`.
    public static func minutes(_ value: Double) -> String {
        "\(number(value))\u{00A0}min"
    }

    /// A duration for a page, never split across lines: `1h 9m`.
    public static func duration(_ duration: Duration) -> String {
        unbroken(duration.hoursAndMinutes)
    }

    /// Whole calendar months from `birth` to `date` (a month is complete on the same day
    /// of the month, or on the month's last day when it is shorter): `9 months`, `1 month`.
    public static func months(from birth: LocalDate, to date: LocalDate) -> String? {
        AgeContext.months(from: birth, to: date).map { $0 == 1 ? "1 month" : "\($0) months" }
    }

    /// `90 ml`, or `3 oz` (to a tenth) when the family reads ounces.
    public static func volume(ml: Double, in unit: VolumeUnit) -> String {
        switch unit {
        case .ml: return "\(number(ml))\u{00A0}ml"
        case .oz: return "\(number((ml / 29.5735 * 10).rounded() / 10))\u{00A0}oz"
        }
    }

    /// A whole number without `.0`, otherwise up to one decimal.
    public static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 {
            return String(Int64(tenths / 10))
        }
        return String(Double(Int64(tenths)) / 10)
    }

    /// How long ago, as people say it: `2h 15m` within a day, then `1 day 14h`, `3 days 4h`,
    /// and from a week on whole days, `19 days`.
    public static func elapsed(_ duration: Duration) -> String {
        let hours = duration.milliseconds / 3_600_000
        if hours < 24 { return duration.hoursAndMinutes }
        let (days, rest) = hours.quotientAndRemainder(dividingBy: 24)
        let dayText = days == 1 ? "1 day" : "\(days) days"
        return days < 7 && rest > 0 ? "\(dayText) \(rest)h" : dayText
    }

    /// `1 feed`, `3 feeds`.
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
