import Testing
@testable import Growth

/// The WHO tables as shipped, checked against the WHO's own files, and the arithmetic on
/// them checked against published percentiles.
@Suite struct GrowthTableTests {
    /// Rows of the WHO's daily files (WHO Anthro, data-raw/growthstandards), boys.
    static let published: [(GrowthStandard, Sex, Int, LMS)] = [
        (.weightForAge, .male, 0, LMS(l: 0.3487, m: 3.3464, s: 0.14602)),
        (.weightForAge, .male, 1, LMS(l: 0.3127, m: 3.3174, s: 0.14693)),
        (.weightForAge, .male, 15, LMS(l: 0.2558, m: 3.7956, s: 0.14093)),
        (.weightForAge, .male, 100, LMS(l: 0.1682, m: 6.5699, s: 0.11588)),
        (.weightForAge, .male, 182, LMS(l: 0.126, m: 7.926, s: 0.10959)),
        (.weightForAge, .male, 183, LMS(l: 0.1256, m: 7.9389, s: 0.10957)),
        (.weightForAge, .male, 365, LMS(l: 0.0645, m: 9.646, s: 0.10925)),
        (.weightForAge, .male, 556, LMS(l: 0.0194, m: 10.9932, s: 0.11131)),
        (.weightForAge, .male, 557, LMS(l: 0.0192, m: 11, s: 0.11132)),
        (.weightForAge, .male, 730, LMS(l: -0.0136, m: 12.1482, s: 0.11425)),
        (.headCircumferenceForAge, .male, 113, LMS(l: 1, m: 41.3323, s: 0.0288)),
        (.headCircumferenceForAge, .male, 182, LMS(l: 1, m: 43.316, s: 0.02817)),
        (.headCircumferenceForAge, .male, 365, LMS(l: 1, m: 46.0637, s: 0.02789)),
        (.headCircumferenceForAge, .male, 647, LMS(l: 1, m: 47.8779, s: 0.02811)),
        (.headCircumferenceForAge, .male, 730, LMS(l: 1, m: 48.2494, s: 0.02821)),
    ]

    @Test("every number of the tables reads as the standard library reads it, bit for bit, and what is not a plain decimal is left to it")
    func decimals() {
        let texts = Self.files.map(WHOTables.text)
        let words = texts.flatMap { text in
            text.split(separator: "\n").dropFirst().flatMap { $0.split(separator: "\t").prefix(5).map(String.init) }
        }
        #expect(words.count > 80_000)
        for word in words + ["0", "-0", "12", ".5", "-0.1600", "123456789012345", "0.00000000000001", "9.99999999999999", "-.000000000000"] {
            var text = word
            let read = text.withUTF8 { WHOTables.decimal($0) }
            #expect(read != nil && read?.bitPattern == Double(word)?.bitPattern, "\(word)")
        }
        for word in ["5.", "1e3", "1.2.3", "", "-", ".", "inf", "0x10", "1234567890123456", "0.0000000000000001", "4503599627370497"] {
            var text = word
            #expect(text.withUTF8 { WHOTables.decimal($0) } == nil, "\(word)")
        }
    }

    static let files = ["weianthro.txt", "lenanthro.txt", "hcanthro.txt", "bmianthro.txt", "wflanthro.txt", "wfhanthro.txt"]

    @Test("each file is read whole: a row per day or per tenth of a centimetre, in order, boys then girls")
    func rows() {
        for file in Self.files {
            let rows = WHOTables.parse(WHOTables.text(file))
            let perSex = rows.count / 2
            #expect(rows.count == WHOTables.text(file).split(separator: "\n").count - 1, "\(file)")
            #expect(rows.prefix(perSex).allSatisfy { $0.sex == 1 } && rows.suffix(perSex).allSatisfy { $0.sex == 2 }, "\(file)")
            let first = rows[0].x
            let step = file.hasPrefix("wf") ? 0.1 : 1
            for (index, row) in rows.prefix(perSex).enumerated() {
                #expect(abs(row.x - (first + Double(index) * step)) < 1e-6, "\(file) row \(index)")
            }
        }
    }

    @Test("the shipped days are the WHO's own rows")
    func sameAsWHO() {
        for (standard, sex, day, lms) in Self.published {
            #expect(standard.lms(sex: sex, ageDays: Double(day)) == lms, "\(standard) \(sex) day \(day)")
        }
    }

    /// The WHO's monthly tables (age in whole months, 30.4375 days each), published apart
    /// from the daily ones: every table agrees with them at every month.
    static let monthly: [(GrowthStandard, Sex, [(Double, Double, Double)])] = [
        (.weightForAge, .male, [
            (0.3487, 3.3464, 0.14602), (0.2297, 4.4709, 0.13395), (0.197, 5.5675, 0.12385),
            (0.1738, 6.3762, 0.11727), (0.1553, 7.0023, 0.11316), (0.1395, 7.5105, 0.1108),
            (0.1257, 7.934, 0.10958), (0.1134, 8.297, 0.10902), (0.1021, 8.6151, 0.10882),
            (0.0917, 8.9014, 0.10881), (0.082, 9.1649, 0.10891), (0.073, 9.4122, 0.10906),
            (0.0644, 9.6479, 0.10925), (0.0563, 9.8749, 0.10949), (0.0487, 10.0953, 0.10976),
            (0.0413, 10.3108, 0.11007), (0.0343, 10.5228, 0.11041), (0.0275, 10.7319, 0.11079),
            (0.0211, 10.9385, 0.11119), (0.0148, 11.143, 0.11164), (0.0087, 11.3462, 0.11211),
            (0.0029, 11.5486, 0.11261), (-0.0028, 11.7504, 0.11314), (-0.0083, 11.9514, 0.11369),
            (-0.0137, 12.1515, 0.11426),
        ]),
        (.weightForAge, .female, [
            (0.3809, 3.2322, 0.14171), (0.1714, 4.1873, 0.13724), (0.0962, 5.1282, 0.13),
            (0.0402, 5.8458, 0.12619), (-0.005, 6.4237, 0.12402), (-0.043, 6.8985, 0.12274),
            (-0.0756, 7.297, 0.12204), (-0.1039, 7.6422, 0.12178), (-0.1288, 7.9487, 0.12181),
            (-0.1507, 8.2254, 0.12199), (-0.17, 8.48, 0.12223), (-0.1872, 8.7192, 0.12247),
            (-0.2024, 8.9481, 0.12268), (-0.2158, 9.1699, 0.12283), (-0.2278, 9.387, 0.12294),
            (-0.2384, 9.6008, 0.12299), (-0.2478, 9.8124, 0.12303), (-0.2562, 10.0226, 0.12306),
            (-0.2637, 10.2315, 0.12309), (-0.2703, 10.4393, 0.12315), (-0.2762, 10.6464, 0.12323),
            (-0.2815, 10.8534, 0.12335), (-0.2862, 11.0608, 0.1235), (-0.2903, 11.2688, 0.12369),
            (-0.2941, 11.4775, 0.1239),
        ]),
        (.lengthForAge, .male, [
            (1, 49.8842, 0.03795), (1, 54.7244, 0.03557), (1, 58.4249, 0.03424),
            (1, 61.4292, 0.03328), (1, 63.886, 0.03257), (1, 65.9026, 0.03204),
            (1, 67.6236, 0.03165), (1, 69.1645, 0.03139), (1, 70.5994, 0.03124),
            (1, 71.9687, 0.03117), (1, 73.2812, 0.03118), (1, 74.5388, 0.03125),
            (1, 75.7488, 0.03137), (1, 76.9186, 0.03154), (1, 78.0497, 0.03174),
            (1, 79.1458, 0.03197), (1, 80.2113, 0.03222), (1, 81.2487, 0.0325),
            (1, 82.2587, 0.03279), (1, 83.2418, 0.0331), (1, 84.1996, 0.03342),
            (1, 85.1348, 0.03376), (1, 86.0477, 0.0341), (1, 86.941, 0.03445),
            (1, 87.8161, 0.03479),
        ]),
        (.lengthForAge, .female, [
            (1, 49.1477, 0.0379), (1, 53.6872, 0.0364), (1, 57.0673, 0.03568),
            (1, 59.8029, 0.0352), (1, 62.0899, 0.03486), (1, 64.0301, 0.03463),
            (1, 65.7311, 0.03448), (1, 67.2873, 0.03441), (1, 68.7498, 0.0344),
            (1, 70.1435, 0.03444), (1, 71.4818, 0.03452), (1, 72.771, 0.03464),
            (1, 74.015, 0.03479), (1, 75.2176, 0.03496), (1, 76.3817, 0.03514),
            (1, 77.5099, 0.03534), (1, 78.6055, 0.03555), (1, 79.671, 0.03576),
            (1, 80.7079, 0.03598), (1, 81.7182, 0.0362), (1, 82.7036, 0.03643),
            (1, 83.6654, 0.03666), (1, 84.604, 0.03688), (1, 85.5202, 0.03711),
            (1, 86.4153, 0.03734),
        ]),
        (.headCircumferenceForAge, .male, [
            (1, 34.4618, 0.03686), (1, 37.2759, 0.03133), (1, 39.1285, 0.02997),
            (1, 40.5135, 0.02918), (1, 41.6317, 0.02868), (1, 42.5576, 0.02837),
            (1, 43.3306, 0.02817), (1, 43.9803, 0.02804), (1, 44.53, 0.02796),
            (1, 44.9998, 0.02792), (1, 45.4051, 0.0279), (1, 45.7573, 0.02789),
            (1, 46.0661, 0.02789), (1, 46.3395, 0.02789), (1, 46.5844, 0.02791),
            (1, 46.806, 0.02792), (1, 47.0088, 0.02795), (1, 47.1962, 0.02797),
            (1, 47.3711, 0.028), (1, 47.5357, 0.02803), (1, 47.6919, 0.02806),
            (1, 47.8408, 0.0281), (1, 47.9833, 0.02813), (1, 48.1201, 0.02817),
            (1, 48.2515, 0.02821),
        ]),
        (.headCircumferenceForAge, .female, [
            (1, 33.8787, 0.03496), (1, 36.5463, 0.0321), (1, 38.2521, 0.03168),
            (1, 39.5328, 0.0314), (1, 40.5817, 0.03119), (1, 41.459, 0.03102),
            (1, 42.1995, 0.03087), (1, 42.829, 0.03075), (1, 43.3671, 0.03063),
            (1, 43.83, 0.03053), (1, 44.2319, 0.03044), (1, 44.5844, 0.03035),
            (1, 44.8965, 0.03027), (1, 45.1752, 0.03019), (1, 45.4265, 0.03012),
            (1, 45.6551, 0.03006), (1, 45.865, 0.02999), (1, 46.0598, 0.02993),
            (1, 46.2424, 0.02987), (1, 46.4152, 0.02982), (1, 46.5801, 0.02977),
            (1, 46.7384, 0.02972), (1, 46.8913, 0.02967), (1, 47.0391, 0.02962),
            (1, 47.1822, 0.02957),
        ]),
    ]

    @Test("every daily table agrees with the WHO's monthly table at each of its 25 months")
    func sameAsMonthly() throws {
        for (standard, sex, rows) in Self.monthly {
            for (month, row) in rows.enumerated() {
                let lms = try #require(standard.lms(sex: sex, ageDays: min(Double(month) * 30.4375, 730)))
                #expect(abs(lms.l - row.0) < 0.0003 && abs(lms.m - row.1) / row.1 < 0.0005 && abs(lms.s - row.2) < 0.00003,
                        "\(standard) \(sex) month \(month): \(lms) against \(row)")
            }
        }
    }

    @Test("every table has 1,827 days and changes smoothly from day to day, but where length becomes height and in BMI's first two weeks")
    func smooth() {
        for standard in GrowthStandard.allCases {
            for sex in Sex.allCases {
                let table = WHOTables.table(standard, sex)
                #expect(table.count == 1827)
                // The WHO fitted BMI's first two weeks apart (bends at days 7 and 14).
                for day in 5..<(table.count - 1) where !(729...731).contains(day) && !(standard == .bmiForAge && day <= 14) {
                    func bend(_ value: (LMS) -> Double) -> Double {
                        abs(value(table[day + 1]) - 2 * value(table[day]) + value(table[day - 1]))
                    }
                    #expect(bend(\.l) < 0.002 && bend(\.m) < 0.035 && bend(\.s) < 0.0003, "\(standard) \(sex) day \(day)")
                }
            }
        }
    }

    @Test("published percentiles at six months (the WHO tables as the CDC prints them): 2.3, 50 and 97.7", arguments: [
        (Sex.male, 6.352967, "2.3"), (.male, 7.934, "50.0"), (.male, 9.848832, "97.7"),
        (.female, 5.729383, "2.3"), (.female, 7.297, "50.0"), (.female, 9.33549062, "97.7"),
    ])
    func sixMonths(sex: Sex, kilograms: Double, expected: String) throws {
        let percentile = try #require(GrowthStandard.weightForAge.percentile(kilograms, sex: sex, ageDays: 6 * 30.4375))
        #expect(Percentile.text(percentile) == expected)
    }

    @Test("the boys' median at six months is z = 0")
    func median() throws {
        let z = try #require(GrowthStandard.weightForAge.z(7.934, sex: .male, ageDays: 6 * 30.4375))
        #expect(abs(z) < 0.001)
    }

    @Test("a value on a percentile curve reads back as that percentile, for every standard, both sexes, at many ages")
    func curves() throws {
        for standard in GrowthStandard.allCases {
            for sex in Sex.allCases {
                for day in stride(from: 0, through: 1826, by: 83) {
                    for (percentile, text) in [(3.0, "3.0"), (15, "15.0"), (50, "50.0"), (85, "85.0"), (97, "97.0")] {
                        let value = try #require(standard.curve(percentile: percentile, sex: sex, ageDays: Double(day)))
                        let read = try #require(standard.percentile(value, sex: sex, ageDays: Double(day)))
                        #expect(Percentile.text(read) == text, "\(standard) \(sex) day \(day) \(percentile)")
                    }
                }
            }
        }
    }

    @Test("weight beyond ±3 SD is counted in steps of the last SD gap, the WHO's restricted application")
    func restricted() throws {
        let lms = try #require(GrowthStandard.weightForAge.lms(sex: .male, ageDays: 183))
        let (plus2, plus3) = (lms.value(atZ: 2), lms.value(atZ: 3))
        let (minus2, minus3) = (lms.value(atZ: -2), lms.value(atZ: -3))
        #expect(abs(lms.restrictedZ(plus3) - 3) < 1e-9)
        #expect(abs(lms.restrictedZ(plus3 + (plus3 - plus2)) - 4) < 1e-9)
        #expect(abs(lms.restrictedZ(minus3 - (minus2 - minus3)) + 4) < 1e-9)
        // Inside ±3 the two agree.
        #expect(lms.restrictedZ(lms.value(atZ: 2.5)) == lms.z(lms.value(atZ: 2.5)))
        let heavy = plus3 + 2 * (plus3 - plus2)
        #expect(try #require(GrowthStandard.weightForAge.z(heavy, sex: .male, ageDays: 183)) == lms.restrictedZ(heavy))
        #expect(lms.z(heavy) != lms.restrictedZ(heavy))
    }

    @Test("ages outside birth to five years have no standard; a day between two is interpolated")
    func ages() throws {
        #expect(GrowthStandard.weightForAge.lms(sex: .female, ageDays: -1) == nil)
        #expect(GrowthStandard.weightForAge.lms(sex: .female, ageDays: 1827) == nil)
        #expect(GrowthStandard.weightForAge.lms(sex: .female, ageDays: 1826) != nil)
        let (a, b) = (WHOTables.table(.lengthForAge, .female)[10], WHOTables.table(.lengthForAge, .female)[11])
        let half = try #require(GrowthStandard.lengthForAge.lms(sex: .female, ageDays: 10.5))
        #expect(abs(half.m - (a.m + b.m) / 2) < 1e-12)
        #expect(GrowthStandard.weightForAge.z(0, sex: .male, ageDays: 10) == nil)
    }

    /// The WHO's expanded tables past two years: the median and the SD curves it publishes
    /// beside the LMS, to three decimals, at 1,000 days, 48 and 60 months.
    static let laterCurves: [(GrowthStandard, Sex, Int, median: Double, minusTwo: Double, plusOne: Double, plusThree: Double)] = [
        (.weightForAge, .male, 1000, 13.806, 10.889, 15.564, 19.827), (.weightForAge, .male, 1461, 16.349, 12.713, 18.591, 24.178),
        (.weightForAge, .male, 1826, 18.335, 14.067, 21.018, 27.861), (.weightForAge, .female, 1000, 13.256, 10.377, 15.095, 19.912),
        (.weightForAge, .female, 1461, 16.07, 12.323, 18.525, 25.17), (.weightForAge, .female, 1826, 18.218, 13.742, 21.213, 29.545),
        (.lengthForAge, .male, 1000, 93.971, 86.861, 97.526, 104.635), (.lengthForAge, .male, 1461, 103.327, 94.939, 107.521, 115.909),
        (.lengthForAge, .male, 1826, 109.959, 100.692, 114.593, 123.86), (.lengthForAge, .female, 1000, 92.818, 85.487, 96.483, 103.814),
        (.lengthForAge, .female, 1461, 102.731, 94.116, 107.039, 115.654), (.lengthForAge, .female, 1826, 109.419, 99.908, 114.174, 123.685),
    ]

    @Test("from two to five years the tables give the WHO's published SD curves, and a 4-year-old on them reads their percentiles")
    func toFiveYears() throws {
        for (standard, sex, day, median, minusTwo, plusOne, plusThree) in Self.laterCurves {
            let lms = try #require(standard.lms(sex: sex, ageDays: Double(day)))
            for (z, published) in [(0.0, median), (-2, minusTwo), (1, plusOne), (3, plusThree)] {
                #expect(abs(lms.value(atZ: z) - published) < 0.0006, "\(standard) \(sex) day \(day) z \(z)")
            }
            if day == 1461 {
                #expect(Percentile.text(try #require(standard.percentile(minusTwo, sex: sex, ageDays: 1461))) == "2.3")
                #expect(Percentile.text(try #require(standard.percentile(plusOne, sex: sex, ageDays: 1461))) == "84.1")
            }
        }
        // Head circumference past two years, rows of WHO Anthro's hcanthro.txt.
        #expect(GrowthStandard.headCircumferenceForAge.lms(sex: .male, ageDays: 1800) == LMS(l: 1, m: 50.7038, s: 0.02943))
        #expect(GrowthStandard.headCircumferenceForAge.lms(sex: .male, ageDays: 1826) == LMS(l: 1, m: 50.7372, s: 0.02945))
        #expect(GrowthStandard.bmiForAge.lms(sex: .male, ageDays: 0) == LMS(l: -0.3053, m: 13.4069, s: 0.0956))
    }

    @Test("percentiles to one decimal, with the ends said as such")
    func percentileText() {
        #expect(Percentile.text(0.04) == "<0.1")
        #expect(Percentile.text(0.05) == "0.1")
        #expect(Percentile.text(49.96) == "50.0")
        #expect(Percentile.text(99.94) == "99.9")
        #expect(Percentile.text(99.96) == ">99.9")
        #expect(abs(Percentile.of(z: 1.959964) - 97.5) < 1e-4)
        #expect(abs(Percentile.z(of: 97.5) - 1.959964) < 1e-5)
    }
}

@Suite struct CorrectedAgeTests {
    @Test("a baby born 3 weeks or more before the due date is placed at the age counted from 40 weeks, until two years")
    func corrected() {
        #expect(CorrectedAge.daysEarly(gestationalAgeWeeks: 32) == 56)
        #expect(CorrectedAge.days(afterBirth: 70, gestationalAgeWeeks: 32) == 14)
        #expect(CorrectedAge.days(afterBirth: 56, gestationalAgeWeeks: 32) == 0)
        #expect(CorrectedAge.days(afterBirth: 30, gestationalAgeWeeks: 32) == nil)
        #expect(CorrectedAge.days(afterBirth: 730, gestationalAgeWeeks: 32) == 674)
        #expect(CorrectedAge.days(afterBirth: 731, gestationalAgeWeeks: 32) == 731)
        // 36 weeks 4 days: 24 days early; 37 weeks, 3 weeks early, the last corrected; after it, none.
        #expect(CorrectedAge.daysEarly(gestationalAgeWeeks: 36 + 4.0 / 7) == 24)
        #expect(CorrectedAge.daysEarly(gestationalAgeWeeks: 37) == 21)
        #expect(CorrectedAge.daysEarly(gestationalAgeWeeks: 37 + 1.0 / 7) == nil)
        #expect(CorrectedAge.days(afterBirth: 70, gestationalAgeWeeks: 39) == 70)
        #expect(CorrectedAge.days(afterBirth: 70, gestationalAgeWeeks: nil) == 70)
        #expect(CorrectedAge.days(afterBirth: -1, gestationalAgeWeeks: nil) == nil)
    }
}
