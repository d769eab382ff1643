import Foundation
import Timekeeping

extension Language {
    /// `3h 11m`, `45m`, `2h` (to the nearest minute), in the language's words: `3 Std. 11 Min.`.
    public func hoursAndMinutes(_ duration: Duration) -> String {
        let totalMinutes = (duration.milliseconds.magnitude + 30_000) / 60_000
        // Pages say the same few hundred durations thousands of times.
        if duration.milliseconds >= 0, totalMinutes < durations.count {
            return durations.value(at: Int(totalMinutes)) { hoursAndMinutes(minutes: totalMinutes, sign: "") }
        }
        return hoursAndMinutes(minutes: totalMinutes, sign: duration.milliseconds < 0 && totalMinutes > 0 ? "-" : "")
    }

    private func hoursAndMinutes(minutes totalMinutes: UInt64, sign: String) -> String {
        let (hours, minutes) = totalMinutes.quotientAndRemainder(dividingBy: 60)
        let hoursText = formats.integer(Int(clamping: hours)), minutesText = formats.integer(Int(minutes))
        switch (hours, minutes) {
        case (0, _): return sign + text("duration_minutes", ["minutes": minutesText])
        case (_, 0): return sign + text("duration_hours", ["hours": hoursText])
        default: return sign + text("duration_hours_minutes", ["hours": hoursText, "minutes": minutesText])
        }
    }

    /// `62nd`, `3rd`, `97th` (`62.` in German, `62e` in French): a whole number said as a
    /// rank, as a percentile's line is named. English's suffixes go by the last digits.
    public func ordinal(_ whole: Int) -> String {
        guard languageCode == "en" else { return text("ordinal", ["number": formats.integer(whole)]) }
        let suffix = (11...13).contains(whole % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][whole % 10] ?? "th"
        return "\(whole)\(suffix)"
    }

    /// `a, b, c` with the language's separator (`、` in Japanese, `، ` in Arabic).
    public func list(_ items: some Sequence<String>) -> String {
        items.joined(separator: text("list_separator"))
    }
}

extension Language {
    /// The texts of `keys` (a plural word with each of its forms), the language's code and
    /// digits, as JSON for the archive's script: `{"digits":"0123456789","lang":"de",…}`.
    public func scriptWords(_ keys: [String]) -> String {
        var words: [String: JSONValue] = [:]
        for key in keys {
            switch entries[key] {
            case .text(let message): words[key] = .text(message.source)
            case .plural(let forms): words[key] = .forms(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value.source) }))
            case nil: break
            }
        }
        let script = ScriptWords(lang: code, digits: formats.digits, words: words)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(script)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// What the archive's script is told of the language.
private struct ScriptWords: Encodable {
    let lang: String
    /// `0` to `9` in the locale's digits.
    let digits: String
    let words: [String: JSONValue]
}

/// A text, or a plural word's forms by category.
private enum JSONValue: Encodable {
    case text(String)
    case forms([String: String])

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .forms(let forms): try container.encode(forms)
        }
    }
}
