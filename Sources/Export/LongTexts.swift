extension Plausibility {
    /// The longest name, caregiver, category or short text kept, in characters: every page
    /// repeats them.
    public static let longestName = 200

    /// `text` cut to ``longestName`` characters, telling `report` how many it had; as it is
    /// when no longer.
    public static func cut(_ text: String, _ report: (_ characters: Int) -> Void) -> String {
        guard text.utf8.count > longestName, text.count > longestName else { return text }
        report(text.count)
        return String(text.prefix(longestName))
    }
}

extension ExportEvent {
    /// Cuts the event's names and short texts (its caregiver, a note's category, a
    /// medicine's or vaccine's name and dose, a food, a reaction, a milestone) to
    /// ``Plausibility/longestName`` characters, telling `report` the field, what it is and
    /// how many characters it had. A note's own text is never cut.
    public mutating func cutLongTexts(_ report: (_ field: String, _ what: String, _ characters: Int) -> Void) {
        func cut(_ text: String, _ field: String, _ what: String) -> String {
            Plausibility.cut(text) { report(field, what, $0) }
        }
        func cut(name: inout String, dose: inout String?, _ what: String) {
            name = cut(name, "name", what)
            dose = dose.map { cut($0, "dose", "a dose") }
        }
        if let name = createdBy { createdBy = cut(name, "created_by", "a caregiver's name") }
        switch kind {
        case .note(var note):
            guard let category = note.category else { return }
            note.category = cut(category, "category", "a category")
            kind = .note(note)
        case .medication(var medication):
            cut(name: &medication.name, dose: &medication.dose, "a medication's name")
            kind = .medication(medication)
        case .solids(var solids):
            solids.food = solids.food.map { cut($0, "food", "a food") }
            solids.reaction = solids.reaction.map { cut($0, "reaction", "a reaction") }
            kind = .solids(solids)
        case .vaccination(var vaccination):
            cut(name: &vaccination.name, dose: &vaccination.dose, "a vaccine's name")
            kind = .vaccination(vaccination)
        case .milestone(var milestone):
            milestone.text = cut(milestone.text, "text", "a milestone")
            kind = .milestone(milestone)
        case .feeding, .diaper, .sleep, .measurement, .temperature, .pumping, .tummyTime, .unknown:
            break
        }
    }
}
