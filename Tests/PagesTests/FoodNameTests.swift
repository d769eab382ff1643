@testable import Pages
import Testing

/// A food is its name, whatever amount the family wrote with it.
@Suite struct FoodNameTests {
    @Test("amounts and units are not part of a food's name", arguments: [
        ("10倍がゆ 4さじ", "10倍がゆ"), ("10倍がゆ 5さじ", "10倍がゆ"), ("Applesauce (15 g)", "Applesauce"), ("Applesauce (40 g)", "Applesauce"),
        ("おかゆ小さじ1", "おかゆ"), ("にんじん 10g", "にんじん"), ("2 tbsp of yogurt", "yogurt"), ("Banana x2", "Banana"),
        ("sweet potato", "sweet potato"), ("Karottenbrei 3 EL", "Karottenbrei"), ("compote de pomme (2 c. à café)", "compote de pomme"),
        ("puré de pera 2 cucharadas", "puré de pera"), ("  egg  ", "egg"), ("(30 ml)", nil),
    ])
    func names(written: String, name: String?) {
        #expect(FoodName.name(written) == name)
    }

    @Test("a note names the food tried for the first time, in each language's words", arguments: [
        ("初めてのほうれん草", ["ほうれん草"]), ("初めてのにんじんを食べた。", ["にんじん"]), ("First taste of avocado!", ["avocado"]),
        ("Tried sweet potato for the first time today", ["sweet potato", "today"]), ("Kürbis zum ersten Mal probiert", ["probiert", "kürbis"]),
        ("Thirst taste of x", []), ("First smile!", []),
    ])
    func firstTime(note: String, foods: [String]) {
        #expect(FoodName.firstTimeFoods(in: note) == foods)
    }
}
