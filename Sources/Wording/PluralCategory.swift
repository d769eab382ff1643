/// The forms a language gives a word by count (CLDR's plural categories): English has
/// `one` and `other`, Japanese only `other`, Arabic all six.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (a language code such as
    /// `de`), by CLDR's cardinal rules; languages without rules here use English's.
    public static func of(_ count: Int, in language: String) -> PluralCategory {
        Rule(language).category(count.magnitude)
    }

    /// The categories a language's plural words must each have.
    public static func required(in language: String) -> [PluralCategory] {
        Rule(language).categories
    }

    /// CLDR's cardinal rules for whole numbers, by the languages that share them.
    private enum Rule {
        case none, arabic, zeroAndOneAreOne, oneOnly, english

        init(_ language: String) {
            switch language {
            case "ja", "zh", "ko", "vi", "th", "id", "ms": self = .none
            case "ar": self = .arabic
            case "fr", "pt": self = .zeroAndOneAreOne
            case "es", "it": self = .oneOnly
            default: self = .english
            }
        }

        var categories: [PluralCategory] {
            switch self {
            case .none: [.other]
            case .arabic: [.zero, .one, .two, .few, .many, .other]
            case .zeroAndOneAreOne, .oneOnly: [.one, .many, .other]
            case .english: [.one, .other]
            }
        }

        func category(_ n: UInt) -> PluralCategory {
            switch self {
            case .none: return .other
            case .arabic:
                let hundreds = n % 100
                switch n {
                case 0: return .zero
                case 1: return .one
                case 2: return .two
                default: return (3...10).contains(hundreds) ? .few : (11...99).contains(hundreds) ? .many : .other
                }
            case .zeroAndOneAreOne:
                if n <= 1 { return .one }
                return n % 1_000_000 == 0 ? .many : .other
            case .oneOnly:
                if n == 1 { return .one }
                return n != 0 && n % 1_000_000 == 0 ? .many : .other
            case .english:
                return n == 1 ? .one : .other
            }
        }
    }
}
