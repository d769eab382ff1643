/// The WHO tables, each read from its text once, on its first use (kept in dictionaries of
/// dictionaries, their generic types' metadata was made at run time, a third of the cost).
enum WHOTables {
    private static let weightForAgeMaleTable = parse(weightForAgeMale)
    private static let weightForAgeFemaleTable = parse(weightForAgeFemale)
    private static let lengthForAgeMaleTable = parse(lengthForAgeMale)
    private static let lengthForAgeFemaleTable = parse(lengthForAgeFemale)
    private static let headCircumferenceForAgeMaleTable = parse(headCircumferenceForAgeMale)
    private static let headCircumferenceForAgeFemaleTable = parse(headCircumferenceForAgeFemale)
    private static let weightForLengthMaleTable = parse(weightForLengthMale)
    private static let weightForLengthFemaleTable = parse(weightForLengthFemale)

    static func table(_ standard: GrowthStandard, _ sex: Sex) -> [LMS] {
        switch (standard, sex) {
        case (.weightForAge, .male): weightForAgeMaleTable
        case (.weightForAge, .female): weightForAgeFemaleTable
        case (.lengthForAge, .male): lengthForAgeMaleTable
        case (.lengthForAge, .female): lengthForAgeFemaleTable
        case (.headCircumferenceForAge, .male): headCircumferenceForAgeMaleTable
        case (.headCircumferenceForAge, .female): headCircumferenceForAgeFemaleTable
        }
    }

    /// Weight-for-length, one row per 0.1 cm from 45 cm.
    static func weightForLength(_ sex: Sex) -> [LMS] {
        switch sex {
        case .male: weightForLengthMaleTable
        case .female: weightForLengthFemaleTable
        }
    }

    /// "L M S" lines, one per day. Read as bytes: splitting the text into lines and words
    /// as characters took 9 ms for the eight tables, on the way to every build's first page.
    static func parse(_ text: String) -> [LMS] {
        var text = text
        return text.withUTF8 { bytes in
            var numbers: [Double] = []
            numbers.reserveCapacity(bytes.count / 6)
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
                if index > start {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    numbers.append(decimal(word) ?? Double(String(decoding: word, as: UTF8.self))!)
                }
                start = index + 1
            }
            return stride(from: 0, to: numbers.count - 2, by: 3).map { LMS(l: numbers[$0], m: numbers[$0 + 1], s: numbers[$0 + 2]) }
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
