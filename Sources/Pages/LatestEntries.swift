import Dataset
import Days
import Export
import Timekeeping

/// The latest of each kind a child logged, as of the export: what the family home's cards
/// say in words and `status.json` says for dashboards.
struct LatestEntries {
    let days: [Day]
    let exportedAt: Instant

    /// Asleep or awake at the export, and since when.
    enum SleepState {
        /// A sleep started and never ended in the app (``Sleep/isUnended(exportedAt:)``):
        /// neither asleep for days nor awake.
        case notEnded(Sleep)
        /// Asleep since the start of `span`, which was still going at the export.
        case asleep(SleepSpan)
        /// Awake since the end of `span`.
        case awake(SleepSpan)
    }

    /// The next breast side is suggested from a breast feed this recent.
    static let nextSideWithin = Duration.hours(24)
    /// A fever this recent is one at the export: the home names it, status.json flags it.
    static let recentFever = Duration.hours(48)

    var feed: Feeding? {
        days.last(where: { !$0.feedings.isEmpty })?.feedings.last
    }

    /// The other breast from the last breast feed's start, when that feed was within
    /// ``nextSideWithin`` of the export (the seed's first question at night).
    var nextSide: ExportEvent.Side? {
        let lastBreast = days.last(where: { $0.feedings.contains { $0.type == .breast } })?.feedings.last { $0.type == .breast }
        guard let lastBreast, let side = lastBreast.startedSide, exportedAt - lastBreast.startedAt <= Self.nextSideWithin else { return nil }
        return side == .left ? .right : .left
    }

    var diaper: Diaper? {
        days.last(where: { !$0.diapers.isEmpty })?.diapers.last
    }

    /// Nil when no sleep was logged.
    var sleep: SleepState? {
        let lastSleep = days.last(where: { !$0.sleeps.isEmpty })?.sleeps.last
        let lastSpan = days.last(where: { !$0.sleepSpans.isEmpty })?.sleepSpans.last
        if let lastSleep, lastSleep.isUnended(exportedAt: exportedAt), lastSleep.startedAt >= (lastSpan?.end ?? lastSleep.startedAt) {
            return .notEnded(lastSleep)
        }
        if let span = days.last?.sleepSpans.last, span.isOngoing { return .asleep(span) }
        return lastSpan.map { .awake($0) }
    }

    /// The latest temperature reading of all.
    var temperature: Temperature? {
        days.last(where: { !$0.health.temperatures.isEmpty })?.health.temperatures.max { $0.occurredAt < $1.occurredAt }
    }

    /// Whether `reading` is a fever by the threshold for the child's age then
    /// (``AgeContext``), taken within ``recentFever`` of the export.
    func isRecentFever(_ reading: Temperature, born: LocalDate?, zone: Zone) -> Bool {
        exportedAt - reading.occurredAt <= Self.recentFever && AgeContext.isFever(reading, born: born, zone: zone)
    }

    /// The highest recent fever (``isRecentFever(_:born:zone:)``); the last three days hold them all.
    func highestRecentFever(born: LocalDate?, zone: Zone) -> Temperature? {
        days.suffix(3).flatMap(\.health.temperatures).filter { isRecentFever($0, born: born, zone: zone) }.max { $0.celsius < $1.celsius }
    }

    /// The latest dose of any medicine.
    var dose: Medication? {
        days.last(where: { !$0.health.medications.isEmpty })?.health.medications.max { $0.occurredAt < $1.occurredAt }
    }
}
