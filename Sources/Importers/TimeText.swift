import Timekeeping

/// Which number comes first in a date written with slashes: `1/13/26` (month first, as
/// American phones write it) or `13/1/26` (day first, as most others do).
enum DateOrder: Equatable {
    case monthFirst, dayFirst

    /// The order of the slashed dates in `texts`: day first when some date's first number
    /// cannot be a month and none's second number is past 12; otherwise month first.
    static func of(_ texts: some Sequence<String>) -> DateOrder {
        var firstPast12 = false, secondPast12 = false
        for text in texts {
            guard let (a, b, _) = TimeText.slashedNumbers(text), a.count < 4 else { continue }
            if (Int(a) ?? 0) > 12 { firstPast12 = true }
            if (Int(b) ?? 0) > 12 { secondPast12 = true }
        }
        return firstPast12 && !secondPast12 ? .dayFirst : .monthFirst
    }
}

/// Dates and times as the apps write them, read into wall-clock readings:
/// `2024-10-25 18:16`, `1/13/26, 19:54`, `1/13/26, 7:54 PM`, `02/22/2022 07:41:09 PM`,
/// `2024/2/1`. Hatch writes some times in 24 hours with a suffix (`14:41 PM`) and midnight
/// as `0:00 AM`; both are read as the clock meant them.
enum TimeText {
    /// The reading of `text`; a date alone is noon when `dateAlone` allows it.
    static func reading(_ text: String, order: DateOrder, dateAlone: Bool = false) -> LocalDateTime? {
        let trimmed = text.trimmedSpaces
        guard let split = trimmed.firstIndex(where: { $0 == " " || $0 == "," || $0 == "T" }) else {
            guard dateAlone, let date = date(trimmed, order: order) else { return nil }
            return LocalDateTime(date: date, time: TimeOfDay(hour: 12, minute: 0)!)
        }
        guard let date = date(String(trimmed[..<split]), order: order) else { return nil }
        let rest = trimmed[split...].drop { $0 == " " || $0 == "," || $0 == "T" }
        guard let millisecond = millisecondOfDay(String(rest)) else { return nil }
        return LocalDateTime(date: date, millisecondOfDay: millisecond)
    }

    /// `2024-10-25`, `2024/2/1`, `1/13/26`, `13/01/2026`.
    static func date(_ text: String, order: DateOrder) -> LocalDate? {
        if text.contains("-") { return LocalDate(text) }
        guard let (a, b, c) = slashedNumbers(text), let x = Int(a), let y = Int(b), var z = Int(c) else { return nil }
        if a.count == 4 { return LocalDate(year: x, month: y, day: z) }
        guard c.count == 2 || c.count == 4 else { return nil }
        if c.count == 2 { z += 2000 }
        return order == .monthFirst ? LocalDate(year: z, month: x, day: y) : LocalDate(year: z, month: y, day: x)
    }

    /// The three numbers of `a/b/c` as written, or nil.
    static func slashedNumbers(_ text: String) -> (Substring, Substring, Substring)? {
        let date = text.trimmedSpaces.prefix { $0 != " " && $0 != "," }
        let parts = date.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// `18:16`, `7:54 PM`, `07:41:09 pm`, `14:41 PM` (24 hours, suffix ignored), `0:00 AM`.
    static func millisecondOfDay(_ text: String) -> Int? {
        var clock = text.trimmedSpaces.uppercased()
        var suffix: String?
        for candidate in ["AM", "PM", "A.M.", "P.M."] where clock.hasSuffix(candidate) {
            suffix = String(candidate.prefix(1))
            clock = String(clock.dropLast(candidate.count)).trimmedSpaces
            break
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              var hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60 else { return nil }
        let second = parts.count == 3 ? Int(parts[2])! : 0
        guard second < 60 else { return nil }
        switch suffix {
        case "A": if hour == 12 { hour = 0 }
        case "P": if hour < 12 { hour += 12 }
        default: break
        }
        guard hour < 24 else { return nil }
        return ((hour * 60 + minute) * 60 + second) * 1000
    }
}
