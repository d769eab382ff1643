/// The notes a family writes: check-ups with measurements, milestones, everyday
/// remarks — in Markdown with bold, lists, tables, task lists and links.
struct SampleNotes {
    let name: String

    struct Note {
        let text: String
        let category: String?
    }

    static let caregivers = ["Mom", "Dad", "Grandma Rose", "Nanny Joy"]

    /// Notes for the day a child is `age` days old.
    func notes(forAge age: Int, random: inout RandomSource) -> [Note] {
        var notes: [Note] = []
        if let visit = SampleNotes.checkUpAges.first(where: { $0.age == age }) {
            notes.append(checkUp(label: visit.label, age: age, random: &random))
        }
        if let milestone = SampleNotes.milestones.first(where: { $0.age == age }) {
            notes.append(Note(text: milestone.text.replacing("{name}", with: name), category: "milestone"))
        }
        if random.chance(0.2) {
            let (text, category) = random.pick(SampleNotes.everyday)
            notes.append(Note(text: text.replacing("{name}", with: name), category: category))
        }
        return notes
    }

    private func checkUp(label: String, age: Int, random: inout RandomSource) -> Note {
        let weight = Routine.weightKG.value(atAge: age) * random.uniform(0.94...1.06)
        let length = Routine.lengthCM.value(atAge: age) * random.uniform(0.97...1.03)
        let text = """
        **Check-up (\(label))** with Dr. Patel.

        | Measure | Value |
        |---|---|
        | Weight | **\(String(format1: weight)) kg** |
        | Length | \(String(format1: length)) cm |

        - Growing along the usual curve
        - Next visit as scheduled
        - [x] Vitamin D discussed

        Milestones to watch: [CDC milestone tracker](https://www.cdc.gov/ncbddd/actearly/milestones/index.html).
        """
        return Note(text: text, category: "health")
    }

    static let checkUpAges: [(age: Int, label: String)] = [
        (4, "newborn"), (14, "2 weeks"), (31, "1 month"), (61, "2 months"), (122, "4 months"),
        (183, "6 months"), (274, "9 months"), (366, "12 months"), (457, "15 months"),
        (548, "18 months"), (731, "2 years"), (1096, "3 years"),
    ]

    static let milestones: [(age: Int, text: String)] = [
        (9, "Umbilical stump fell off today."),
        (44, "**First real smile** this morning, at Dad's silly voice! 😊"),
        (75, "{name} laughed out loud for the first time."),
        (118, "Rolled from tummy to back — twice!"),
        (150, "Grabbing everything: toes, hair, the spoon."),
        (190, "First tooth 🦷 (bottom front). A bit more drool and night waking."),
        (205, "First solid food: *sweet potato*. Mostly on the bib."),
        (240, "Sitting without support."),
        (275, "Crawling! Baby gates go up this weekend."),
        (330, "Said \"da-da\" on purpose, we think."),
        (372, "**First steps** — three of them, into Grandma's arms."),
        (450, "Walking everywhere now; naps down to one."),
        (560, "New words this week:\n\n1. ball\n2. dog\n3. more"),
        (700, "Two-word sentences: \"more milk\", \"bye car\"."),
    ]

    static let everyday: [(String, String?)] = [
        ("Fussy evening, lots of cluster feeding.", "feeding"),
        ("Tried the **white noise** machine for the night — slept better.", "sleep"),
        ("Vitamin D drops:\n\n- [x] morning\n- [ ] evening (forgot!)", "health"),
        ("Temp **37.9 °C** after vaccines; cool cloth and cuddles. Back to normal by evening.", "health"),
        ("Spit up more than usual after the night feed.", "feeding"),
        ("Great nap in the carrier on our walk 🌳", "sleep"),
        ("Grandma visited; ~~skipped~~ very short afternoon nap.", nil),
        ("Switched to the next diaper size.", nil),
        ("Gave *acetaminophen* for teething:\n\n| Time | Dose |\n|---|---|\n| 14:00 | 2.5 ml |", "health"),
        ("Bath night. {name} loved splashing.", nil),
        ("Hard to settle after 2 AM; rocked for 40 min.", "sleep"),
        ("Daycare note: ate well, napped 1h 10m.", nil),
        ("Read [Safe sleep guidance](https://www.aap.org/en/patient-care/safe-sleep/) again after the move to the crib.", "sleep"),
        ("Pumped 120 ml for tomorrow.", "feeding"),
    ]
}

private extension String {
    /// A number with one decimal: `5.4`.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
