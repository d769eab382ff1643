import Export
import Timekeeping

/// The records of Baby Buddy's API (version 2.x) that bbreport reads, decoded with the
/// export file's field readers, so a bad value is reported with its JSON path.

/// A page of a list endpoint: `{"count", "next", "previous", "results"}`.
struct BabyBuddyPage<Record: Decodable>: Decodable {
    let count: Int?
    /// The address of the next page, or nil on the last.
    let next: String?
    let results: [Record]

    enum CodingKeys: String, CodingKey { case count, next, results }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a page of results with \"count\", \"next\" and \"results\"")
        count = try object.optional(.count, .integer)
        next = try object.optional(.next, .nonEmptyText)
        results = try object.requiredArray(.results, of: Record.self, describedAs: "an array of results")
    }
}

/// `GET /api/children/`.
struct BabyBuddyChild: Decodable {
    let id: Int
    let firstName: String
    let lastName: String
    let birthDate: LocalDate?
    /// Sent by a Baby Buddy that keeps it; read when there.
    let dueDate: LocalDate?

    enum CodingKeys: String, CodingKey {
        case id
        case firstName = "first_name"
        case lastName = "last_name"
        case birthDate = "birth_date"
        case dueDate = "due_date"
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a child")
        id = try object.required(.id, .integer)
        firstName = try object.optional(.firstName, .text) ?? ""
        lastName = try object.optional(.lastName, .text) ?? ""
        birthDate = try object.optional(.birthDate, .date)
        dueDate = try object.optional(.dueDate, .date)
    }
}

/// `GET /api/feedings/`: `type` and `method` are kept as text, so that a value a newer
/// Baby Buddy adds is counted and skipped rather than stopping the fetch.
struct BabyBuddyFeeding: Decodable {
    let id: Int
    let start: Instant
    let end: Instant?
    let type: String
    let method: String
    let amount: Double?
    let notes: String?

    enum CodingKeys: String, CodingKey { case id, start, end, type, method, amount, notes }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a feeding")
        id = try object.required(.id, .integer)
        start = try object.required(.start, .timestamp)
        end = try object.optional(.end, .timestamp)
        type = try object.required(.type, .text)
        method = try object.required(.method, .text)
        amount = try object.optional(.amount, .number)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/sleep/`.
struct BabyBuddySleep: Decodable {
    let id: Int
    let start: Instant
    let end: Instant?
    let notes: String?

    enum CodingKeys: String, CodingKey { case id, start, end, notes }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a sleep")
        id = try object.required(.id, .integer)
        start = try object.required(.start, .timestamp)
        end = try object.optional(.end, .timestamp)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/changes/`.
struct BabyBuddyChange: Decodable {
    let id: Int
    let time: Instant
    let wet: Bool
    let solid: Bool
    /// `black`, `brown`, `green`, `yellow` or empty, as text: a colour a newer Baby Buddy
    /// adds is left out rather than stopping the fetch.
    let color: String?
    let notes: String?

    enum CodingKeys: String, CodingKey { case id, time, wet, solid, color, notes }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a diaper change")
        id = try object.required(.id, .integer)
        time = try object.required(.time, .timestamp)
        wet = try object.optional(.wet, .flag) ?? false
        solid = try object.optional(.solid, .flag) ?? false
        color = try object.optional(.color, .text)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/notes/`.
struct BabyBuddyNote: Decodable {
    let id: Int
    let time: Instant
    let note: String

    enum CodingKeys: String, CodingKey { case id, time, note }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a note")
        id = try object.required(.id, .integer)
        time = try object.required(.time, .timestamp)
        note = try object.optional(.note, .text) ?? ""
    }
}

/// `GET /api/weight/`, `/api/height/` and `/api/head-circumference/`: a value on a date
/// (Baby Buddy keeps no time of day), in the unit the family uses.
struct BabyBuddyMeasurement: Decodable {
    let id: Int
    let date: LocalDate
    /// Whichever of `weight`, `height` and `head_circumference` the record has.
    let value: Double?
    let notes: String?

    enum CodingKeys: String, CodingKey {
        case id, date, weight, height, notes
        case headCircumference = "head_circumference"
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a measurement")
        id = try object.required(.id, .integer)
        date = try object.required(.date, .date)
        value = try object.optional(.weight, .number) ?? object.optional(.height, .number) ?? object.optional(.headCircumference, .number)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/temperature/`.
struct BabyBuddyTemperature: Decodable {
    let id: Int
    let time: Instant
    let temperature: Double
    let notes: String?

    enum CodingKeys: String, CodingKey { case id, time, temperature, notes }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a temperature")
        id = try object.required(.id, .integer)
        time = try object.required(.time, .timestamp)
        temperature = try object.required(.temperature, .number)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/pumping/`: `start` and `end` since Baby Buddy 2.0's later versions, a single
/// `time` before.
struct BabyBuddyPumping: Decodable {
    let id: Int
    let start: Instant
    let end: Instant?
    let amount: Double?
    let notes: String?

    enum CodingKeys: String, CodingKey { case id, start, end, time, amount, notes }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a pumping session")
        id = try object.required(.id, .integer)
        if let start = try object.optional(.start, .timestamp) {
            self.start = start
        } else {
            start = try object.required(.time, .timestamp)
        }
        end = try object.optional(.end, .timestamp)
        amount = try object.optional(.amount, .number)
        notes = try object.optional(.notes, .text)
    }
}

/// `GET /api/tummy-times/`: its `milestone` is the record's only text.
struct BabyBuddyTummyTime: Decodable {
    let id: Int
    let start: Instant
    let end: Instant
    let milestone: String?

    enum CodingKeys: String, CodingKey { case id, start, end, milestone }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a tummy time")
        id = try object.required(.id, .integer)
        start = try object.required(.start, .timestamp)
        end = try object.required(.end, .timestamp)
        milestone = try object.optional(.milestone, .text)
    }
}

/// `GET /api/medication/` (Baby Buddy 2.9 on): a dose given, `dosage` in `dosage_unit`
/// (`mg`, `ml`, `tablets`, `drops`, or empty), and how long until the next may be given.
struct BabyBuddyMedication: Decodable {
    let id: Int
    let time: Instant
    let name: String
    let dosage: Double?
    let dosageUnit: String?
    /// Django's duration: `04:00:00`, `1 00:00:00`, `00:30:00.000000`.
    let nextDoseInterval: String?
    let notes: String?

    enum CodingKeys: String, CodingKey {
        case id, time, name, dosage, notes
        case dosageUnit = "dosage_unit"
        case nextDoseInterval = "next_dose_interval"
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a medication")
        id = try object.required(.id, .integer)
        time = try object.required(.time, .timestamp)
        name = try object.optional(.name, .text) ?? ""
        dosage = try object.optional(.dosage, .number)
        dosageUnit = try object.optional(.dosageUnit, .text)
        nextDoseInterval = try object.optional(.nextDoseInterval, .text)
        notes = try object.optional(.notes, .text)
    }
}
