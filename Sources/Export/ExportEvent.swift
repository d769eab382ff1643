import Timekeeping

/// One entry of the `events` array.
public struct ExportEvent: Sendable, Equatable {
    /// The id, a UUID kept as its bytes (see ``EventID``).
    public var eventID: EventID
    public var childID: String
    /// The caregiver's display name, when the app recorded one.
    public var createdBy: String?
    public var updatedAt: Instant?
    public var kind: Kind

    public init(id: String, childID: String, createdBy: String? = nil, updatedAt: Instant? = nil, kind: Kind) {
        self.init(eventID: EventID(id), childID: childID, createdBy: createdBy, updatedAt: updatedAt, kind: kind)
    }

    public init(eventID: EventID, childID: String, createdBy: String? = nil, updatedAt: Instant? = nil, kind: Kind) {
        self.eventID = eventID
        self.childID = childID
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.kind = kind
    }

    /// The id's text, as the export gave it (made anew each time for a UUID).
    public var id: String {
        get { eventID.text }
        set { eventID = EventID(newValue) }
    }

    /// What happened, with the fields of its `type`.
    public enum Kind: Sendable, Equatable {
        case feeding(Feeding)
        case diaper(Diaper)
        case sleep(Sleep)
        case note(Note)
        case measurement(Measurement)
        case temperature(Temperature)
        case medication(Medication)
        case pumping(Pumping)
        case solids(Solids)
        case tummyTime(TummyTime)
        case vaccination(Vaccination)
        case milestone(Milestone)
        case crying(Crying)
        /// A `type` this build does not know (a newer app's event); skipped with a warning.
        case unknown(type: String)

        /// Its kind's name; nil for a type this build does not know.
        public var name: KindName? {
            switch self {
            case .feeding: .feeding
            case .diaper: .diaper
            case .sleep: .sleep
            case .note: .note
            case .measurement: .measurement
            case .temperature: .temperature
            case .medication: .medication
            case .pumping: .pumping
            case .solids: .solids
            case .tummyTime: .tummyTime
            case .vaccination: .vaccination
            case .milestone: .milestone
            case .crying: .crying
            case .unknown: nil
            }
        }
    }

    /// `type: "feeding"`.
    public struct Feeding: Sendable, Equatable {
        public var startedAt: Instant
        public var type: FeedingType
        public var startedSide: Side?
        public var bothSides: Bool
        public var durationMinutes: Double?
        public var amountML: Double?

        public init(startedAt: Instant, type: FeedingType, startedSide: Side? = nil, bothSides: Bool = false,
                    durationMinutes: Double? = nil, amountML: Double? = nil) {
            self.startedAt = startedAt
            self.type = type
            self.startedSide = startedSide
            self.bothSides = bothSides
            self.durationMinutes = durationMinutes
            self.amountML = amountML
        }
    }

    /// `feeding_type`.
    public enum FeedingType: String, Sendable, CaseIterable {
        case breast
        case bottle
    }

    /// `started_side`.
    public enum Side: String, Sendable, CaseIterable {
        case left
        case right
    }

    /// `type: "diaper"`.
    public struct Diaper: Sendable, Equatable {
        public var occurredAt: Instant
        public var type: DiaperType
        public var stoolColor: StoolColor?
        /// How the stool was, where the app says.
        public var stoolConsistency: StoolConsistency?
        /// How much stool there was, where the app says.
        public var stoolAmount: StoolAmount?

        public init(occurredAt: Instant, type: DiaperType, stoolColor: StoolColor? = nil,
                    stoolConsistency: StoolConsistency? = nil, stoolAmount: StoolAmount? = nil) {
            self.occurredAt = occurredAt
            self.type = type
            self.stoolColor = stoolColor
            self.stoolConsistency = stoolConsistency
            self.stoolAmount = stoolAmount
        }
    }

    /// `diaper_type`; `dry` is a check that found the diaper dry.
    public enum DiaperType: String, Sendable, CaseIterable {
        case pee
        case poop
        case both
        case dry
    }

    /// `stool_color`, as stool colour cards group them: `pale` covers white, grey and clay.
    public enum StoolColor: String, Sendable, CaseIterable {
        case yellow, green, brown, black, red, pale
    }

    /// `stool_consistency`, from the loosest: `watery` is diarrhoea (PiyoLog's 下痢),
    /// `runny` loose, `seedy` a breastfed baby's usual, `soft` pasty or mushy, `formed`
    /// the usual of an older child, `hard` pellets; `mucousy` with mucus.
    public enum StoolConsistency: String, Sendable, CaseIterable {
        case watery, runny, seedy, soft, formed, hard, mucousy
    }

    /// `stool_amount`: as the apps say it, small, medium or large.
    public enum StoolAmount: String, Sendable, CaseIterable {
        case small, medium, large
    }

    /// `type: "sleep"`; no end means the sleep was still going at export time.
    public struct Sleep: Sendable, Equatable {
        public var startedAt: Instant
        public var endedAt: Instant?

        public init(startedAt: Instant, endedAt: Instant?) {
            self.startedAt = startedAt
            self.endedAt = endedAt
        }
    }

    /// `type: "note"`; the text is Markdown written by a parent.
    public struct Note: Sendable, Equatable {
        public var occurredAt: Instant
        public var text: String
        public var category: String?

        public init(occurredAt: Instant, text: String, category: String? = nil) {
            self.occurredAt = occurredAt
            self.text = text
            self.category = category
        }
    }
}

extension ExportEvent {
    /// `type: "measurement"`: any of a weight, a length and a head circumference.
    public struct Measurement: Sendable, Equatable {
        public var occurredAt: Instant
        public var weightKG: Double?
        public var lengthCM: Double?
        public var headCircumferenceCM: Double?
        /// `untimed`: the app wrote the day alone; `occurred_at` is that day's noon, and no
        /// page says a time of day for it.
        public var untimed: Bool

        public init(occurredAt: Instant, weightKG: Double? = nil, lengthCM: Double? = nil, headCircumferenceCM: Double? = nil,
                    untimed: Bool = false) {
            self.occurredAt = occurredAt
            self.weightKG = weightKG
            self.lengthCM = lengthCM
            self.headCircumferenceCM = headCircumferenceCM
            self.untimed = untimed
        }
    }

    /// `type: "temperature"`.
    public struct Temperature: Sendable, Equatable {
        public var occurredAt: Instant
        public var celsius: Double

        public init(occurredAt: Instant, celsius: Double) {
            self.occurredAt = occurredAt
            self.celsius = celsius
        }
    }

    /// `type: "medication"`: a dose of a medicine or supplement (a vitamin D drop).
    public struct Medication: Sendable, Equatable {
        public var occurredAt: Instant
        public var name: String
        /// As the family wrote it: `2.5 ml`, `1 drop`.
        public var dose: String?
        /// How long until the next dose may be given, when the app keeps it
        /// (`next_dose_interval_minutes`).
        public var nextDoseIntervalMinutes: Double?

        public init(occurredAt: Instant, name: String, dose: String? = nil, nextDoseIntervalMinutes: Double? = nil) {
            self.occurredAt = occurredAt
            self.name = name
            self.dose = dose
            self.nextDoseIntervalMinutes = nextDoseIntervalMinutes
        }
    }

    /// `type: "pumping"`: milk expressed by a parent.
    public struct Pumping: Sendable, Equatable {
        public var startedAt: Instant
        public var amountML: Double?
        public var durationMinutes: Double?
        public var side: PumpingSide?

        public init(startedAt: Instant, amountML: Double? = nil, durationMinutes: Double? = nil, side: PumpingSide? = nil) {
            self.startedAt = startedAt
            self.amountML = amountML
            self.durationMinutes = durationMinutes
            self.side = side
        }
    }

    /// A pumping's `side`.
    public enum PumpingSide: String, Sendable, CaseIterable {
        case left, right, both
    }

    /// `type: "solids"`: solid food offered.
    public struct Solids: Sendable, Equatable {
        public var occurredAt: Instant
        public var food: String?
        /// Anything seen after it: `rash`, `loved it`.
        public var reaction: String?

        public init(occurredAt: Instant, food: String? = nil, reaction: String? = nil) {
            self.occurredAt = occurredAt
            self.food = food
            self.reaction = reaction
        }
    }

    /// `type: "tummy_time"`.
    public struct TummyTime: Sendable, Equatable {
        public var startedAt: Instant
        public var durationMinutes: Double

        public init(startedAt: Instant, durationMinutes: Double) {
            self.startedAt = startedAt
            self.durationMinutes = durationMinutes
        }
    }
}

extension ExportEvent {
    /// `type: "vaccination"`: a vaccine given.
    public struct Vaccination: Sendable, Equatable {
        public var occurredAt: Instant
        /// As the family or the app wrote it: `MMR`, `DTaP-IPV-Hib-HepB`.
        public var name: String
        /// Which dose of a series, as written: `2`, `booster`.
        public var dose: String?

        public init(occurredAt: Instant, name: String, dose: String? = nil) {
            self.occurredAt = occurredAt
            self.name = name
            self.dose = dose
        }
    }

    /// `type: "milestone"`: something the child did for the first time.
    public struct Milestone: Sendable, Equatable {
        public var occurredAt: Instant
        public var text: String

        public init(occurredAt: Instant, text: String) {
            self.occurredAt = occurredAt
            self.text = text
        }
    }

    /// `type: "crying"`: a spell of crying or fussing that would not settle. Its length is
    /// `ended_at`'s, else `duration_minutes`; with neither, the spell is known but not how long.
    public struct Crying: Sendable, Equatable {
        public var startedAt: Instant
        /// What the family wrote of it: `after the bath, settled on the shoulder`. (Before
        /// the optionals, so that the event is no larger than a dose's.)
        public var note: String?
        public var endedAt: Instant?
        public var durationMinutes: Double?

        public init(startedAt: Instant, endedAt: Instant? = nil, durationMinutes: Double? = nil, note: String? = nil) {
            self.startedAt = startedAt
            self.endedAt = endedAt
            self.durationMinutes = durationMinutes
            self.note = note
        }

        /// When it stopped: its end, or its start and its minutes; nil when neither is known.
        public var end: Instant? {
            if let endedAt { return endedAt }
            guard let durationMinutes, (0...Plausibility.longestFeedingMinutes).contains(durationMinutes) else { return nil }
            return startedAt + Duration(milliseconds: Int64((durationMinutes * 60_000).rounded()))
        }
    }
}

extension ExportEvent {
    /// Every kind of event the format knows, by its `type` as written in the file. A stage
    /// that shows or counts every kind switches over this, with no `default:`, so that a
    /// new kind fails to compile until each such stage handles it.
    public enum KindName: String, Sendable, CaseIterable {
        case feeding, diaper, sleep, note, measurement, temperature, medication, pumping, solids
        case tummyTime = "tummy_time"
        case vaccination, milestone, crying
    }

    /// The `type` value as written in the file.
    public var typeName: String {
        if case .unknown(let type) = kind { return type }
        return kind.name?.rawValue ?? ""
    }

    /// The instant that places the event in a day: its start, or the time it happened;
    /// nil for an unknown type.
    public var time: Instant? {
        kind.time
    }
}

extension ExportEvent.Kind {
    /// The instant that places an event of this kind in a day; nil for an unknown type.
    public var time: Instant? {
        switch self {
        case .feeding(let feeding): feeding.startedAt
        case .diaper(let diaper): diaper.occurredAt
        case .sleep(let sleep): sleep.startedAt
        case .note(let note): note.occurredAt
        case .measurement(let measurement): measurement.occurredAt
        case .temperature(let temperature): temperature.occurredAt
        case .medication(let medication): medication.occurredAt
        case .pumping(let pumping): pumping.startedAt
        case .solids(let solids): solids.occurredAt
        case .tummyTime(let tummyTime): tummyTime.startedAt
        case .vaccination(let vaccination): vaccination.occurredAt
        case .milestone(let milestone): milestone.occurredAt
        case .crying(let crying): crying.startedAt
        case .unknown: nil
        }
    }
}
