import Days
import Timekeeping

/// The visit summary's crying: minutes a day over the summary, and beside it the rule of
/// threes clinicians use for colic (Wessel et al., Pediatrics 1954: crying more than three
/// hours a day, on more than three days a week, for three weeks or more) and how the
/// family's record compares with each part. The record is context for the doctor, never a
/// diagnosis: the page names no condition.
struct CryingRecord {
    /// More than this in a day meets the rule's first part.
    static let hoursADay = Duration.hours(3)
    /// More days than this in a week meet its second part.
    static let daysAWeek = 3
    /// This many weeks in a row or more meet its third.
    static let weeks = 3

    let days: [Day]
    /// The child's days up to the summary's last, for the weeks before the summary.
    let history: ArraySlice<Day>

    init?(days: [Day], allDays: [Day]) {
        guard CryingText.anyLogged(in: days), let last = days.last?.date else { return nil }
        self.days = days
        self.history = allDays.prefix { $0.date <= last }
    }

    /// The sentences of the section, in order.
    var lines: [String] {
        [logged, Format.text("crying_threes_rule"), threes] + unlogged + untimed
    }

    /// `Crying logged on 5 of these 14 days: 9h 40m in all; on those days 1h 56m on average, the most 3h 20m (Nov 18).`
    private var logged: String {
        let withCrying = days.filter(\.summary.crying.isLogged)
        let total = withCrying.reduce(Duration.zero) { $0 + $1.summary.crying.time }
        let timed = withCrying.filter { $0.summary.crying.time > .zero }
        let integer = Format.language.formats.integer
        guard let most = timed.max(by: { $0.summary.crying.time < $1.summary.crying.time }) else {
            return Format.text("crying_logged_untimed", ["count": integer(withCrying.count), "all": Format.text("days_count", count: days.count)])
        }
        return Format.text("crying_logged", [
            "count": integer(withCrying.count), "all": Format.text("days_count", count: days.count), "total": Format.duration(total),
            "mean": Format.duration(Duration(milliseconds: total.milliseconds / Int64(timed.count))),
            "most": Format.duration(most.summary.crying.time), "date": Format.shortDate(most.date),
        ])
    }

    /// `In this record: more than 3 hours on 4 of the last 7 days, to Nov 21; weeks in a row with more than 3 such days: 1.`
    private var threes: String {
        let integer = Format.language.formats.integer
        return Format.text("crying_threes_record", [
            "count": integer(lastWeek.filter(Self.meetsDay).count), "date": Format.shortDate(days[days.count - 1].date),
            "weeks": integer(weeksInARow),
        ])
    }

    /// The last seven days of the record, the summary's last among them.
    private var lastWeek: ArraySlice<Day> { history.suffix(7) }

    /// How many weeks, back from the summary's last day, each have more than three days of
    /// more than three hours.
    var weeksInARow: Int {
        var end = history.endIndex
        var count = 0
        while end > history.startIndex {
            let start = max(history.startIndex, end - 7)
            guard history[start..<end].filter(Self.meetsDay).count > Self.daysAWeek else { break }
            count += 1
            end = start
        }
        return count
    }

    /// Days of the last week with nothing at all logged: their crying is not known.
    private var unlogged: [String] {
        let count = lastWeek.filter { !$0.hasDailyEntries && !$0.summary.crying.isLogged }.count
        return count == 0 ? [] : [Format.text("crying_week_unlogged", count: count)]
    }

    /// Spells logged with no length, which no hour counts.
    private var untimed: [String] {
        let count = days.reduce(0) { $0 + $1.summary.crying.untimed }
        return count == 0 ? [] : [Format.text("crying_untimed_note", count: count)]
    }

    /// More than three hours of crying in the day.
    static func meetsDay(_ day: Day) -> Bool {
        day.summary.crying.time > hoursADay
    }
}
