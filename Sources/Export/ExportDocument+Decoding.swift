import Timekeeping

extension ExportDocument: Decodable {
    enum CodingKeys: String, CodingKey {
        case format, version, settings, children, events
        case exportedAt = "exported_at"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.object(
            keyedBy: CodingKeys.self,
            describedAs: "an object with \"format\": \"\(ExportDocument.format)\" (a Baby Basics export)"
        )
        // Format and version first: a file of another kind should be told so, not
        // lectured about the first of its fields that happens not to fit.
        let format = try object.optional(.format, .text)
        guard format == ExportDocument.format else {
            let found = object.contains(.format) ? object.found(.format) : "no \"format\" key"
            throw FieldError(
                path: "format",
                message: "expected \"\(ExportDocument.format)\", found \(found); this is not a Baby Basics export file"
            )
        }
        let version = try object.required(.version, .number)
        guard version == Double(ExportDocument.version) else {
            throw FieldError(
                path: "version",
                message: "this file is format version \(JSONProbe.number(version)), but this build of bbreport reads version \(ExportDocument.version); update bbreport to read it"
            )
        }
        exportedAt = try object.required(.exportedAt, .timestamp)
        guard Plausibility.isExportTime(exportedAt) else {
            throw FieldError(path: "exported_at",
                             message: "expected a time from 2000 to 2099, found \(object.found(.exportedAt)); the export's own time cannot be read")
        }
        settings = try object.optional(.settings, .settingsObject) ?? ExportSettings()
        children = try object.requiredArray(.children, of: ExportChild.self, describedAs: "an array of children")
        events = try object.requiredArray(.events, of: ExportEvent.self, describedAs: "an array of events")
        duplicateKeys = []
    }
}

extension ExportSettings: Decodable {
    enum CodingKeys: String, CodingKey {
        case timezone, units, theme
        case dayStart = "day_start"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "an object")
        timezone = try object.optional(.timezone, .zone)
        dayStart = try object.optional(.dayStart, .timeOfDay)
        units = try object.optional(.units, .oneOf(VolumeUnit.self))
        theme = try object.optional(.theme, .themeObject)
    }
}

extension ExportTheme: Decodable {
    enum CodingKeys: String, CodingKey {
        case palette
        case categoryStrategy = "category_strategy"
        case iconStyle = "icon_style"
        case childOverrides = "child_overrides"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "an object")
        palette = try object.optional(.palette, .text)
        categoryStrategy = try object.optional(.categoryStrategy, .text)
        iconStyle = try object.optional(.iconStyle, .text)
        childOverrides = []
        if let overrides = try object.optionalObject(.childOverrides, keyedBy: AnyKey.self) {
            for key in overrides.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                let theme = try overrides.required(key, .themeObject)
                childOverrides.append((key.stringValue, theme))
            }
        }
    }
}

extension ExportChild: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, sex
        case dateOfBirth = "date_of_birth"
        case gestationalAgeWeeks = "gestational_age_weeks"
        case dueDate = "due_date"
        case birthWeightKG = "birth_weight_kg"
        case birthLengthCM = "birth_length_cm"
        case birthHeadCircumferenceCM = "birth_head_circumference_cm"
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.object(keyedBy: CodingKeys.self, describedAs: "a child object")
        id = try object.required(.id, .nonEmptyText)
        name = try object.required(.name, .text)
        dateOfBirth = try object.optional(.dateOfBirth, .date)
        sex = try object.optional(.sex, .oneOf(ChildSex.self))
        gestationalAgeWeeks = try object.optional(.gestationalAgeWeeks, .number)
        dueDate = try object.optional(.dueDate, .date)
        birthWeightKG = try object.optional(.birthWeightKG, .number)
        birthLengthCM = try object.optional(.birthLengthCM, .number)
        birthHeadCircumferenceCM = try object.optional(.birthHeadCircumferenceCM, .number)
    }
}

extension ExportEvent: Decodable {
    /// The keys of an event's fields in the file.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case id, type, category, text
        case childID = "child_id"
        case createdBy = "created_by"
        case updatedAt = "updated_at"
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case occurredAt = "occurred_at"
        case feedingType = "feeding_type"
        case startedSide = "started_side"
        case bothSides = "both_sides"
        case durationMinutes = "duration_minutes"
        case amountML = "amount_ml"
        case diaperType = "diaper_type"
        case stoolColor = "stool_color"
        case stoolConsistency = "stool_consistency"
        case stoolAmount = "stool_amount"
        case weightKG = "weight_kg"
        case lengthCM = "length_cm"
        case headCircumferenceCM = "head_circumference_cm"
        case celsius, name, dose, side, food, reaction, untimed, note
        case nextDoseIntervalMinutes = "next_dose_interval_minutes"
    }

    static let typeExpectation = Expectation<String, String>(
        description: "an event type such as \"feeding\", \"diaper\", \"sleep\" or \"note\""
    ) { $0.isEmpty ? nil : $0 }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: try decoder.object(keyedBy: CodingKeys.self, describedAs: "an event object"))
    }

    /// The event in `object`, read the same way whether the object is Foundation's decoding
    /// container or the quick scan of a file's bytes (``EventScan``).
    init(fields object: some EventObject) throws {
        let type = try object.required(.type, ExportEvent.typeExpectation)
        eventID = try object.required(.id, .eventID)
        childID = try object.required(.childID, .nonEmptyText)
        createdBy = try object.optional(.createdBy, .text)
        updatedAt = try object.optional(.updatedAt, .timestamp)
        // Over the kinds' names, so that a new kind cannot be read as unknown by omission.
        if let name = KindName(rawValue: type) {
            var reader = FieldReader(object: object)
            kind = try .reading(name, with: &reader)
        } else {
            kind = .unknown(type: type)
        }
    }
}

/// Reads each field of an event from its object, as the kind declares it (``KindFields``).
struct FieldReader<Object: EventObject>: FieldVisitor {
    typealias Failure = any Error
    let object: Object

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) throws { value = try object.required(key, .timestamp) }
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) throws { value = try object.optional(key, .timestamp) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) throws { value = try object.required(key, .number) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) throws { value = try object.optional(key, .number) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) throws { value = try object.required(key, .text) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) throws { value = try object.optional(key, .text) }
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) throws { value = try object.optional(key, .flag) ?? false }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) throws {
        value = try object.required(key, .oneOf(Choice.self))
    }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) throws {
        value = try object.optional(key, .oneOf(Choice.self))
    }
}

/// An event's object: its fields, by key, each read as an ``Expectation`` says.
protocol EventObject {
    func required<Raw, Value>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Value>) throws -> Value
    func optional<Raw, Value>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Value>) throws -> Value?
}

extension KeyedDecodingContainer<ExportEvent.CodingKeys>: EventObject {}

extension Expectation where Raw == ExportSettings, Value == ExportSettings {
    static let settingsObject = Expectation(description: "an object") { $0 }
}

extension Expectation where Raw == ExportTheme, Value == ExportTheme {
    static let themeObject = Expectation(description: "an object") { $0 }
}
