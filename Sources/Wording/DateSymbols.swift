import Foundation

/// A locale's names of months, weekdays and day periods, and its digits, as ICU has them.
struct DateSymbols: Sendable {
    let months: [String], shortMonths: [String], narrowMonths: [String]
    let standaloneMonths: [String], shortStandaloneMonths: [String]
    /// Sunday first, as Foundation lists them.
    let weekdays: [String], shortWeekdays: [String], narrowWeekdays: [String]
    let standaloneWeekdays: [String], shortStandaloneWeekdays: [String]
    let am: String, pm: String
    /// `0` to `9` in the locale's own numbering system (`٠`…`٩` in Egypt).
    let digitCharacters: [Character]
    /// Whether those are `0`–`9` themselves, as in most locales.
    let hasASCIIDigits: Bool

    init(locale: Locale) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        months = formatter.monthSymbols
        shortMonths = formatter.shortMonthSymbols
        narrowMonths = formatter.veryShortMonthSymbols
        standaloneMonths = formatter.standaloneMonthSymbols
        shortStandaloneMonths = formatter.shortStandaloneMonthSymbols
        weekdays = formatter.weekdaySymbols
        shortWeekdays = formatter.shortWeekdaySymbols
        narrowWeekdays = formatter.veryShortWeekdaySymbols
        standaloneWeekdays = formatter.standaloneWeekdaySymbols
        shortStandaloneWeekdays = formatter.shortStandaloneWeekdaySymbols
        am = formatter.amSymbol
        pm = formatter.pmSymbol
        let numbers = NumberFormatter()
        numbers.locale = locale
        numbers.usesGroupingSeparator = false
        let digits = Array(numbers.string(from: 1_234_567_890) ?? "")
        digitCharacters = digits.count == 10 ? [digits[9]] + digits[0..<9] : Array("0123456789")
        hasASCIIDigits = digitCharacters == Array("0123456789")
    }

    func month(_ index: Int, standalone: Bool, width: Int) -> String {
        switch (width, standalone) {
        case (3, false): shortMonths[index]
        case (3, true): shortStandaloneMonths[index]
        case (4, true): standaloneMonths[index]
        case (5, _): narrowMonths[index]
        default: months[index]
        }
    }

    func weekday(_ index: Int, standalone: Bool, width: Int) -> String {
        switch (width, standalone) {
        case (4, false): weekdays[index]
        case (4, true): standaloneWeekdays[index]
        case (5, _): narrowWeekdays[index]
        case (_, true): shortStandaloneWeekdays[index]
        default: shortWeekdays[index]
        }
    }

    /// `value` in the locale's digits, padded with zeros to `width`.
    func digits(_ value: Int, width: Int = 1) -> String {
        if hasASCIIDigits && (width <= 1 || (width == 2 && value >= 0)) {
            return width == 2 && value < 10 ? "0" + String(value) : String(value)
        }
        var text = String(value.magnitude)
        if text.count < width { text = String(repeating: "0", count: width - text.count) + text }
        if value < 0 { text = "-" + text }
        guard digitCharacters.first != "0" else { return text }
        return String(text.map { $0.wholeNumberValue.map { digitCharacters[$0] } ?? $0 })
    }
}
