import Foundation
import Testing
import Timekeeping
@testable import Wording

@Suite struct LocaleFormatsTests {
    static let saturday = LocalDate(year: 2026, month: 11, day: 21)!

    @Test("dates in each language's own order and words", arguments: [
        ("en-US", "Sat, Nov 21", "Saturday, November 21, 2026", "November 2026"),
        ("en-GB", "Sat 21 Nov", "Saturday, 21 November 2026", "November 2026"),
        ("de", "Sa. 21. Nov.", "Samstag, 21. November 2026", "November 2026"),
        ("fr", "sam. 21 nov.", "samedi 21 novembre 2026", "novembre 2026"),
        ("es", "sáb, 21 nov", "sábado, 21 de noviembre de 2026", "noviembre de 2026"),
        ("ja", "11月21日(土)", "2026年11月21日 土曜日", "2026年11月"),
        ("ar", "سبت، 21 نوفمبر", "السبت، 21 نوفمبر، 2026", "نوفمبر 2026"),
        ("ar-EG", "سبت، ٢١ نوفمبر", "السبت، ٢١ نوفمبر، ٢٠٢٦", "نوفمبر ٢٠٢٦"),
    ])
    func dates(code: String, short: String, long: String, month: String) {
        let formats = LocaleFormats(identifier: code)
        #expect(formats.shortDate(Self.saturday) == short)
        #expect(formats.longDate(Self.saturday) == long)
        #expect(formats.month(year: 2026, month: 11) == month)
    }

    @Test("times on the locale's clock, or on the one chosen", arguments: [
        ("en-US", nil, "9:05 PM", "12:30 AM"), ("en-US", Clock.twentyFour, "21:05", "00:30"),
        ("de", nil, "21:05", "00:30"), ("de", .twelve, "9:05 PM", "12:30 AM"),
        ("ja", nil, "21:05", "0:30"), ("ja", .twelve, "午後9:05", "午前0:30"),
        ("fr", nil, "21:05", "00:30"), ("ar-EG", nil, "٩:٠٥\u{00A0}م", "١٢:٣٠\u{00A0}ص"),
    ])
    func times(code: String, clock: Clock?, evening: String, night: String) {
        let formats = LocaleFormats(identifier: code, clock: clock)
        #expect(formats.time(hour: 21, minute: 5) == evening)
        #expect(formats.time(hour: 0, minute: 30) == night)
    }

    @Test("numbers to a tenth with the locale's decimal mark and digits; the week's first day", arguments: [
        ("en-US", "4.5", "12", 7), ("de", "4,5", "12", 1), ("fr", "4,5", "12", 1),
        ("ja", "4.5", "12", 7), ("ar", "4.5", "12", 6), ("ar-EG", "٤٫٥", "١٢", 6), ("en-GB", "4.5", "12", 1),
    ])
    func numbers(code: String, fourAndAHalf: String, twelve: String, firstWeekday: Int) {
        let formats = LocaleFormats(identifier: code)
        #expect(formats.number(4.53) == fourAndAHalf)
        #expect(formats.number(12.04) == twelve)
        #expect(formats.firstWeekday == firstWeekday)
    }

    @Test("our own reading of ICU's patterns gives DateFormatter's text for 2,000 dates in every language")
    func sameAsFoundation() {
        var generator = SystemRandomNumberGenerator.seeded(7)
        let utc = TimeZone(identifier: "UTC")!
        for code in Language.available + ["de-AT", "fr-CA", "es-MX", "en-AU", "ar-EG", "ar-MA"] {
            let formats = LocaleFormats(identifier: code)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: code)
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = utc
            for _ in 0..<(2_000 / 13) {
                let days = Int(generator.next() % 40_000) - 10_000
                let minute = Int(generator.next() % 1_440)
                let date = LocalDate(daysSinceEpoch: days)
                let instant = Date(timeIntervalSince1970: Double(days * 86_400 + minute * 60))
                formatter.setLocalizedDateFormatFromTemplate("EEEEMMMMdy")
                #expect(formats.longDate(date) == formatter.string(from: instant), "\(code)")
                formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
                #expect(formats.shortDate(date) == formatter.string(from: instant), "\(code)")
                formatter.setLocalizedDateFormatFromTemplate("jmm")
                let time = formatter.string(from: instant).replacingOccurrences(of: "\u{202F}", with: " ")
                #expect(formats.time(hour: minute / 60, minute: minute % 60) == time, "\(code)")
            }
        }
    }
}

extension SystemRandomNumberGenerator {
    /// A generator of the same numbers every run (SplitMix64), for tests that try many cases.
    static func seeded(_ seed: UInt64) -> SplitMix { SplitMix(state: seed) }
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
