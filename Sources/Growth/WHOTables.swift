/// The WHO tables, read from their text once, on first use.
enum WHOTables {
    private static let parsed: [String: [LMS]] = {
        var tables: [String: [LMS]] = [:]
        for standard in GrowthStandard.allCases {
            for sex in Sex.allCases {
                tables[key(standard, sex)] = parse(text(standard, sex))
            }
        }
        return tables
    }()

    static func table(_ standard: GrowthStandard, _ sex: Sex) -> [LMS] {
        parsed[key(standard, sex)]!
    }

    private static func key(_ standard: GrowthStandard, _ sex: Sex) -> String {
        "\(standard.rawValue) \(sex.rawValue)"
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
