/// The forms a language gives a word by count (CLDR's plural categories): English has
/// `one` and `other`, Japanese only `other`, Arabic all six.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of the whole number `count` in `language` (a language code such as
    /// `de`), by CLDR's cardinal rules; languages without rules here use English's.
    public static func of(_ count: Int, in language: String) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case "ja", "zh", "ko", "vi", "th", "id", "ms":
            return .other
        case "ar":
            let hundreds = n % 100
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(hundreds) ? .few : (11...99).contains(hundreds) ? .many : .other
            }
        case "fr", "pt":
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es", "it":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        default:
            return n == 1 ? .one : .other
        }
    }

    /// The categories a language's plural words must each have.
    public static func required(in language: String) -> [PluralCategory] {
        switch language {
        case "ja", "zh", "ko", "vi", "th", "id", "ms": [.other]
        case "ar": [.zero, .one, .two, .few, .many, .other]
        case "fr", "pt", "es", "it": [.one, .many, .other]
        default: [.one, .other]
        }
    }
}
