import Foundation
import Source
import Timekeeping

/// Reading PiyoLog's lines, English and Japanese alike: Japanese words are turned into the
/// English ones first (`左10分` → `L 10m`, `3回` → `3times`, `2時間15分` → `2h15m`).
extension PiyoLog {
    /// The most lines read from one file: a month of a busy family is a few hundred.
    static let maximumLines = 1_000_000

    static func parse(_ file: (name: String, text: String), into entries: inout [Entry], totals: inout [Totals]) throws(ImportProblem) {
        var date: LocalDate?
        var child: String?
        var last: Int?
        var dayTotals: Totals?
        func closeDay() {
            if let day = dayTotals, !day.values.isEmpty { totals.append(day) }
            dayTotals = nil
        }
        var number = 0
        for raw in file.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            guard number <= maximumLines else {
                throw ImportProblem(file: file.name, line: number, column: nil, message: "more than \(maximumLines) lines: not a PiyoLog export")
            }
            let line = raw.replacingOccurrences(of: "\u{3000}", with: " ").trimmingCharacters(in: .whitespaces.union(.controlCharacters))
            if line.isEmpty || line.hasPrefix("[PiyoLog]") || line.hasPrefix("【ぴよログ】") { continue }
            if line.count >= 5 && line.allSatisfy({ $0 == "-" || $0 == "ー" || $0 == "―" }) {
                closeDay()
                date = nil; child = nil; last = nil
                continue
            }
            if let day = dayLine(line) {
                closeDay()
                date = day; child = nil; last = nil
                continue
            }
            guard let day = date else {
                throw ImportProblem(file: file.name, line: number, column: nil,
                                    message: "expected a day line like \"Thu, 1 Feb 2024\" or \"2024/2/1(木)\" before \"\(TerminalText.safe(String(line.prefix(40))))\"")
            }
            if let (time, rest) = timedLine(line) {
                let item = try Self.item(rest, file: file.name, line: number)
                entries.append(Entry(file: file.name, line: number, child: child, reading: LocalDateTime(date: day, millisecondOfDay: time), text: rest, item: item))
                last = entries.count - 1
                continue
            }
            let english = englishWords(line)
            if let figures = total(english) {
                if dayTotals == nil || dayTotals?.child != child { closeDay(); dayTotals = Totals(file: file.name, child: child, date: day) }
                for (figure, value) in figures { dayTotals?.values[figure] = (value, number, line) }
                last = nil
                continue
            }
            if let name = childLine(line) {
                closeDay()
                child = name; last = nil
                continue
            }
            // A note: under the line it belongs to, or the day's own when under none.
            if let last, entries[last].reading.date == day {
                entries[last].notes.append(line)
            } else {
                entries.append(Entry(file: file.name, line: number, child: child, reading: LocalDateTime(date: day, millisecondOfDay: 0),
                                     text: line, item: .note, notes: [line]))
                last = entries.count - 1
            }
        }
        closeDay()
    }

    /// `Thu, 1 Feb 2024`, `Thu, Feb 1, 2024`, `2024/2/1(木)`, `2024/02/01 (Thu)`.
    static func dayLine(_ line: String) -> LocalDate? {
        if let first = line.first, first.isNumber {
            let date = line.prefix { $0 != "(" && $0 != " " && $0 != "（" }
            let rest = line.dropFirst(date.count).trimmedSpaces
            guard rest.isEmpty || rest.hasPrefix("(") || rest.hasPrefix("（"), date.contains("/") else { return nil }
            return TimeText.date(String(date), order: .monthFirst)
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard words.count == 4, weekdays.contains(words[0].lowercased().prefix(3)) else { return nil }
        let (dayText, monthText) = Int(words[1]) != nil ? (words[1], words[2]) : (words[2], words[1])
        guard let day = Int(dayText), let year = Int(words[3]),
              let month = months.firstIndex(where: { monthText.lowercased().hasPrefix($0) }) else { return nil }
        return LocalDate(year: year, month: month + 1, day: day)
    }

    static let weekdays: Set<Substring> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `01:10   Breastfeeding …` → (the millisecond of the day, `Breastfeeding …`).
    static func timedLine(_ line: String) -> (Int, String)? {
        let clock = line.prefix { $0 != " " && $0 != "\t" }
        guard clock.count <= 5, clock.contains(":"), let millisecond = TimeText.millisecondOfDay(String(clock)) else { return nil }
        return (millisecond, line.dropFirst(clock.count).trimmedSpaces)
    }

    /// `Mia (0y1m12d)`, `みお (0歳1か月12日)` → the name.
    static func childLine(_ line: String) -> String? {
        guard line.hasSuffix(")") || line.hasSuffix("）"), let open = line.lastIndex(where: { $0 == "(" || $0 == "（" }) else { return nil }
        let name = line[..<open].trimmedSpaces
        let age = line[line.index(after: open)..<line.index(before: line.endIndex)]
        let allowed = Set("0123456789 ymdoltrsw歳か月ヶ日週")
        guard !name.isEmpty, age.contains(where: \.isNumber), age.allSatisfy({ allowed.contains($0) }) else { return nil }
        return name
    }

    /// Japanese words as the English export writes them.
    static func englishWords(_ text: String) -> String {
        var text = text
        for (japanese, english) in [("左", " L "), ("右", " R "), ("時間", "h"), ("分", "m"), ("回", "times"), ("℃", "°C")] {
            text = text.replacingOccurrences(of: japanese, with: english)
        }
        return text
    }

    /// A total line: the figures it gives (none for one bbreport does not check), or nil when
    /// the line is no total.
    static func total(_ text: String) -> [Figure: Double]? {
        let lower = text.lowercased()
        let isTotal = lower.contains("合計") || lower.hasPrefix("total ") || lower.hasPrefix("had ")
            || lower.range(of: #"\d\s*times"#, options: .regularExpression) != nil
        guard isTotal else { return nil }
        let numbers = Self.numbers(lower)
        func starts(_ prefixes: String...) -> Bool { prefixes.contains { lower.hasPrefix($0) } }
        if starts("total breastfeeding", "母乳合計") {
            var left = 0.0, right = 0.0, side: Character?
            for token in lower.split(separator: " ") {
                if token == "l" || token == "r" { side = token.first; continue }
                guard let minutes = Quantities.minutes(String(token.trimmingCharacters(in: CharacterSet(charactersIn: "/")))) else { continue }
                if side == "l" { left += minutes } else if side == "r" { right += minutes }
            }
            return [.breastLeft: left, .breastRight: right]
        }
        if starts("total sleep", "睡眠合計") {
            let duration = lower.replacingOccurrences(of: "total sleep", with: "").replacingOccurrences(of: "睡眠合計", with: "")
            return Quantities.minutes(duration).map { [.sleepMinutes: $0] } ?? [:]
        }
        if starts("had formula", "ミルク合計"), numbers.count == 2 { return [.formulaTimes: numbers[0], .formulaML: numbers[1]] }
        if starts("expressed breast milk", "搾母乳合計"), numbers.count == 2 { return [.expressedTimes: numbers[0], .expressedML: numbers[1]] }
        if starts("pee ", "おしっこ合計"), numbers.count == 1 { return [.pee: numbers[0]] }
        if starts("poop ", "うんち合計"), numbers.count == 1 { return [.poop: numbers[0]] }
        return [:]
    }

    /// The numbers in `text`, in order.
    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { !($0.isASCII && ($0.isNumber || $0 == ".")) }).compactMap { Double($0) }
    }

    /// What a line logged: `Breastfeeding L 10m ▶ R 15m`, `Formula 120ml`, `Pee`, `Sleep`,
    /// `Wake-up (2h15m)`, `Body Temp 37.5°C`, `Weight 4.2kg`, `Medicine Vitamin D`…
    static func item(_ text: String, file: String, line: Int) throws(ImportProblem) -> Item {
        let english = englishWords(text)
        let lower = english.lowercased()
        func detail(after labels: [String]) -> String? {
            for label in labels where lower.hasPrefix(label.lowercased()) {
                return String(english.dropFirst(label.count)).trimmedSpaces
            }
            return nil
        }
        func problem(_ expected: String) -> ImportProblem {
            ImportProblem(file: file, line: line, column: nil, message: "\(expected), found \"\(TerminalText.safe(String(text.prefix(60))))\"")
        }
        func ml(_ detail: String) throws(ImportProblem) -> Double? {
            let amount = detail.split(separator: " ").first.map(String.init) ?? ""
            guard !amount.isEmpty else { return nil }
            guard let ml = Quantities.millilitres(amount) else { throw problem("expected an amount like 120ml") }
            return ml
        }
        if let detail = detail(after: ["Breastfeeding", "母乳"]) {
            var left: Double?, right: Double?, side: Character?, first: Character?
            for token in detail.replacingOccurrences(of: "▶", with: " ").replacingOccurrences(of: "◀", with: " ").replacingOccurrences(of: "/", with: " ").split(separator: " ") {
                if token == "L" || token == "R" { side = token.first; first = first ?? side; continue }
                guard let minutes = Quantities.minutes(String(token)) else { throw problem("expected sides and minutes like L 10m ▶ R 15m") }
                if side == "L" { left = (left ?? 0) + minutes } else if side == "R" { right = (right ?? 0) + minutes }
                else { throw problem("expected sides and minutes like L 10m ▶ R 15m") }
            }
            // `◀` points back: the side written second was the first.
            if detail.contains("◀"), left != nil, right != nil { first = first == "L" ? "R" : "L" }
            return .breast(left: left, right: right, first: first == "L" ? .left : first == "R" ? .right : nil)
        }
        if let detail = detail(after: ["Formula", "ミルク"]) { return .bottle(ml: try ml(detail), formula: true) }
        if let detail = detail(after: ["Expressed Breast Milk", "Expressed milk", "搾母乳"]) { return .bottle(ml: try ml(detail), formula: false) }
        if let detail = detail(after: ["Pumped", "Pumping", "搾乳"]) { return .pumped(ml: try ml(detail)) }
        if detail(after: ["Pee", "おしっこ"]) != nil { return .pee }
        if detail(after: ["Poop", "うんち"]) != nil { return .poop }
        if let detail = detail(after: ["Wake-up", "Wake up", "Woke up", "起きる"]) {
            let inside = detail.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
            return .wake(sleptMinutes: Quantities.minutes(String(inside)))
        }
        if detail(after: ["Sleep", "寝る"]) != nil { return .sleep }
        if let detail = detail(after: ["Body Temp", "Temperature", "体温"]) {
            guard let celsius = Quantities.celsius(detail) else { throw problem("expected a temperature like 37.5°C") }
            return .temperature(celsius)
        }
        if let detail = detail(after: ["Weight", "体重"]) {
            guard let kg = Quantities.kilograms(detail) else { throw problem("expected a weight like 4.2kg or 4200g") }
            return .measurement(weightKG: kg, lengthCM: nil, headCM: nil)
        }
        if let detail = detail(after: ["Height", "Length", "身長"]) {
            guard let cm = Quantities.centimetres(detail) else { throw problem("expected a length like 55.5cm") }
            return .measurement(weightKG: nil, lengthCM: cm, headCM: nil)
        }
        if let detail = detail(after: ["Head Size", "Head circumference", "頭囲"]) {
            guard let cm = Quantities.centimetres(detail) else { throw problem("expected a length like 38cm") }
            return .measurement(weightKG: nil, lengthCM: nil, headCM: cm)
        }
        if let detail = detail(after: ["Medicine", "薬"]) { return .medicine(detail.isEmpty ? "Medicine" : detail) }
        if let detail = detail(after: ["Baby Food", "Meal", "離乳食"]) { return .solids(detail.isEmpty ? nil : detail) }
        let label = text.split(separator: " ").first.map(String.init) ?? text
        return .other(label)
    }
}
