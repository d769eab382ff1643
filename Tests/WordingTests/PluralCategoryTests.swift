import Testing
import Wording

@Suite struct PluralCategoryTests {
    @Test("Arabic has all six forms, by CLDR's rules", arguments: [
        (0, PluralCategory.zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many),
        (100, .other), (101, .other), (102, .other), (103, .few), (111, .many), (1000, .other),
    ])
    func arabic(count: Int, category: PluralCategory) {
        #expect(PluralCategory.of(count, in: "ar") == category)
    }

    @Test("English, German, French, Spanish and Japanese", arguments: [
        ("en", 0, PluralCategory.other), ("en", 1, .one), ("en", 2, .other),
        ("de", 1, .one), ("de", 21, .other),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many),
        ("es", 0, .other), ("es", 1, .one), ("es", 2_000_000, .many),
        ("ja", 1, .other), ("ja", 5, .other),
    ])
    func others(language: String, count: Int, category: PluralCategory) {
        #expect(PluralCategory.of(count, in: language) == category)
    }

    @Test("a count's word in its form, in the locale's digits")
    func words() throws {
        let arabic = try Language.named("ar")
        #expect(arabic.text("age_days", count: 2) == "يومان")
        #expect(arabic.text("age_days", count: 5) == "5 أيام")
        #expect(arabic.text("age_days", count: 12) == "12 يومًا")
        #expect(try Language.named("ar-EG").text("age_days", count: 12) == "١٢ يومًا")
        #expect(try Language.named("fr").text("age_days", count: 0) == "0 jour")
        #expect(try Language.named("de").text("age_weeks", count: 3) == "3 Wochen")
        #expect(try Language.named("ja").text("age_weeks", count: 3) == "3週")
    }
}
