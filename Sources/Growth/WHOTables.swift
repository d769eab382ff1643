/// The WHO tables, read from their text once, on first use.
enum WHOTables {
    private static let parsed: [GrowthStandard: [Sex: [LMS]]] = Dictionary(uniqueKeysWithValues: GrowthStandard.allCases.map { standard in
        (standard, Dictionary(uniqueKeysWithValues: Sex.allCases.map { ($0, parse(text(standard, $0))) }))
    })

    private static let weightForLength: [Sex: [LMS]] = [.male: parse(weightForLengthMale), .female: parse(weightForLengthFemale)]

    static func table(_ standard: GrowthStandard, _ sex: Sex) -> [LMS] {
        parsed[standard]![sex]!
    }

    /// Weight-for-length, one row per 0.1 cm from 45 cm.
    static func weightForLength(_ sex: Sex) -> [LMS] {
        weightForLength[sex]!
    }

    private static func text(_ standard: GrowthStandard, _ sex: Sex) -> String {
        switch (standard, sex) {
        case (.weightForAge, .male): weightForAgeMale
        case (.weightForAge, .female): weightForAgeFemale
        case (.lengthForAge, .male): lengthForAgeMale
        case (.lengthForAge, .female): lengthForAgeFemale
        case (.headCircumferenceForAge, .male): headCircumferenceForAgeMale
        case (.headCircumferenceForAge, .female): headCircumferenceForAgeFemale
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
                    numbers.append(Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))!)
                }
                start = index + 1
            }
            return stride(from: 0, to: numbers.count - 2, by: 3).map { LMS(l: numbers[$0], m: numbers[$0 + 1], s: numbers[$0 + 2]) }
        }
    }
}
