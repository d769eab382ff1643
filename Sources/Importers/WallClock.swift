import Timekeeping

/// Times as the apps write them: wall-clock readings without an offset, placed in the
/// family's zone. A reading the clocks skipped (spring forward) is moved forward by the
/// gap, as the clocks themselves do; a reading that happens twice (fall back) is the first
/// occurrence unless the row before it, in time order, is already past that one, and then
/// the second, so rows stay in their order. Each case is counted for one warning line.
struct WallClock {
    let zone: Zone
    private(set) var skipped = 0
    private(set) var repeated = 0
    /// The latest instant placed so far, in the rows' time order.
    private var latest: Instant?

    init(zone: Zone) {
        self.zone = zone
    }

    /// Starts another file: its rows are in time order among themselves only.
    mutating func startFile() {
        latest = nil
    }

    /// The instant of `local`, the next row in time order.
    mutating func place(_ local: LocalDateTime) -> Instant {
        let readings = zone.readings(of: local)
        let instant: Instant
        switch readings.count {
        case 0:
            skipped += 1
            instant = zone.instant(at: local)
        case 1:
            instant = readings[0]
        default:
            repeated += 1
            instant = latest.map { $0 > readings[0] } == true ? readings[1] : readings[0]
        }
        latest = max(latest ?? instant, instant)
        return instant
    }

    /// The instant of `local` as the end of something that began at `start`: the first
    /// reading not before the start.
    mutating func end(_ local: LocalDateTime, after start: Instant) -> Instant {
        let readings = zone.readings(of: local)
        if readings.isEmpty { skipped += 1 }
        if readings.count > 1 { repeated += 1 }
        return readings.first { $0 >= start } ?? readings.last ?? zone.instant(at: local)
    }

    /// The warning lines for the readings that needed a rule.
    var warnings: [String] {
        var lines: [String] = []
        if skipped > 0 {
            lines.append("\(skipped) \(skipped == 1 ? "time falls" : "times fall") in the hour the clocks skipped in \(zone.identifier); moved forward by the change, as clocks are")
        }
        if repeated > 0 {
            lines.append("\(repeated) \(repeated == 1 ? "time falls" : "times fall") in the hour the clocks repeated in \(zone.identifier); each placed in the occurrence that keeps the rows in order")
        }
        return lines
    }
}
