extension Duration {
    /// Hours and minutes as a person says them: `5h 45m`, `45m`, `2h`, `0m`.
    /// Seconds are rounded to the nearest minute; negative durations get a minus sign.
    public var hoursAndMinutes: String {
        let totalMinutes = (abs(milliseconds) + 30_000) / 60_000
        let (hours, minutes) = totalMinutes.quotientAndRemainder(dividingBy: 60)
        let sign = milliseconds < 0 && totalMinutes > 0 ? "-" : ""
        switch (hours, minutes) {
        case (0, _): return "\(sign)\(minutes)m"
        case (_, 0): return "\(sign)\(hours)h"
        default: return "\(sign)\(hours)h \(minutes)m"
        }
    }
}

extension Duration {
    /// A length for messages: `5h 45m` up to two days, then whole days, `12,045 days`.
    public var spoken: String {
        let days = abs(milliseconds) / 86_400_000
        guard days >= 2 else { return hoursAndMinutes }
        return (milliseconds < 0 ? "-" : "") + Count.grouped(Int(days)) + " days"
    }
}
