import Timekeeping

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
    /// Cuts the event's names and short texts (its caregiver, and each text its kind
    /// declares short: a note's category, a medicine's or vaccine's name and dose, a food,
    /// a reaction, a milestone) to ``Plausibility/longestName`` characters, telling `report`
    /// the field, what it is and how many characters it had. A note's own text is never cut.
    public mutating func cutLongTexts(_ report: (_ field: String, _ what: String, _ characters: Int) -> Void) {
        if let name = createdBy { createdBy = Plausibility.cut(name) { report("created_by", "a caregiver's name", $0) } }
        kind.cutLongTexts(report)
    }
}

extension ExportEvent.Kind {
    /// Cuts the short texts of the event's kind, as ``ExportEvent/cutLongTexts(_:)`` does.
    public mutating func cutLongTexts(_ report: (_ field: String, _ what: String, _ characters: Int) -> Void) {
        withoutActuallyEscaping(report) { report in
            var cutter = TextCutter(report: report)
            visitFields(&cutter)
        }
    }
}

/// Cuts each short text field of an event, telling `report` of each cut.
private struct TextCutter: FieldVisitor {
    typealias Failure = Never
    let report: (_ field: String, _ what: String, _ characters: Int) -> Void

    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) {
        guard case .short(let what) = length else { return }
        value = Plausibility.cut(value) { report(key.rawValue, what, $0) }
    }

    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) {
        guard var text = value else { return }
        self.text(key, &text, length)
        value = text
    }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) {}
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) {}
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) {}
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) {}
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) {}
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) {}
}
