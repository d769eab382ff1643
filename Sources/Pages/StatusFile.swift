import Dataset
import Days
import Export
import Foundation
import Timekeeping

/// `status.json`, each child's state at the export for a home dashboard (docs/archive.md,
/// "status.json"; its schema is docs/status.schema.json): the last feed, diaper, sleep,
/// temperature and dose, and the export's day so far. Instants are ISO 8601 in the
/// family's zone with its offset; every figure is a value with its unit, in the units a
/// dashboard converts from (mL, s, °C), whatever the family reads; a kind the day did not
/// log is null, never zero.
struct StatusFile: Encodable {
    let format = "bbreport-status"
    let version = 1
    let exportedAt: String
    let timezone: String
    let dayStart: String
    let children: [ChildStatus]

    struct Quantity: Encodable {
        let value: Double
        let unit: String
    }

    struct ChildStatus: Encodable {
        let id: String
        let name: String
        @Null var dateOfBirth: String?
        let home: String
        @Null var today: Today?
        @Null var lastFeed: LastFeed?
        @Null var lastDiaper: LastDiaper?
        @Null var sleep: SleepNow?
        @Null var temperature: Reading?
        @Null var lastDose: Dose?
    }

    struct Today: Encodable {
        let date: String
        let startsAt: String
        let page: String
        @Null var feeds: Int?
        @Null var bottleVolume: Quantity?
        @Null var diapers: Int?
        @Null var wetDiapers: Int?
        @Null var dirtyDiapers: Int?
        @Null var sleep: Quantity?
        let temperatureReadings: Int
        let doses: Int
    }

    struct LastFeed: Encodable {
        let at: String
        /// `breast` or `bottle`.
        let kind: String
        /// The breast started on; `both` is said apart.
        @Null var side: String?
        let bothSides: Bool
        @Null var amount: Quantity?
        @Null var duration: Quantity?
        /// The other breast, when the last breast feed was within a day.
        @Null var nextSide: String?
    }

    struct LastDiaper: Encodable {
        let at: String
        let wet: Bool
        let dirty: Bool
    }

    struct SleepNow: Encodable {
        /// `asleep`, `awake`, or `not_ended` (a sleep started over a day ago and never ended in the app).
        let state: String
        let since: String
    }

    struct Reading: Encodable {
        let at: String
        let temperature: Quantity
        /// Whether the reading is a fever by the threshold for the child's age when it was taken.
        let fever: Bool
        let feverFrom: Quantity
        /// Whether any reading of the 48 hours before the export was a fever.
        let recentFever: Bool
    }

    struct Dose: Encodable {
        let at: String
        let medicine: String
        @Null var dose: String?
        @Null var nextAllowedAt: String?
    }
}

/// An optional written as `null` when it is nil (the encoder leaves the key out otherwise):
/// a dashboard reads every key the schema names.
@propertyWrapper
struct Null<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Site {
    /// The bytes of `status.json`: pretty, keys sorted, the same for the same export.
    public func statusJSON() -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value is finite (checked on reading), so encoding cannot fail.
        return ((try? encoder.encode(status())) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    func status() -> StatusFile {
        let zone = settings.zone
        return StatusFile(exportedAt: ISO8601.string(from: exportedAt, in: zone), timezone: zone.identifier,
                          dayStart: settings.dayStart.description, children: children.map(status(of:)))
    }

    private func instant(_ instant: Instant) -> String {
        ISO8601.string(from: instant, in: settings.zone)
    }

    private func status(of child: Child) -> StatusFile.ChildStatus {
        let latest = LatestEntries(days: child.days.days, exportedAt: exportedAt)
        let born = child.days.child.dateOfBirth
        return StatusFile.ChildStatus(
            id: child.days.child.id, name: child.days.child.name, dateOfBirth: born?.description,
            home: SiteMap.childHome(child.slug).description,
            today: child.days.days.last.map { today($0, child: child) },
            lastFeed: latest.feed.map { feed in
                StatusFile.LastFeed(at: instant(feed.startedAt), kind: feed.type.rawValue, side: feed.startedSide?.rawValue, bothSides: feed.bothSides,
                                    amount: feed.amountML.map { StatusFile.Quantity(value: $0, unit: "mL") },
                                    duration: feed.durationMinutes.map { StatusFile.Quantity(value: ($0 * 60).rounded(), unit: "s") },
                                    nextSide: latest.nextSide?.rawValue)
            },
            lastDiaper: latest.diaper.map { StatusFile.LastDiaper(at: instant($0.occurredAt), wet: $0.isWet, dirty: $0.isDirty) },
            sleep: latest.sleep.map(sleepNow),
            temperature: latest.temperature.map { reading(of: $0, born: born, latest: latest) },
            lastDose: latest.dose.map { dose in
                StatusFile.Dose(at: instant(dose.occurredAt), medicine: dose.name, dose: dose.dose,
                                nextAllowedAt: dose.nextDoseInterval.map { instant(dose.occurredAt + $0) })
            })
    }

    private func today(_ day: Day, child: Child) -> StatusFile.Today {
        let summary = day.summary, logged = summary.logged
        func count(_ value: Int, _ kind: RoutineKinds) -> Int? { logged.contains(kind) ? value : nil }
        return StatusFile.Today(
            date: day.date.description, startsAt: instant(day.window.start), page: SiteMap.day(child.slug, day.date).description,
            feeds: count(summary.feedings.count, .feeds),
            // 0 mL on a day of breast feeds; nothing on a day whose feeds were not logged.
            bottleVolume: logged.contains(.feeds) ? summary.feedings.knownBottleML.map { StatusFile.Quantity(value: $0, unit: "mL") } : nil,
            diapers: count(summary.diapers.count, .diapers), wetDiapers: count(summary.diapers.wet, .wet),
            dirtyDiapers: count(summary.diapers.dirty, .dirty),
            sleep: logged.contains(.sleep) ? StatusFile.Quantity(value: Double(summary.sleep.totalSeconds), unit: "s") : nil,
            temperatureReadings: day.health.temperatures.count, doses: day.health.medications.count)
    }

    private func sleepNow(_ state: LatestEntries.SleepState) -> StatusFile.SleepNow {
        switch state {
        case .notEnded(let sleep): StatusFile.SleepNow(state: "not_ended", since: instant(sleep.startedAt))
        case .asleep(let span): StatusFile.SleepNow(state: "asleep", since: instant(span.start))
        case .awake(let span): StatusFile.SleepNow(state: "awake", since: instant(span.end))
        }
    }

    private func reading(of reading: Temperature, born: LocalDate?, latest: LatestEntries) -> StatusFile.Reading {
        let zone = settings.zone
        let threshold = AgeContext.feverCelsius(born: born, on: zone.localDateTime(at: reading.occurredAt).date)
        let recent = latest.highestRecentFever(born: born, zone: zone) != nil
        return StatusFile.Reading(at: instant(reading.occurredAt), temperature: StatusFile.Quantity(value: reading.celsius, unit: "°C"),
                                  fever: reading.celsius >= threshold, feverFrom: StatusFile.Quantity(value: threshold, unit: "°C"),
                                  recentFever: recent)
    }
}
