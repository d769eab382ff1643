import Export
import Timekeeping

extension Family {
    /// The family in `document`, with every data problem of docs/inputs.md turned into a warning:
    /// unknown types, duplicate ids, unknown children, negative values and backwards
    /// sleeps are skipped; events after the export, implausible values and overlapping
    /// sleeps are kept and flagged; times and amounts that cannot be real (``Plausibility``)
    /// are left out, so that the archive spans only what the believable data spans.
    /// Warnings come in the export's order. `knownIDs` are the ids of the first events,
    /// when known to differ from one another (read back from the previous build).
    /// `settings` are the build's, decided; by default the export's own.
    public static func validated(from document: ExportDocument, settings: Settings? = nil,
                                 knownIDs: KnownIDs? = nil) -> (family: Family, warnings: [DataWarning]) {
        var validator = Validator(exportedAt: document.exportedAt)
        for path in document.duplicateKeys {
            validator.warn(path, .duplicateKey, "given twice in one object; the first value is used")
        }
        let records = validator.records(for: document, knownIDs: knownIDs)
        let family = Family(
            exportedAt: validator.reportTime(of: records),
            settings: settings ?? Settings(export: document.settings),
            children: records
        )
        return (family, validator.warnings.sorted(by: Validator.exportOrder))
    }
}

/// The largest plausible bottle.
public let plausibleBottleML = 500.0
/// The longest plausible single sleep.
let plausibleSleep = Duration.hours(24)

struct Validator {
    let exportedAt: Instant
    var warnings: [DataWarning] = []

    init(exportedAt: Instant) {
        self.exportedAt = exportedAt
    }

    mutating func records(for document: ExportDocument, knownIDs: KnownIDs? = nil) -> [ChildRecord] {
        var records: [ChildRecord] = []
        var recordIndex: [String: Int] = [:]
        var birthdayPaths: [String] = []
        for (index, child) in document.children.enumerated() {
            if let first = recordIndex[child.id] {
                warn("children[\(index)].id", .duplicateID,
                     "duplicate of children[\(first)] (id \(quoted(child.id))); skipped, the first is kept")
                continue
            }
            recordIndex[child.id] = records.count
            birthdayPaths.append("children[\(index)].date_of_birth")
            let name = shortened(child.name, "children[\(index)].name", "a name")
            let dateOfBirth = birthday(child.dateOfBirth, path: "children[\(index)].date_of_birth")
            records.append(ChildRecord(child: self.child(child, name: name, dateOfBirth: dateOfBirth, path: "children[\(index)]")))
        }

        var ids = EventIDs(capacity: document.events.count, known: knownIDs.flatMap { $0.count <= document.events.count ? $0 : nil })
        // A family has a few children: comparing ids is quicker than hashing one.
        let childIDs = records.count <= 8 ? records.map(\.child.id) : nil
        // Each event's fields are read where they are: an event copied out whole, every
        // string in it retained and then released, was a tenth of the validation.
        let events = document.events
        for index in events.indices {
            // Worded only for a warning.
            var path: String { EventInfo.path(index) }
            if case .unknown(let type) = events[index].kind {
                warn("\(path).type", .unknownType, "unknown event type \(quoted(type)); skipped")
                continue
            }
            if let first = ids.earlier(than: index, in: events) {
                warn("\(path).id", .duplicateID, "duplicate of events[\(first)] (id \(quoted(events[index].id))); skipped, the first is kept")
                continue
            }
            let found = if let childIDs { childIDs.firstIndex(of: events[index].childID) } else { recordIndex[events[index].childID] }
            guard let recordIndex = found else {
                warn("\(path).child_id", .unknownChild, "no child has id \(quoted(events[index].childID)); skipped")
                continue
            }
            let info = EventInfo(index: index,
                                 createdBy: events[index].createdBy.map { shortened($0, "\(path).created_by", "a caregiver's name") })
            var kind = events[index].kind
            kind.cutLongTexts { field, what, characters in warnShortened("\(path).\(field)", what, characters) }
            add(kind, info: info, to: &records[recordIndex])
        }

        // Sorted in place in the array: a record copied out of it would share its events'
        // storage, and the first sort would copy every event.
        for index in records.indices {
            records[index] = leaveOutBeforeBirth(records[index], birthdayPath: birthdayPaths[index])
            // The standard library's sort is stable: equal times keep the export's order.
            records[index].feedings.sort { $0.startedAt < $1.startedAt }
            records[index].diapers.sort { $0.occurredAt < $1.occurredAt }
            records[index].sleeps.sort { $0.startedAt < $1.startedAt }
            records[index].notes.sort { $0.occurredAt < $1.occurredAt }
            records[index].health.sort()
            flagOverlaps(in: &records[index].sleeps)
        }
        return records
    }

    mutating func add(_ kind: ExportEvent.Kind, info: EventInfo, to record: inout ChildRecord) {
        var kind = kind
        guard leaveOutImpossibleValues(of: &kind, at: info.index) else { return }
        // Every time the event gives, in a year a clock can show (a sleep's end too).
        let index = info.index
        guard kind.allTimes({ key, time in isPlausible(time, "\(EventInfo.path(index)).\(key.rawValue)") }) else { return }
        if addHealth(kind, info: info, to: &record) { return }
        var info = info
        // Worded only for a warning (from the index: `info` is changed while it is worded).
        var path: String { EventInfo.path(index) }
        switch kind {
        case .feeding(let feeding):
            flagIfAfterExport(feeding.startedAt, "\(path).started_at", &info)
            if let ml = feeding.amountML, ml > plausibleBottleML {
                info.flags.insert(.largeBottle)
                warn("\(path).amount_ml", .implausibleValue,
                     "\(number(ml)) ml in one feeding is more than \(number(plausibleBottleML)) ml; kept, flagged")
            }
            record.feedings.append(Feeding(info: info, fields: feeding))
        case .diaper(let diaper):
            flagIfAfterExport(diaper.occurredAt, "\(path).occurred_at", &info)
            record.diapers.append(Diaper(info: info, fields: diaper))
        case .sleep(let sleep):
            let length = (sleep.endedAt ?? max(exportedAt, sleep.startedAt)) - sleep.startedAt
            if sleep.endedAt == nil, length > Sleep.unendedAfter {
                // Kept, its start a parent logged, but never counted up to the export.
                flagIfAfterExport(sleep.startedAt, "\(path).started_at", &info)
                warn(path, .implausibleValue, "a sleep still going at the export after \(length.spoken) was not ended in the app; kept as started, not counted as sleep")
                record.sleeps.append(Sleep(info: info, fields: sleep))
                return
            }
            flagIfAfterExport(sleep.startedAt, "\(path).started_at", &info)
            if !info.flags.contains(.afterExport), let end = sleep.endedAt {
                flagIfAfterExport(end, "\(path).ended_at", &info)
            }
            if length > plausibleSleep {
                info.flags.insert(.longSleep)
                warn(path, .implausibleValue, "a sleep of \(length.hoursAndMinutes) is longer than 24 hours; kept, flagged")
            }
            record.sleeps.append(Sleep(info: info, fields: sleep))
        case .note(let note):
            flagIfAfterExport(note.occurredAt, "\(path).occurred_at", &info)
            record.notes.append(Note(info: info, fields: note))
        case .measurement, .temperature, .medication, .pumping, .solids, .tummyTime, .vaccination, .milestone, .crying, .unknown:
            break
        }
    }

    /// Leaves out the values of the event at `index` that cannot be real, each warned with
    /// its path (``ExportEvent/Kind/leaveOutImpossibleValues(_:)``); false when the event
    /// is left out as a whole.
    mutating func leaveOutImpossibleValues(of kind: inout ExportEvent.Kind, at index: Int) -> Bool {
        let isSleep = kind.name == .sleep
        return kind.leaveOutImpossibleValues { value in
            let path = EventInfo.path(index) + (value.field.isEmpty ? "" : "." + value.field)
            let warning: DataWarning.Kind = isSleep && value.field == "ended_at" && value.negative ? .sleepEndsBeforeStart
                : value.negative ? .negativeValue : .implausibleValue
            warn(path, warning, value.description)
        }
    }

    mutating func flagIfAfterExport(_ time: Instant, _ path: @autoclosure () -> String, _ info: inout EventInfo) {
        guard time > exportedAt else { return }
        info.flags.insert(.afterExport)
        warn(path(), .afterExport, "\((time - exportedAt).hoursAndMinutes) after the export was made; kept, flagged")
    }

    /// Marks each sleep that starts before an earlier one has ended. An ongoing sleep
    /// lasts until the export.
    mutating func flagOverlaps(in sleeps: inout [Sleep]) {
        var latest: (end: Instant, index: Int)?
        for index in sleeps.indices {
            let sleep = sleeps[index]
            if let latest, sleep.startedAt < latest.end {
                let other = sleeps[latest.index]
                var flagged = sleep.info
                flagged.flags.insert(.overlappingSleep)
                sleeps[index] = Sleep(info: flagged, fields: sleep.fields)
                warn(sleep.info.path, .overlappingSleep,
                     "this sleep overlaps the one at \(other.info.path); the two are counted once in the totals")
            }
            let end = sleep.endedAt ?? max(exportedAt, sleep.startedAt)
            if latest == nil || end > latest!.end {
                latest = (end, index)
            }
        }
    }

    /// The longest name, caregiver or category shown: every page repeats them.
    static let longestName = Family.longestName

    /// `text`, cut to ``longestName`` characters with a warning when it is longer.
    mutating func shortened(_ text: String, _ path: @autoclosure () -> String, _ what: String) -> String {
        Plausibility.cut(text) { characters in warnShortened(path(), what, characters) }
    }

    mutating func warnShortened(_ path: String, _ what: String, _ characters: Int) {
        warn(path, .implausibleValue, "\(what) of \(Count.grouped(characters)) characters; only the first \(Self.longestName) are used")
    }

    mutating func warn(_ path: String, _ kind: DataWarning.Kind, _ message: String) {
        warnings.append(DataWarning(path: path, kind: kind, message: message))
    }

    func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\\\"") + "\""
    }

    func number(_ value: Double) -> String {
        Plausibility.written(value)
    }

    /// `children[…]` before `events[…]`, indexes numerically, then by the path's rest;
    /// problems of the whole file (`exported_at`) first.
    static func exportOrder(_ lhs: DataWarning, _ rhs: DataWarning) -> Bool {
        sortKey(lhs.path) < sortKey(rhs.path)
    }

    static func sortKey(_ path: String) -> (Int, Int, String) {
        let section = path.hasPrefix("children") ? 1 : path.hasPrefix("events") ? 2 : 0
        let digits = path.drop { !$0.isNumber }.prefix { $0.isNumber }
        return (section, Int(digits) ?? -1, path)
    }
}
