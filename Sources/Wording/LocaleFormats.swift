import Foundation
import Timekeeping

/// Which clock times are told on: the locale's own, or 24- or 12-hour by choice (`--clock`).
public enum Clock: String, Sendable, CaseIterable {
    case twentyFour = "24"
    case twelve = "12"
}

/// How a locale writes dates, times and numbers, from ICU's data through Foundation:
/// `Sat, Nov 21` and `9:05 PM` in `en-US`, `Sa. 21. Nov.` and `21:05` in `de`,
/// `11月21日(土)` and `21:05` in `ja`.
public final class LocaleFormats: Sendable {
    /// The locale's identifier, `de-AT`.
    public let identifier: String
    private let symbols: DateSymbols
    private let shortDatePattern, longDatePattern, monthDayPattern, datePattern, monthYearPattern, timePattern: DatePattern
    private let decimalSeparator: String
    private let percentPattern: (before: String, after: String)
    /// Whether times are told on a 12-hour clock.
    public let usesTwelveHourClock: Bool
    /// The first day of the week, 1 = Monday through 7 = Sunday.
    public let firstWeekday: Int
    /// The minutes of the day as said before: pages tell the same times thousands of times.
    private let times = Memo(count: 24 * 60)

    public init(identifier: String, clock: Clock? = nil) {
        let locale = Locale(identifier: identifier)
        func pattern(_ template: String) -> DatePattern {
            DatePattern(DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template)
        }
        self.identifier = identifier
        symbols = DateSymbols(locale: locale)
        shortDatePattern = pattern("EEEMMMd")
        longDatePattern = pattern("EEEEMMMMdy")
        monthDayPattern = pattern("MMMd")
        datePattern = pattern("yMMMd")
        monthYearPattern = pattern("MMMMy")
        timePattern = pattern(clock == .twentyFour ? "Hmm" : clock == .twelve ? "hmma" : "jmm")
        usesTwelveHourClock = timePattern.hasDayPeriod
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        firstWeekday = calendar.firstWeekday == 1 ? 7 : calendar.firstWeekday - 1
        let numbers = NumberFormatter()
        numbers.locale = locale
        decimalSeparator = numbers.decimalSeparator ?? "."
        numbers.numberStyle = .percent
        let percent = numbers.string(from: 0.42) ?? "42%"
        let fortyTwo = symbols.digits(42)
        if let range = percent.range(of: fortyTwo) {
            percentPattern = (String(percent[..<range.lowerBound]), String(percent[range.upperBound...]))
        } else {
            percentPattern = ("", "%")
        }
    }

    /// `Sat, Nov 21`.
    public func shortDate(_ date: LocalDate) -> String {
        shortDatePattern.text(date: date, symbols: symbols)
    }

    /// `Saturday, November 21, 2026`.
    public func longDate(_ date: LocalDate) -> String {
        longDatePattern.text(date: date, symbols: symbols)
    }

    /// `Nov 21, 2026`.
    public func date(_ date: LocalDate) -> String {
        datePattern.text(date: date, symbols: symbols)
    }

    /// `Nov 21`.
    public func monthDay(_ date: LocalDate) -> String {
        monthDayPattern.text(date: date, symbols: symbols)
    }

    /// `November 2026`.
    public func month(year: Int, month: Int) -> String {
        monthYearPattern.text(date: LocalDate(year: year, month: month, day: 1) ?? LocalDate(daysSinceEpoch: 0), symbols: symbols)
    }

    /// `9:05 PM`, `21:05`.
    public func time(hour: Int, minute: Int) -> String {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else {
            return timePattern.text(date: nil, hour: hour, minute: minute, symbols: symbols)
        }
        return times.value(at: hour * 60 + minute) { timePattern.text(date: nil, hour: hour, minute: minute, symbols: symbols) }
    }

    /// The weekday's short name, `Sat`; `weekday` is 1 = Monday through 7 = Sunday.
    public func shortWeekday(_ weekday: Int) -> String {
        symbols.weekday(weekday % 7, standalone: true, width: 3)
    }

    /// The weekday's full name, `Saturday`.
    public func weekday(_ weekday: Int) -> String {
        symbols.weekday(weekday % 7, standalone: true, width: 4)
    }

    /// The month's short name on its own, `Nov`; `month` is 1 through 12.
    public func shortMonth(_ month: Int) -> String {
        symbols.month(month - 1, standalone: true, width: 3)
    }

    /// A whole number in the locale's digits: `12`, `١٢`.
    public func integer(_ value: Int) -> String {
        symbols.digits(value)
    }

    /// A number to a tenth without `.0`: `4.5`, `4,5`, `12`.
    public func number(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e15 else { return symbols.digits(Int(value.rounded(.towardZero))) }
        let whole = Int(tenths) / 10, tenth = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return tenth == 0 ? sign + symbols.digits(whole) : sign + symbols.digits(whole) + decimalSeparator + symbols.digits(tenth)
    }

    /// A number with exactly one decimal: `13.5`, `13,0`.
    public func oneDecimal(_ value: Double) -> String {
        fixed(value, places: 1)
    }

    /// A number with exactly two decimals: `6.40`, `6,40`.
    public func twoDecimals(_ value: Double) -> String {
        fixed(value, places: 2)
    }

    /// `value` with exactly `places` (1 or 2) decimals.
    private func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return "–" }
        let scale = places == 1 ? 10 : 100
        let scaled = Int((value * Double(scale)).rounded())
        let sign = scaled < 0 ? "-" : ""
        return sign + symbols.digits(abs(scaled) / scale) + decimalSeparator + symbols.digits(abs(scaled) % scale, width: places)
    }

    /// `0` to `9` in the locale's digits: `0123456789`, `٠١٢٣٤٥٦٧٨٩`.
    public var digits: String {
        String(symbols.digitCharacters)
    }

    /// `42%`, `42 %`.
    public func percent(_ text: String) -> String {
        percentPattern.before + text + percentPattern.after
    }
}
