/// A calendar date without a time zone, such as the day a page reports on.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The proleptic Gregorian year.
    public let year: Int
    /// The month, 1 through 12.
    public let month: Int
    /// The day of the month, 1 through 31.
    public let day: Int

    /// The date with these fields, or nil when they name no real date (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days: exact for every proleptic Gregorian date.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Parses `YYYY-MM-DD`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        self.init(bytes: Array(text.utf8)[...])
    }

    /// Parses `YYYY-MM-DD` in `bytes` (a timestamp's first ten, say).
    init?(bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = Digits.value(bytes[start..<(start + 4)]),
              let month = Digits.value(bytes[(start + 5)..<(start + 7)]),
              let day = Digits.value(bytes[(start + 8)..<(start + 10)]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole days from `other` to this date.
    public func days(since other: LocalDate) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    /// The day of the week, 1 = Monday through 7 = Sunday (ISO 8601).
    public var weekday: Int {
        let mondayBased = (daysSinceEpoch + 3) % 7 // 1970-01-01 was a Thursday.
        return (mondayBased < 0 ? mondayBased + 7 : mondayBased) + 1
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        guard (0...9999).contains(year) else {
            return "\(Digits.padded(year, 4))-\(Digits.padded(month, 2))-\(Digits.padded(day, 2))"
        }
        // Ten bytes written in place: a string that small needs no memory of its own.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            write(into: buffer)
            return 10
        }
    }

    /// Writes `YYYY-MM-DD` into the first ten bytes of `buffer`; the year is from 0 to 9999.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        Digits.write(year, 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        Digits.write(month, 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        Digits.write(day, 2, into: buffer, at: 8)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `year` has a February 29th.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
