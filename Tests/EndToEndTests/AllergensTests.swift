import Foundation
import Testing

/// The common allergens on the visit summary: each one a meal named, with the first day,
/// how many meals, the last day and every reaction beside them; the foods matched by every
/// language's words, whatever the pages' language.
@Suite struct AllergensTests {
    /// Peanut butter first on Nov 10, then as the German app writes it on Nov 13 with a rash;
    /// scrambled egg on Nov 12; an eggplant, which is no egg, and porridge with breast milk,
    /// which is no cow's milk.
    static let export: String = {
        let meals = [("2026-11-10T12:00:00", "Peanut butter (1 tsp)", "loved it"), ("2026-11-11T12:00:00", "pear", ""),
                     ("2026-11-12T12:00:00", "scrambled egg", ""), ("2026-11-13T12:00:00", "Erdnussmus", "rash on the cheeks"),
                     ("2026-11-14T12:00:00", "eggplant", ""), ("2026-11-15T12:00:00", "porridge with breast milk", "")]
        let events = (8...21).flatMap { VisitHealthTests.ordinaryDay("2026-11-\(String(format: "%02d", $0))") }
            + meals.map { at, food, reaction in
                #""type": "solids", "occurred_at": "\#(at)-06:00", "food": "\#(food)""# + (reaction.isEmpty ? "" : #", "reaction": "\#(reaction)""#)
            }
        return VisitHealthTests.export(born: "2026-03-01", events: events)
    }()

    @Test("peanut first eaten on Nov 10, a rash three days later; egg once; the rest named in no meal")
    func english() async throws {
        let (_, markdown, _) = try await VisitHealthTests.visit(Self.export, arguments: ["--language", "en-US"])
        for expected in ["## Common allergens",
                         "| Peanut | Nov 10 | 2 | Nov 13 | rash on the cheeks (Nov 13) |",
                         "| Egg | Nov 12 | 1 | Nov 12 | – |",
                         "Named in no meal: Cow's milk, Wheat, Soy, Sesame, Tree nuts, Fish, Shellfish."] {
            #expect(markdown.contains(expected), "\(expected)\n\(markdown)")
        }
    }

    @Test("in German, Japanese and Arabic", arguments: [
        ("de", ["| Erdnuss | 10. Nov. | 2 | 13. Nov. | rash on the cheeks (13. Nov.) |", "In keiner Mahlzeit genannt:"]),
        ("ja", ["| 落花生 | 11月10日 | 2 | 11月13日 | rash on the cheeks", "食事の記録に出てこないもの："]),
        ("ar", ["| الفول السوداني |", "rash on the cheeks", "لم يُذكر في أي وجبة:"]),
    ])
    func languages(language: String, expected: [String]) async throws {
        let (_, markdown, _) = try await VisitHealthTests.visit(Self.export, arguments: ["--language", language])
        for phrase in expected {
            #expect(markdown.contains(phrase), "\(phrase)\n\(markdown)")
        }
    }
}
