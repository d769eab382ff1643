import Dataset
import Days
import Export
import Timekeeping

/// The morning message after a nightly build (`--notify`), in the family's language: for
/// each child the last night's sleep, the feeds since the evening before, and what of
/// the night and the day before to discuss with the doctor (a fever, a stool colour, a
/// dose sooner than allowed, a reaction to food, few wet diapers) — the visit summary's
/// alerts over those two days. An encrypted archive's message names no one and says no
/// figure: it goes to a third party's server, and the archive promises that nothing of
/// the family is readable outside it.
public struct MorningDigest: Sendable {
    public struct Child: Sendable, Encodable {
        public let id: String
        public let name: String
        public let title: String
        public let lines: [String]
        /// The alerts, each a sentence; also the last of `lines` after their heading.
        public let discuss: [String]
    }

    public let title: String
    public let children: [Child]
    public let exportedAt: String
    /// An encrypted archive's one line, in place of the children's.
    public var sealedNote: String?

    /// The message as text: each child's title, then its lines.
    public var text: String {
        if let sealedNote { return sealedNote + "\n" }
        return children.map { ([$0.title] + $0.lines).joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }
}

extension Site {
    /// The morning message of this build (``MorningDigest``).
    public func morningDigest() -> MorningDigest {
        speaking {
            let exported = Format.text("date_time", ["date": Format.shortDate(exportedLocal.date), "time": Format.time(exportedLocal)])
            guard !sealed else {
                let line = Format.text("digest_sealed", ["time": exported])
                return MorningDigest(title: Format.text("report_title"), children: [], exportedAt: ISO8601.string(from: exportedAt, in: settings.zone),
                                     sealedNote: line)
            }
            return MorningDigest(title: Format.text("report_title"), children: children.map(digest(of:)),
                                 exportedAt: ISO8601.string(from: exportedAt, in: settings.zone))
        }
    }

    private func digest(of child: Child) -> MorningDigest.Child {
        let morning = exportedLocal.date
        let night = nights(child).last { $0.date >= morning.adding(days: -1) }
        // The evening before: the nap hours' end on the night's date, or on the evening
        // before the export's morning when no night was logged.
        let eveningDate = night?.date ?? (exportedLocal.timeOfDay >= settings.napStartMax ? morning : morning.adding(days: -1))
        let evening = settings.zone.instant(on: eveningDate, at: settings.napStartMax)
        var lines = night.map(nightLines) ?? [Format.text("digest_no_night", ["time": time(evening)])]
        let recent = child.days.days.filter { $0.window.end > evening }
        if recent.contains(where: { $0.summary.logged.contains(.feeds) }) {
            let feeds = recent.flatMap(\.feedings).filter { $0.startedAt >= evening }
            lines.append(Format.text("digest_feeds", ["time": time(evening), "feeds": Format.text("feeds_count", count: feeds.count)]))
        } else {
            lines.append(Format.text("digest_feeds_not_logged", ["time": time(evening)]))
        }
        let discuss = alerts(recent, child: child).items.map(\.text)
        if !discuss.isEmpty {
            lines.append(Format.text("digest_discuss"))
            lines += discuss.map { "– " + $0 }
        }
        let name = child.days.child.name
        return MorningDigest.Child(id: child.days.child.id, name: name, title: Format.text("digest_title", ["name": name, "date": Format.longDate(eveningDate)]),
                                   lines: lines, discuss: discuss)
    }

    /// `Night: 7:40 PM to 6:10 AM, 9h 5m asleep; longest stretch 4h 20m.` (`Night so far:
    /// asleep since 7:40 PM, …` while it goes on), then `Woke 2 times in the night.`
    private func nightLines(_ night: Night) -> [String] {
        var lines = [Format.text(night.isOngoing ? "digest_night_ongoing" : "digest_night",
                                 ["from": time(night.start), "to": time(night.end), "asleep": Format.duration(night.asleep),
                                  "longest": Format.duration(night.longest)])]
        if night.stretches > 1 { lines.append(Format.text("digest_wakings", count: night.stretches - 1)) }
        return lines
    }

    /// The visit summary's alerts over `days`, less those about growth (a visit's, not a morning's).
    private func alerts(_ days: [Day], child: Child) -> VisitAlerts {
        let zone = settings.zone, units = settings.units, born = child.days.child.dateOfBirth
        let solids = SolidsSummary(range: days, firstTries: foodsFirstTried(child), zone: zone)
        return VisitAlerts(fevers: FeverList(days: days, born: born, zone: zone, units: units).lines(born: born, zone: zone, units: units),
                           stools: StoolAlerts(days: days, zone: zone), weight: [],
                           diapers: VisitAlerts.fewWetDiapers(days, exportedAt: exportedAt, loggingStarted: child.days.loggingStarted),
                           tooSoon: MedicineTable(days: days, zone: zone).tooSoon,
                           reactions: solids.reactions.map { SolidsSummary.line($0, zone: zone) })
    }

    /// `7:00 PM`: the title names the night, so its times need no date.
    private func time(_ instant: Instant) -> String {
        Format.time(instant, in: settings.zone)
    }
}
