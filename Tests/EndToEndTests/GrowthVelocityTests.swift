import Foundation
import Testing

/// Weight gain between weighings, a day and per kilogram a day, and NICE NG75's signs of
/// faltering growth, each with the weighings it comes from, on the growth page and the
/// visit summary, in every language's words.
@Suite struct GrowthVelocityTests {
    /// A girl born at the 50th centile (3.23 kg), weighed at the 75th at two months
    /// (5.60 kg on Oct 1) and at the 8th at sixteen weeks (`latest` on Nov 21).
    static func export(latest: String = "5.25", birth: String = #", "birth_weight_kg": 3.23"#) -> String {
        #"""
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
         "settings": {"timezone": "America/Chicago"},
         "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-08-01", "sex": "female"\#(birth)}],
         "events": [
          {"id": "1", "child_id": "c", "type": "measurement", "occurred_at": "2026-10-01T09:00:00-05:00", "weight_kg": 5.60},
          {"id": "2", "child_id": "c", "type": "feeding", "started_at": "2026-11-20T07:00:00-06:00", "feeding_type": "bottle", "amount_ml": 120},
          {"id": "3", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-21T09:00:00-06:00", "weight_kg": \#(latest)}
         ]}
        """#
    }

    static func text(_ path: String, _ export: String = export(), language: String = "en-US") async throws -> String {
        try await SharedBuilds.shared.archive(export, arguments: ["--language", language, "--weight", "kg"]).page(path).text
    }

    @Test("a fall from the 75th to the 8th centile is named with both weighings, on the visit summary and the growth page")
    func fall() async throws {
        let sign = "Weight fell across 3 centile spaces, from the 75th centile (5.60 kg on Oct 1, 2026) to the 8th (5.25 kg on Nov 21, 2026); "
            + "NICE NG75 names a fall across 2 or more when the birth weight was between the 9th and 91st centiles."
        let visit = try await Self.text("ava/visit.html")
        #expect(visit.contains(sign), "\(visit)")
        // The older line-crossing reading is not said of weight a second time.
        #expect(!visit.contains("Weight went from"))
        #expect(try await Self.text("ava/growth.html").contains(sign))
    }

    @Test("gain a day and per kilogram a day between each two weighings, on the growth page; the latest on the visit summary")
    func velocity() async throws {
        let growth = try await Self.text("ava/growth.html")
        for expected in ["Weight gain between weighings", "Oct 1–Nov 21, 2026 51 −7 g −1.3 g/kg", "Aug 1–Oct 1, 2026 61 +39 g +8.8 g/kg",
                         "the two-point average, Patel et al., 2005"] {
            #expect(growth.contains(expected), "\(expected)\n\(growth)")
        }
        let visit = try await Self.text("ava/visit.html")
        #expect(visit.contains("Per day −7 g") && visit.contains("Per kg a day −1.3 g/kg"), "\(visit)")
        let pounds = try await SharedBuilds.shared.archive(Self.export(), arguments: ["--language", "en-US"]).page("ava/growth.html").text
        #expect(pounds.contains("Oct 1–Nov 21, 2026 51 −0.2 oz −1.3 g/kg"), "\(pounds)")
    }

    @Test("a weight below the 2nd centile is named whatever the birth weight; with no birth weight the first weight stands for it")
    func belowSecond() async throws {
        let visit = try await Self.text("ava/visit.html", Self.export(latest: "4.60", birth: ""))
        #expect(visit.contains("Weight 4.60 kg on Nov 21, 2026 is below the 2nd centile"), "\(visit)")
        #expect(visit.contains("(no birth weight logged: the first weight, Oct 1, 2026, stands for it)"), "\(visit)")
    }

    @Test("the sign in German, Japanese and Arabic", arguments: [
        ("de", "Das Gewicht fiel über 3 Perzentilenräume"),
        ("ja", "体重が3つのパーセンタイル区間を下がりました"),
        ("ar", "هبط الوزن عبر 3 من مسافات المئينات"),
    ])
    func languages(language: String, expected: String) async throws {
        let visit = try await Self.text("ava/visit.html", language: language)
        #expect(visit.contains(expected), "\(visit)")
        #expect(visit.contains("NICE NG75"))
    }
}
