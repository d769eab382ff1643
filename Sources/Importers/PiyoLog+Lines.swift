import Foundation
import Export
import Timekeeping

/// Reading PiyoLog's lines, English and Japanese alike: Japanese words are turned into the
/// English ones first (`左10分` → `L 10m`, `3回` → `3times`, `2時間15分` → `2h15m`).
extension PiyoLog {
    /// The most lines read from one file: a month of a busy family is a few hundred.
    static let maximumLines = 1_000_000

    static func parse(_ file: (name: String, text: String), into entries: inout [Entry], totals: inout [Totals],
                      birthdays: inout [String: [LocalDate: Int]], log: ImportLog) throws(ImportProblem) {
        var date: LocalDate?
        var child: String?
        var last: Int?
        var dayTotals: Totals?
        func closeDay() {
            if let day = dayTotals, !day.values.isEmpty { totals.append(day) }
            dayTotals = nil
        }
        // Counted before any line is read: a refusal comes before the memory is spent.
        let lines = file.text.utf8.lazy.filter { $0 == 0x0A }.count
        guard lines < maximumLines else {
            throw ImportProblem(file: file.name, line: maximumLines + 1, column: nil, message: "more than \(maximumLines) lines: not a PiyoLog export")
        }
        // Room for a line each (day lines and blank ones aside, that is all of them), so that the entries are not copied as they grow.
        entries.reserveCapacity(entries.count + lines + 1)
        var number = 0
        for raw in file.text.lineByLine {
            number += 1
            var line = raw.replacingOccurrences(of: "\u{3000}", with: " ").trimmingCharacters(in: .whitespaces.union(.controlCharacters))
            // The first line names the app, then the month (`2024年2月`) or, in a day's export, the day.
            for prefix in ["[PiyoLog]", "【ぴよログ】"] where line.hasPrefix(prefix) {
                line = String(line.dropFirst(prefix.count)).trimmedSpaces
                if let day = dayLine(line) {
                    closeDay()
                    date = day; child = nil; last = nil
                }
                line = ""
            }
            if line.isEmpty { continue }
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
                log.rowLeftOut(ImportProblem(file: file.name, line: number, column: nil,
                                             message: "expected a day line like \"Thu, 1 Feb 2024\" or \"2024/2/1(木)\" before \"\(TerminalText.safe(String(line.prefix(40))))\""),
                               kind: "(before any day)")
                continue
            }
            if let (time, rest) = timedLine(line) {
                let place = RowSource(file: file.name, line: number, kind: kind(of: rest))
                do {
                    let (item, memo) = try Self.item(rest, at: place, log: log)
                    entries.append(Entry(file: file.name, line: number, child: child, reading: LocalDateTime(date: day, millisecondOfDay: time),
                                         text: rest, item: item, notes: memo.isEmpty ? [] : [memo]))
                    last = entries.count - 1
                } catch {
                    log.rowLeftOut(error, kind: place.kind)
                    last = nil
                }
                continue
            }
            let english = englishWords(line)
            if let figures = total(english) {
                if dayTotals == nil || dayTotals?.child != child { closeDay(); dayTotals = Totals(file: file.name, child: child, date: day) }
                for (figure, value) in figures { dayTotals?.values[figure] = (value, number, line) }
                last = nil
                continue
            }
            if let found = childLine(line, on: day) {
                closeDay()
                child = found.name; last = nil
                if let birthday = found.birthday { birthdays[found.name, default: [:]][birthday, default: 0] += 1 }
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
        guard let day = Int(dayText), let year = Int(words[3]), (1900...2999).contains(year),
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

    /// `Mia (0y1m12d)`, `みお (0歳1か月12日)` → the name, and the birthday the age gives on `day`.
    static func childLine(_ line: String, on day: LocalDate) -> ChildLine? {
        guard line.hasSuffix(")") || line.hasSuffix("）"), let open = line.lastIndex(where: { $0 == "(" || $0 == "（" }) else { return nil }
        let name = line[..<open].trimmedSpaces
        let age = line[line.index(after: open)..<line.index(before: line.endIndex)]
        let allowed = Set("0123456789 ymdoltrsw歳か月ヶ日週")
        guard !name.isEmpty, age.contains(where: \.isNumber), age.allSatisfy({ allowed.contains($0) }) else { return nil }
        return ChildLine(name: name, birthday: birthday(age: String(age), on: day))
    }

    /// The birthday of a child `age` old on `day`: `0y8m15d`, `0歳8か月15日` — the days taken
    /// back first, then the months and years, as an age is counted up from the birthday.
    static func birthday(age: String, on day: LocalDate) -> LocalDate? {
        var years = 0, months = 0, days = 0, number = ""
        for character in age.replacingOccurrences(of: "か月", with: "m").replacingOccurrences(of: "ヶ月", with: "m") {
            if character.isASCII && character.isNumber { number.append(character); continue }
            guard !number.isEmpty else { continue }
            guard number.count <= 3, let value = Int(number) else { return nil }
            switch character {
            case "y", "歳": years = value
            case "m", "月": months = value
            case "d", "日": days = value
            default: return nil
            }
            number = ""
        }
        guard number.isEmpty, years < 30 else { return nil }
        let back = day.adding(days: -days)
        let total = back.year * 12 + (back.month - 1) - (years * 12 + months)
        let year = total / 12, month = total % 12 + 1
        // The 31st back to a month of 30 days is its last day.
        return LocalDate(year: year, month: month, day: min(back.day, LocalDate.daysIn(month: month, year: year)))
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

    /// What a line logged (`Breastfeeding L 10m ▶ R 15m`, `Formula 120ml`, `Pee`, `Sleep`,
    /// `Wake-up (2h15m)`, `Body Temp 37.5°C`, `Weight 4.2kg`, `Medicine Vitamin D`, …), and the
    /// memo written after it (`うんち (多め/黄色) 漏れた` → `漏れた`). An amount that cannot be
    /// read is a warning and left out; breast-feed sides that cannot be read leave the line out.
    static func item(_ text: String, at place: RowSource, log: ImportLog) throws(ImportProblem) -> (Item, memo: String) {
        func problem(_ expected: String) -> ImportProblem {
            ImportProblem(file: place.file, line: place.line, column: nil, message: "\(expected), found \"\(TerminalText.safe(String(text.prefix(60))))\"")
        }
        guard let (label, detail) = labelled(text) else {
            return (.other(place.kind), "")
        }
        /// The first word of the detail read by `read`, and the rest as the memo.
        func first<T>(_ expected: String, _ read: (String) -> T?) -> (T?, String) {
            let words = detail.split(separator: " ", maxSplits: 1).map(String.init)
            guard let word = words.first else { return (nil, "") }
            guard let value = read(englishWords(word).trimmedSpaces) else {
                log.valueLeftOut(problem("expected \(expected)"))
                return (nil, detail)
            }
            return (value, words.count > 1 ? words[1] : "")
        }
        /// The details in brackets at the start (`(多め/黄色)`) and the memo after them.
        func bracketed() -> ([String], String) {
            guard let open = detail.first, open == "(" || open == "（",
                  let close = detail.firstIndex(where: { $0 == ")" || $0 == "）" }) else { return ([], detail) }
            let inside = detail[detail.index(after: detail.startIndex)..<close]
            return (inside.split(whereSeparator: { $0 == "/" || $0 == "・" || $0 == "," }).map { $0.trimmedSpaces },
                    detail[detail.index(after: close)...].trimmedSpaces)
        }
        /// A measure as `first` reads it, in another unit, with a note, when only that one is a child's.
        func measured(_ measure: Measure) -> (String) -> Double? {
            { text in
                measure.read(text, unit: "", reread: { log.decided(ImportProblem(file: place.file, line: place.line, column: nil, message: $0), $1) })
            }
        }
        switch label {
        case .breast:
            return try breast(detail, problem)
        case .formula, .expressed:
            let (ml, memo) = first("an amount like 120ml", { Quantities.millilitres($0) })
            return (.bottle(ml: ml, formula: label == .formula), memo)
        case .pumped:
            let (ml, memo) = first("an amount like 120ml", { Quantities.millilitres($0) })
            return (.pumped(ml: ml), memo)
        case .pee:
            let (details, memo) = bracketed()
            if !details.isEmpty { log.notKept("details of a pee (\(details.joined(separator: "/")))", file: place.file) }
            return (.pee, memo)
        case .poop:
            // `(少なめ/下痢/黄色)`: amount, firmness and colour, in that order; `普通` is the
            // usual amount first, the usual firmness after.
            let (details, memo) = bracketed()
            let color = details.lazy.compactMap(stoolColor).first
            let amount = details.enumerated().lazy.compactMap { index, word in stoolAmount(word, first: index == 0) }.first
            let consistency = details.enumerated().lazy.compactMap { index, word in stoolConsistency(word, afterAmount: index > 0) }.first
            let others = details.enumerated().filter { index, word in
                stoolColor(word) == nil && stoolConsistency(word, afterAmount: index > 0) == nil && stoolAmount(word, first: index == 0) == nil
            }.map(\.element)
            if !others.isEmpty { log.notKept("details of a poop (\(others.joined(separator: "/")))", file: place.file) }
            return (.poop(color, consistency, amount), memo)
        case .wake:
            let (details, memo) = bracketed()
            return (.wake(sleptMinutes: details.first.flatMap { Quantities.minutes(englishWords($0).replacingOccurrences(of: " ", with: "")) }), memo)
        case .sleep:
            return (.sleep, detail)
        case .temperature:
            let (celsius, memo) = first("a temperature like 37.5°C", measured(.temperature))
            return (celsius.map { .temperature($0) } ?? .note, memo)
        case .weight:
            if let kg = measured(.weight)(detail) { return (.measurement(weightKG: kg, lengthCM: nil, headCM: nil), "") }
            let (kg, memo) = first("a weight like 4.2kg or 4200g", measured(.weight))
            return (kg.map { .measurement(weightKG: $0, lengthCM: nil, headCM: nil) } ?? .note, memo)
        case .height:
            let (cm, memo) = first("a length like 55.5cm", measured(.length))
            return (cm.map { .measurement(weightKG: nil, lengthCM: $0, headCM: nil) } ?? .note, memo)
        case .head:
            let (cm, memo) = first("a length like 38cm", measured(.headCircumference))
            return (cm.map { .measurement(weightKG: nil, lengthCM: nil, headCM: $0) } ?? .note, memo)
        case .medicine:
            return (.medicine(detail.isEmpty ? "Medicine" : detail), "")
        case .food:
            return (.solids(detail.isEmpty ? nil : detail), "")
        case .vaccination:
            return (.vaccination(detail.isEmpty ? "Vaccine" : detail), "")
        }
    }

    /// `L 10m ▶ R 15m`, `左10分 ▶ 右15分`: minutes per side, the side written first (`◀`
    /// points back: the side written second was the first); words after the sides are the memo.
    private static func breast(_ detail: String, _ problem: (String) -> ImportProblem) throws(ImportProblem) -> (Item, memo: String) {
        var left: Double?, right: Double?, side: Character?, first: Character?
        let words = detail.split(separator: " ", omittingEmptySubsequences: true)
        var used = 0
        words: for word in words {
            let pieces = englishWords(String(word)).replacingOccurrences(of: "▶", with: " ").replacingOccurrences(of: "◀", with: " ")
                .replacingOccurrences(of: "/", with: " ").split(separator: " ")
            var sides = side, firstSide = first, l = left, r = right
            for piece in pieces {
                if piece == "L" || piece == "R" { sides = piece.first; firstSide = firstSide ?? sides; continue }
                guard let minutes = Quantities.minutes(String(piece)), let current = sides else { break words }
                if current == "L" { l = (l ?? 0) + minutes } else { r = (r ?? 0) + minutes }
            }
            (side, first, left, right) = (sides, firstSide, l, r)
            used += 1
        }
        guard used > 0 || words.isEmpty else { throw problem("expected sides and minutes like L 10m ▶ R 15m") }
        if detail.contains("◀"), left != nil, right != nil { first = first == "L" ? "R" : "L" }
        let memo = words.dropFirst(used).joined(separator: " ")
        return (.breast(left: left, right: right, first: first == "L" ? .left : first == "R" ? .right : nil), memo)
    }

    /// What a line's first words say it logged.
    enum Label: Equatable {
        case breast, formula, expressed, pumped, pee, poop, wake, sleep, temperature, weight, height, head, medicine, food, vaccination
    }

    static let labels: [(Label, [String])] = [
        (.breast, ["Breastfeeding", "母乳"]), (.formula, ["Formula", "ミルク"]),
        (.expressed, ["Expressed Breast Milk", "Expressed milk", "搾母乳"]), (.pumped, ["Pumped", "Pumping", "搾乳"]),
        (.pee, ["Pee", "おしっこ"]), (.poop, ["Poop", "うんち"]), (.wake, ["Wake-up", "Wake up", "Woke up", "起きる"]),
        (.sleep, ["Sleep", "寝る"]), (.temperature, ["Body Temp", "Temperature", "体温"]), (.weight, ["Weight", "体重"]),
        (.height, ["Height", "Length", "身長"]), (.head, ["Head Size", "Head circumference", "頭囲"]),
        (.medicine, ["Medicine", "薬"]), (.food, ["Baby Food", "Meal", "離乳食"]), (.vaccination, ["Vaccination", "Vaccine", "予防接種"]),
    ]

    /// The app's word for what a line logged, as written (`Body Temp`, `うんち`), for the summary.
    static func kind(of text: String) -> String {
        let lower = text.lowercased()
        for (_, words) in labels {
            for word in words where lower.hasPrefix(word.lowercased()) { return String(text.prefix(word.count)) }
        }
        return text.split(separator: " ").first.map(String.init) ?? text
    }

    /// The label `text` starts with and the words after it, as written.
    static func labelled(_ text: String) -> (Label, String)? {
        let lower = text.lowercased()
        for (label, words) in labels {
            for word in words where lower.hasPrefix(word.lowercased()) {
                return (label, String(text.dropFirst(word.count)).trimmedSpaces)
            }
        }
        return nil
    }

    /// A stool colour as PiyoLog writes it, in English or Japanese.
    /// A stool's amount as PiyoLog writes it, first in the brackets: `少なめ`, `普通`, `多め`
    /// (`普通` is the usual amount only when `first`).
    static func stoolAmount(_ word: String, first: Bool) -> ExportEvent.StoolAmount? {
        switch word.lowercased() {
        case "少なめ", "少し", "少量", "small", "a little", "little", "less": .small
        case "普通", "ふつう", "normal" where first: .medium
        case "medium", "regular": .medium
        case "多め", "多い", "大量", "large", "a lot", "lots", "much", "more": .large
        default: nil
        }
    }

    /// A stool's firmness as PiyoLog writes it: `下痢` (diarrhoea) is watery; `普通` only
    /// after the amount.
    static func stoolConsistency(_ word: String, afterAmount: Bool) -> ExportEvent.StoolConsistency? {
        switch word.lowercased() {
        case "下痢", "水様", "水様便", "水っぽい", "diarrhea", "diarrhoea", "watery": .watery
        case "ゆるい", "ゆるめ", "軟便", "runny", "loose": .runny
        case "やわらかめ", "やわらかい", "柔らかめ", "柔らかい", "soft": .soft
        case "かため", "かたい", "硬め", "硬い", "hard": .hard
        case "普通", "ふつう", "normal" where afterAmount: .formed
        default: nil
        }
    }

    static func stoolColor(_ word: String) -> ExportEvent.StoolColor? {
        switch word {
        case "黄色", "黄", "黄土色", "山吹色": .yellow
        case "緑", "緑色", "深緑": .green
        case "茶色", "茶", "こげ茶": .brown
        case "黒", "黒色": .black
        case "赤", "赤色", "血": .red
        case "白", "白色", "灰色", "クリーム色": .pale
        default: ExportEvent.StoolColor(word: word)
        }
    }
}
