/// The WHO tables (`growth-standards/`, compiled in as published), each read from its
/// file once, on its first use, into an array per sex.
enum WHOTables {
    /// A table's rows for each sex: one per day of age, or per 0.1 cm of length or height.
    struct BySex {
        let male: [LMS]
        let female: [LMS]

        subscript(sex: Sex) -> [LMS] {
            sex == .male ? male : female
        }
    }

    private static let weightForAge = read("weianthro.txt")
    private static let lengthForAge = read("lenanthro.txt")
    private static let headCircumferenceForAge = read("hcanthro.txt")
    private static let bmiForAge = read("bmianthro.txt")
    private static let weightForLength = read("wflanthro.txt")
    private static let weightForHeight = read("wfhanthro.txt")

    static func table(_ standard: GrowthStandard, _ sex: Sex) -> [LMS] {
        switch standard {
        case .weightForAge: weightForAge[sex]
        case .lengthForAge: lengthForAge[sex]
        case .headCircumferenceForAge: headCircumferenceForAge[sex]
        case .bmiForAge: bmiForAge[sex]
        }
    }

    static func table(_ stature: WeightForStature, _ sex: Sex) -> [LMS] {
        switch stature {
        case .length: weightForLength[sex]
        case .height: weightForHeight[sex]
        }
    }

    /// The text of a file of `growth-standards/`.
    static func text(_ file: String) -> String {
        guard let text = embeddedGrowthStandards[file] else { fatalError("growth-standards/\(file) is not compiled in") }
        return text
    }

    static func read(_ file: String) -> BySex {
        let rows = parse(text(file))
        return BySex(male: rows.filter { $0.sex == 1 }.map(\.lms), female: rows.filter { $0.sex == 2 }.map(\.lms))
    }

    /// The rows of a WHO Anthro file, `sex  age-or-length  l  m  s  [code]`, tab-separated
    /// under a header line. Read as bytes: splitting the text into lines and words as
    /// characters took 9 ms for eight tables, on the way to a build's first growth page.
    static func parse(_ text: String) -> [(sex: Int, x: Double, lms: LMS)] {
        var text = text
        return text.withUTF8 { bytes in
            var rows: [(sex: Int, x: Double, lms: LMS)] = []
            var fields: [Double] = []
            var start = 0, line = 0
            for index in 0...bytes.count {
                let end = index == bytes.count || bytes[index] == UInt8(ascii: "\n")
                guard end || bytes[index] == UInt8(ascii: "\t") else { continue }
                // The header line and the letter of the last column are not numbers.
                if line > 0, index > start, fields.count < 5 {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    fields.append(decimal(word) ?? Double(String(decoding: word, as: UTF8.self))!)
                }
                start = index + 1
                if end {
                    if fields.count == 5 {
                        rows.append((Int(fields[0]), fields[1], LMS(l: fields[2], m: fields[3], s: fields[4])))
                    }
                    fields.removeAll(keepingCapacity: true)
                    line += 1
                }
            }
            return rows
        }
    }

    /// A number written as the tables write them (`-0.3487`, `3.3464`, `12`): its digits (at
    /// most 15, a whole number below 2⁵³) divided by an exact power of ten, which gives
    /// the nearest double exactly as `Double(_:)` does (the first case of Clinger's
    /// algorithm), without going through a string: parsing the tables took the site's
    /// making 0.6 ms of every build. Nil for anything else.
    static func decimal(_ word: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: UInt64 = 0, count = 0, fraction = 0, seenPoint = false
        var rest = word[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 16 else { return nil }
        for byte in rest {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
            count += 1
            if seenPoint { fraction += 1 }
        }
        guard count > 0, count <= 15, rest.last != UInt8(ascii: ".") else { return nil }
        let value = Double(digits) / exactPowersOfTen[fraction]
        return negative ? -value : value
    }

    /// 10⁰ … 10¹⁵, each a double exactly (every product of the steps is exact).
    private static let exactPowersOfTen: [Double] = Array(sequence(first: 1.0) { $0 * 10 }.prefix(16))
}
