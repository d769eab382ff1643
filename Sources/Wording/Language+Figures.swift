import Timekeeping

extension Language {
    /// `3h 11m`, `45m`, `2h` (to the nearest minute), in the language's words: `3 Std. 11 Min.`.
    public func hoursAndMinutes(_ duration: Duration) -> String {
        let totalMinutes = (duration.milliseconds.magnitude + 30_000) / 60_000
        let (hours, minutes) = totalMinutes.quotientAndRemainder(dividingBy: 60)
        let sign = duration.milliseconds < 0 && totalMinutes > 0 ? "-" : ""
        let hoursText = formats.integer(Int(clamping: hours)), minutesText = formats.integer(Int(minutes))
        switch (hours, minutes) {
        case (0, _): return sign + text("duration_minutes", ["minutes": minutesText])
        case (_, 0): return sign + text("duration_hours", ["hours": hoursText])
        default: return sign + text("duration_hours_minutes", ["hours": hoursText, "minutes": minutesText])
        }
    }

    /// `a, b, c` with the language's separator (`、` in Japanese, `، ` in Arabic).
    public func list(_ items: some Sequence<String>) -> String {
        items.joined(separator: text("list_separator"))
    }
}
