import Testing
@testable import Growth

@Suite struct WeightForStatureTests {
    /// Rows of the WHO's file (WHO Anthro, data-raw/growthstandards/wflanthro.txt).
    static let published: [(Sex, Double, LMS)] = [
        (.male, 45, LMS(l: -0.3521, m: 2.441, s: 0.09182)),
        (.male, 45.1, LMS(l: -0.3521, m: 2.4577, s: 0.09176)),
        (.male, 60, LMS(l: -0.3521, m: 5.9907, s: 0.08342)),
        (.male, 70, LMS(l: -0.3521, m: 8.4227, s: 0.08229)),
        (.male, 80, LMS(l: -0.3521, m: 10.4475, s: 0.08308)),
        (.male, 93.4, LMS(l: -0.3521, m: 13.5171, s: 0.08028)),
        (.female, 45, LMS(l: -0.3833, m: 2.4607, s: 0.09029)),
        (.female, 88.7, LMS(l: -0.3833, m: 12.1478, s: 0.08899)),
        (.female, 92.4, LMS(l: -0.3833, m: 13.0672, s: 0.08927)),
        (.female, 100, LMS(l: -0.3833, m: 15.0267, s: 0.09069)),
        (.female, 110, LMS(l: -0.3833, m: 18.3324, s: 0.09401)),
    ]

    @Test("the shipped lengths are the WHO's own rows, 651 per sex")
    func sameAsWHO() {
        for (sex, length, lms) in Self.published {
            #expect(WeightForStature.length.lms(sex: sex, centimetres: length) == lms, "\(sex) \(length) cm")
        }
        for sex in Sex.allCases {
            #expect(WHOTables.table(WeightForStature.length, sex).count == 651)
        }
    }

    @Test("the median is z = 0, and a weight on a percentile curve reads back as that percentile", arguments: Sex.allCases)
    func curves(sex: Sex) throws {
        for length in stride(from: 45.0, through: 110, by: 6.5) {
            let median = try #require(WeightForStature.length.lms(sex: sex, centimetres: length)).m
            #expect(abs(try #require(WeightForStature.length.z(median, sex: sex, centimetres: length))) < 1e-12)
            for percentile in [3.0, 15, 50, 85, 97] {
                let weight = try #require(WeightForStature.length.curve(percentile: percentile, sex: sex, centimetres: length))
                let back = try #require(WeightForStature.length.percentile(weight, sex: sex, centimetres: length))
                #expect(Percentile.text(back) == Percentile.text(percentile), "\(sex) \(length) cm \(percentile)")
            }
        }
    }

    @Test("a length between two tenths is interpolated; outside 45–110 cm there is no standard")
    func lengths() throws {
        let between = try #require(WeightForStature.length.lms(sex: .male, centimetres: 45.05))
        #expect(abs(between.m - (2.441 + 2.4577) / 2) < 1e-12)
        #expect(WeightForStature.length.lms(sex: .male, centimetres: 63.2) == WHOTables.table(WeightForStature.length, .male)[182])
        #expect(WeightForStature.length.lms(sex: .female, centimetres: 44.9) == nil)
        #expect(WeightForStature.length.lms(sex: .female, centimetres: 110.1) == nil)
        #expect(WeightForStature.length.z(0, sex: .female, centimetres: 60) == nil)
    }

    /// The WHO's expanded weight-for-height tables (two to five years): the median and the
    /// SD curves it publishes beside the LMS, to three decimals.
    static let heightCurves: [(Sex, Double, median: Double, minusTwo: Double, plusThree: Double)] = [
        (.male, 100, 15.358, 13.087, 19.883), (.male, 110.5, 18.695, 15.751, 24.69),
        (.female, 100, 15.225, 12.771, 20.305), (.female, 110.5, 18.802, 15.666, 25.381),
    ]

    @Test("weight-for-height runs 65–120 cm, 551 rows per sex, and gives the WHO's published SD curves")
    func height() throws {
        for sex in Sex.allCases {
            #expect(WHOTables.table(WeightForStature.height, sex).count == 551)
        }
        #expect(WeightForStature.height.lms(sex: .male, centimetres: 64.9) == nil)
        #expect(WeightForStature.height.lms(sex: .male, centimetres: 120.1) == nil)
        #expect(WeightForStature.height.lms(sex: .male, centimetres: 65) == LMS(l: -0.3521, m: 7.4327, s: 0.08217))
        for (sex, height, median, minusTwo, plusThree) in Self.heightCurves {
            let lms = try #require(WeightForStature.height.lms(sex: sex, centimetres: height))
            #expect(abs(lms.m - median) < 0.0005)
            #expect(abs(lms.value(atZ: -2) - minusTwo) < 0.0005)
            #expect(abs(lms.value(atZ: 3) - plusThree) < 0.0005, "\(sex) \(height)")
        }
        #expect(WeightForStature(daysOld: 730) == .length && WeightForStature(daysOld: 731) == .height)
    }

    @Test("beyond ±3 SD the restricted application counts in steps of the last SD gap, as for weight-for-age")
    func restricted() throws {
        let lms = try #require(WeightForStature.length.lms(sex: .female, centimetres: 70))
        let third = lms.value(atZ: 3), second = lms.value(atZ: 2)
        let z = try #require(WeightForStature.length.z(third + (third - second), sex: .female, centimetres: 70))
        #expect(abs(z - 4) < 1e-9)
    }
}

@Suite struct BirthWeightCourseTests {
    typealias Weighing = BirthWeightCourse.Weighing

    @Test("the lowest weighing of the first four weeks, in percent of birth weight, and the first weighing back at it")
    func lossAndRegain() throws {
        let course = try #require(BirthWeightCourse(birthKilograms: 3.5, weighings: [
            Weighing(daysOld: 14, kilograms: 3.62), Weighing(daysOld: 3, kilograms: 3.22), Weighing(daysOld: 5, kilograms: 3.22),
            Weighing(daysOld: 8, kilograms: 3.41), Weighing(daysOld: 11, kilograms: 3.5),
        ]))
        #expect(course.lowest == Weighing(daysOld: 3, kilograms: 3.22))
        #expect(abs(try #require(course.lostPercent) - 8) < 1e-9)
        #expect(course.regained == Weighing(daysOld: 11, kilograms: 3.5))
    }

    @Test("not yet back: no regain; never below birth weight: no loss; no newborn weighing: no course")
    func edges() throws {
        let notYet = try #require(BirthWeightCourse(birthKilograms: 3.5, weighings: [Weighing(daysOld: 4, kilograms: 3.3)]))
        #expect(notYet.lowest?.daysOld == 4)
        #expect(notYet.regained == nil)
        let gaining = try #require(BirthWeightCourse(birthKilograms: 3.5, weighings: [Weighing(daysOld: 6, kilograms: 3.6)]))
        #expect(gaining.lowest == nil && gaining.lostPercent == nil && gaining.regained == nil)
        #expect(BirthWeightCourse(birthKilograms: 3.5, weighings: [Weighing(daysOld: 40, kilograms: 4.6)]) == nil)
        #expect(BirthWeightCourse(birthKilograms: 0, weighings: [Weighing(daysOld: 2, kilograms: 3)]) == nil)
    }
}
