import Timekeeping

/// An ICU date pattern (`EEE d. MMM`, `h:mm a`, `y年M月d日`) compiled once and filled from
/// our own calendar dates and clock readings with the locale's names and digits: the
/// same text as `DateFormatter`, without its time zones, and safe on every core at once.
struct DatePattern: Sendable {
    enum Field: Sendable {
        case literal(String)
        case year(width: Int)
        case monthNumber(width: Int)
        case monthName(standalone: Bool, width: Int)
        case day(width: Int)
        case weekday(standalone: Bool, width: Int)
        case hour12(width: Int, zeroBased: Bool)
        case hour24(width: Int)
        case minute(width: Int)
        case dayPeriod
    }

    let fields: [Field]

    /// `pattern` read; letters we do not fill (eras, seconds, zones) are left out.
    init(_ pattern: String) {
        var fields: [Field] = []
        var characters = Array(pattern)[...]
        while let first = characters.first {
            if first == "'" {
                characters = characters.dropFirst()
                var text = ""
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "'" {
                        guard characters.first == "'" else { break }
                        characters = characters.dropFirst()
                    }
                    text.append(next)
                }
                fields.append(.literal(text.isEmpty ? "'" : text))
            } else if first.isASCII && first.isLetter {
                let width = characters.prefix { $0 == first }.count
                characters = characters.dropFirst(width)
                if let field = Self.field(first, width: width) { fields.append(field) }
            } else {
                // ICU's narrow no-break space before AM/PM reads as our plain space did.
                fields.append(.literal(first == "\u{202F}" ? " " : String(first)))
                characters = characters.dropFirst()
            }
        }
        self.fields = fields
    }

    private static func field(_ letter: Character, width: Int) -> Field? {
        switch letter {
        case "y", "Y", "u": .year(width: width)
        case "M": width <= 2 ? .monthNumber(width: width) : .monthName(standalone: false, width: width)
        case "L": width <= 2 ? .monthNumber(width: width) : .monthName(standalone: true, width: width)
        case "d": .day(width: width)
        case "E": .weekday(standalone: false, width: max(width, 3))
        case "e": width <= 2 ? nil : .weekday(standalone: false, width: width)
        case "c": width <= 2 ? nil : .weekday(standalone: true, width: width)
        case "h": .hour12(width: width, zeroBased: false)
        case "K": .hour12(width: width, zeroBased: true)
        case "H", "k": .hour24(width: width)
        case "m": .minute(width: width)
        case "a", "b", "B": .dayPeriod
        default: nil
        }
    }

    /// The text of `date` at `time` (either may be absent when the pattern has none of its fields).
    func text(date: LocalDate?, hour: Int = 0, minute: Int = 0, symbols: DateSymbols) -> String {
        var result = ""
        for field in fields {
            switch field {
            case .literal(let text): result += text
            case .year(let width):
                let year = date?.year ?? 0
                result += symbols.digits(width == 2 ? year % 100 : year, width: width == 2 ? 2 : 1)
            case .monthNumber(let width): result += symbols.digits(date?.month ?? 1, width: width)
            case .monthName(let standalone, let width): result += symbols.month((date?.month ?? 1) - 1, standalone: standalone, width: width)
            case .day(let width): result += symbols.digits(date?.day ?? 1, width: width)
            case .weekday(let standalone, let width): result += symbols.weekday((date?.weekday ?? 1) % 7, standalone: standalone, width: width)
            case .hour12(let width, let zeroBased):
                let twelve = hour % 12
                result += symbols.digits(twelve == 0 && !zeroBased ? 12 : twelve, width: width)
            case .hour24(let width): result += symbols.digits(hour, width: width)
            case .minute(let width): result += symbols.digits(minute, width: width)
            case .dayPeriod: result += hour < 12 ? symbols.am : symbols.pm
            }
        }
        return result
    }

    /// Whether the pattern tells morning from afternoon (a 12-hour clock).
    var hasDayPeriod: Bool {
        fields.contains { if case .dayPeriod = $0 { true } else { false } }
    }
}
