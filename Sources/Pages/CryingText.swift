import Dataset
import Days
import Timekeeping

/// Crying as the pages say it: a spell on the day's list, a day's row and cell, a range's
/// total. A day with no spell logged says nothing of crying: families log it when it
/// happens, so its absence is no count of zero minutes.
enum CryingText {
    /// `until 7:40 PM · 1h 30m`, `25 min`, or `length not logged`, then the family's note
    /// as `note` writes it (escaped for Markdown, or as it is for the search).
    static func spell(_ crying: Crying, zone: Zone, note written: (String) -> String) -> String {
        // Its end when logged; its minutes alone when only they were.
        let length = crying.fields.end.map { end in
            let span = Format.duration(end - crying.startedAt)
            return crying.endedAt == nil ? span : Format.text("crying_until", ["end": Format.time(end, in: zone), "length": span])
        } ?? Format.text("crying_no_length")
        guard let note = crying.note, !note.allSatisfy(\.isWhitespace) else { return length }
        return length + " · " + written(note)
    }

    /// `2h 10m (3 times)`, with the spells logged without a length named; a day reached
    /// only by a stretch from the day before has its time alone.
    static func day(_ figures: CryingFigures) -> String {
        guard figures.spells > 0 else { return Format.duration(figures.time) }
        var text = Format.text("minutes_in_times", count: figures.spells, ["minutes": Format.duration(figures.time)])
        if figures.untimed > 0 { text += Format.text("clause_separator") + Format.text("crying_untimed", count: figures.untimed) }
        return text
    }

    /// A day's cell in a table of days: its crying time, `–` when none was logged.
    static func cell(_ day: Day) -> String {
        let figures = day.summary.crying
        if figures.time > .zero { return Format.duration(figures.time) }
        return figures.spells > 0 ? Format.text("crying_no_length") : "–"
    }

    /// Whether any of `days` has crying logged, or a stretch of it reaching in.
    static func anyLogged(in days: [Day]) -> Bool {
        days.contains(where: \.summary.crying.isLogged)
    }

    /// `Crying: 9 times, 6h 40m`.
    static func totals(_ days: [Day]) -> String? {
        let spells = days.reduce(0) { $0 + $1.summary.crying.spells }
        guard spells > 0 else { return nil }
        let time = days.reduce(Duration.zero) { $0 + $1.summary.crying.time }
        return Format.text("crying_totals", ["times": Format.text("times_count", count: spells), "length": Format.duration(time)])
    }
}
