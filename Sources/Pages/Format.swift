import Export
import Theme
import Timekeeping
import Wording

/// How figures read on the pages, in the build's language (``Language/current``):
/// `Sat, Nov 21, 9:05 PM` and `16 weeks 1 day` in US English, `Sa. 21. Nov., 21:05` and
/// `16 Wochen 1 Tag` in German.
public enum Format {
    static var language: Language { Language.current }

    /// The text of `key` in the build's language, with `values` in its placeholders.
    static func text(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        Language.current.text(key, values)
    }

    /// The text of `key` in its form for `count`.
    static func text(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        Language.current.text(key, count: count, values)
    }

    /// `9:05 PM`, `21:05`.
    public static func time(_ local: LocalDateTime) -> String {
        language.formats.time(hour: local.hour, minute: local.minute)
    }

    /// `9:05 PM` at `instant` in `zone`; `1:30 AM CDT` or `1:30 AM CST` in the hour that a
    /// fall-back change repeats, so the two are told apart.
    public static func time(_ instant: Instant, in zone: Zone) -> String {
        let text = time(zone.localDateTime(at: instant))
        return zone.isRepeated(instant) ? text + " " + zone.abbreviation(at: instant) : text
    }

    /// `Sat, Nov 21, 7:30 AM`: the calendar date and time the clock read at `instant`.
    public static func dayAndTime(_ instant: Instant, in zone: Zone) -> String {
        text("date_time", ["date": shortDate(zone.localDateTime(at: instant).date), "time": time(instant, in: zone)])
    }

    /// `7:28 AM on Fri, Nov 20`: a `time` said on another day than the one spoken of, as
    /// it follows "at" (`07:28 am Fr. 20. Nov.` after German `um`).
    static func time(_ time: String, onDate date: String) -> String {
        text("time_on_date", ["time": time, "date": date])
    }

    /// `9:05 PM` for a time of day.
    public static func time(_ time: TimeOfDay) -> String {
        language.formats.time(hour: time.hour, minute: time.minute)
    }

    /// `Nov 21`, for labels with little room.
    public static func monthDay(_ date: LocalDate) -> String {
        language.formats.monthDay(date)
    }

    /// `Nov 21, 2026`.
    public static func date(_ date: LocalDate) -> String {
        language.formats.date(date)
    }

    /// `Saturday, November 21, 2026`.
    public static func longDate(_ date: LocalDate) -> String {
        language.formats.longDate(date)
    }

    /// `Sat, Nov 21`.
    public static func shortDate(_ date: LocalDate) -> String {
        language.formats.shortDate(date)
    }

    /// `November 2026`.
    public static func month(year: Int, month: Int) -> String {
        language.formats.month(year: year, month: month)
    }

    /// `16 weeks 1 day`, `3 days`, `1 week`; nil before birth.
    public static func age(days: Int) -> String? {
        guard days >= 0 else { return nil }
        let (weeks, rest) = days.quotientAndRemainder(dividingBy: 7)
        switch (weeks, rest) {
        case (0, _): return text("age_days", count: rest)
        case (_, 0): return text("age_weeks", count: weeks)
        default: return text("age_weeks_days", ["weeks": text("age_weeks", count: weeks), "days": text("age_days", count: rest)])
        }
    }

    /// A child's age on `date` as parents say it: `5 weeks 6 days`, past eight weeks with
    /// the months too, `16 weeks 3 days (3 months)`, and from two years in years and months,
    /// `3 years 2 months`; nil before birth.
    public static func age(born: LocalDate, on date: LocalDate) -> String? {
        let days = date.days(since: born)
        guard let weeks = age(days: days) else { return nil }
        if let whole = AgeContext.months(from: born, to: date), whole >= 24 {
            let (years, months) = whole.quotientAndRemainder(dividingBy: 12)
            let yearText = text("age_years", count: years)
            return months == 0 ? yearText : text("age_years_months", ["years": yearText, "months": text("age_months", count: months)])
        }
        guard days >= 56, let months = months(from: born, to: date) else { return weeks }
        return text("age_with_months", ["weeks": weeks, "months": months])
    }

    /// A note's category in the page's language when it is one of the names our importers
    /// give notes (`sleep`, `feeding`, `diaper change`: English words in the data of a
    /// PiyoLog or Huckleberry import); any other, a family's own, as it was written. English
    /// pages show every category as written.
    public static func noteCategory(_ category: String) -> String {
        guard language.languageCode != "en", let key = importedCategories[category.lowercased()] else { return category }
        return text(key)
    }

    /// The importers' note categories (docs/importers.md) and the catalog's word for each.
    static let importedCategories = [
        "feeding": "category_feed", "nursing": "category_feed", "breastfeeding": "category_feed", "breast feeding": "category_feed",
        "bottle feeding": "category_feed", "bottle": "bottle", "sleep": "category_sleep", "nap": "category_sleep",
        "diaper": "category_diaper", "diaper change": "category_diaper", "temperature": "temperature", "medication": "medication",
        "pumping": "pumping", "growth": "growth", "vaccine": "vaccination", "vaccination": "vaccination", "solids": "solids",
        "milestone": "milestone", "health": "health",
    ]

    /// `1h 9m`, `24 min`, `90 ml` kept on one line: a space that never breaks between a
    /// number and its unit.
    public static func unbroken(_ text: String) -> String {
        // Most texts say a number and a unit: one space, or none at all.
        guard text.utf8.contains(0x20) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 4)
        for byte in text.utf8 {
            if byte == 0x20 { bytes.append(0xC2); bytes.append(0xA0) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each number kept on one line with the word after it, the words between free to
    /// break: `6 Std. 1 Min.` may wrap after `Std.` in a narrow card, never inside `6 Std.`.
    public static func numbersWithUnits(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterDigit = false
        for scalar in text.unicodeScalars {
            result.append(scalar == " " && afterDigit ? "\u{00A0}" : scalar)
            afterDigit = scalar.properties.numericType != nil
        }
        return String(result)
    }

    /// Minutes, never split from their unit: `24 min`.
    public static func minutes(_ value: Double) -> String {
        unbroken(text("minutes_value", ["value": number(value)]))
    }

    /// A duration for a page, never split across lines: `1h 9m`.
    public static func duration(_ duration: Duration) -> String {
        unbroken(hoursAndMinutes(duration))
    }

    /// `3h 11m`, `45m`, `2h` (to the nearest minute), in the language's words: `3 Std. 11 Min.`.
    public static func hoursAndMinutes(_ duration: Duration) -> String {
        language.hoursAndMinutes(duration)
    }

    /// Whole calendar months from `birth` to `date` (a month is complete on the same day
    /// of the month, or on the month's last day when it is shorter): `9 months`, `1 month`.
    public static func months(from birth: LocalDate, to date: LocalDate) -> String? {
        AgeContext.months(from: birth, to: date).map { text("age_months", count: $0) }
    }

    /// `90 ml`, or `3 oz` (to a tenth) when the family reads ounces.
    public static func volume(ml: Double, in unit: VolumeUnit) -> String {
        switch unit {
        case .ml: return unbroken(text("unit_ml", ["value": number(ml)]))
        case .oz: return unbroken(text("unit_oz", ["value": number((ml / 29.5735 * 10).rounded() / 10)]))
        }
    }

    /// `12.5 %`, `12,5 %`: a share, its number never parted from its sign.
    static func percent(_ number: String) -> String {
        unbroken(text("percent_value", ["value": number]))
    }

    /// `? ml`: a bottle whose amount nobody logged, in the family's unit.
    public static func volumeUnknown(in unit: VolumeUnit) -> String {
        unbroken(text(unit == .ml ? "unit_ml" : "unit_oz", ["value": "?"]))
    }

    /// A whole number without `.0`, otherwise up to one decimal.
    public static func number(_ value: Double) -> String {
        language.formats.number(value)
    }

    /// How long ago, as people say it: `2h 15m` within a day, then `1 day 14h`, `3 days 4h`,
    /// and from a week on whole days, `19 days`.
    public static func elapsed(_ duration: Duration) -> String {
        let hours = duration.milliseconds / 3_600_000
        if hours < 24 { return hoursAndMinutes(duration) }
        let (days, rest) = hours.quotientAndRemainder(dividingBy: 24)
        // Said after "ago", "for", "vor", "seit": German's dative plural (`vor 5 Tagen`).
        // Each part whole, the line free to break between them (`vor 5 Tagen / 23 Std.` in a card).
        let dayText = unbroken(text("elapsed_days", count: Int(days)))
        guard days < 7 && rest > 0 else { return dayText }
        return text("elapsed_days_hours", ["days": dayText, "hours": unbroken(text("duration_hours", ["hours": language.formats.integer(Int(rest))]))])
    }

    /// `+180 g`, `−25m`, `±0 in`: a change with its sign (`±` when it shows as nothing). Right
    /// to left, the signed number is isolated left to right, so that its sign stays before
    /// it (a minus is otherwise a neutral the Arabic line puts after it: `48− مل`).
    static func signed(negative: Bool, _ magnitude: String) -> String {
        let zero = !magnitude.contains { ($0.wholeNumberValue ?? 0) != 0 }
        let sign = zero ? "±" : negative ? "−" : "+"
        guard language.isRightToLeft else { return sign + magnitude }
        let end = magnitude.firstIndex { !($0.isNumber || ".,٫٬".contains($0)) } ?? magnitude.endIndex
        return "\u{2066}" + sign + magnitude[..<end] + "\u{2069}" + magnitude[end...]
    }

    /// `text` as a sentence, its end mark added unless it ends with one already (an
    /// abbreviation's: `103 Min.` is not `103 Min..`).
    static func sentence(_ text: String) -> String {
        text.last.map { ".。!?！？".contains($0) } ?? false ? text : self.text("sentence", ["text": text])
    }

    /// `16 weeks 1 day (3 months) old`, with the corrected age after it when there is one.
    static func ageOld(_ age: String, corrected: String?) -> String {
        corrected.map { text("age_old_corrected", ["age": age, "corrected": $0]) } ?? text("age_old", ["age": age])
    }

    /// The name of an event category: `Feed`.
    static func category(_ category: Category) -> String {
        text("category_" + category.rawValue)
    }

    /// A stool's colour as the day page and the visit summary name it: `pale`.
    static func stoolColor(_ color: ExportEvent.StoolColor) -> String {
        text("stool_" + color.rawValue)
    }

    /// A stool's consistency as the day page and the visit summary name it: `watery (diarrhoea)`.
    static func stoolConsistency(_ consistency: ExportEvent.StoolConsistency) -> String {
        text("stool_consistency_" + consistency.rawValue)
    }

    /// `4 wet · 1 dirty`.
    static func wetAndDirty(_ wet: Int, _ dirty: Int) -> String {
        text("wet_and_dirty", ["wet": language.formats.integer(wet), "dirty": language.formats.integer(dirty)])
    }

}
