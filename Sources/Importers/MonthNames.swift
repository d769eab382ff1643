import Foundation

/// Month names in every language the system's locale data (ICU, through Foundation)
/// knows, for dates an app writes in the phone's language: `2 Mai 2021`, `20 Apr. 2021`,
/// `5 März 2021`. A file is read in the one language whose names cover all of its months.
enum MonthNames {
    /// A language's names of the months, lower case and without a final dot, each with its
    /// number (1–12): full, short and stand-alone forms, and the first three letters of a
    /// full name where no other month starts so.
    struct Language {
        let code: String
        let months: [String: Int]
    }

    /// Every language, English first, then this computer's, then the rest by code.
    static let languages: [Language] = {
        var codes = Set<String>()
        for identifier in Locale.availableIdentifiers {
            if let code = Locale(identifier: identifier).language.languageCode?.identifier { codes.insert(code) }
        }
        let local = Locale.current.language.languageCode?.identifier
        let ordered = ["en"] + (local.map { [$0] } ?? []) + codes.subtracting(["en", local ?? ""]).sorted()
        return ordered.map { Language(code: $0, months: names(in: Locale(identifier: $0))) }.filter { $0.months.count >= 12 }
    }()

    /// The names of `locale`'s months.
    static func names(in locale: Locale) -> [String: Int] {
        let formatter = DateFormatter()
        formatter.locale = locale
        var months: [String: Int] = [:]
        let forms = [formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols, formatter.shortStandaloneMonthSymbols]
        for form in forms {
            for (index, name) in form.enumerated() where index < 12 {
                months[normalized(name)] = index + 1
            }
        }
        let full = formatter.monthSymbols.prefix(12).map(normalized)
        for (index, name) in full.enumerated() where name.count > 3 {
            let start = String(name.prefix(3))
            if months[start] == nil, full.filter({ $0.hasPrefix(start) }).count == 1 { months[start] = index + 1 }
        }
        return months
    }

    /// `Apr.` → `apr`.
    static func normalized(_ word: String) -> String {
        var word = word.lowercased().trimmingCharacters(in: .whitespaces)
        while word.hasSuffix(".") { word.removeLast() }
        return word
    }

    /// The first language (in ``languages``' order) that names every one of `words`.
    static func language(naming words: Set<String>) -> Language? {
        let wanted = Set(words.map(normalized))
        guard !wanted.isEmpty else { return nil }
        return languages.first { language in wanted.allSatisfy { language.months[$0] != nil } }
    }
}
