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

    /// "L M S" lines, one per day.
    static func parse(_ text: String) -> [LMS] {
        text.split(separator: "\n").map { line in
            let numbers = line.split(separator: " ").map { Double($0)! }
            return LMS(l: numbers[0], m: numbers[1], s: numbers[2])
        }
    }
}
