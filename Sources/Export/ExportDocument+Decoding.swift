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
        birthWeightKG = try object.optional(.birthWeightKG, .number)
        birthLengthCM = try object.optional(.birthLengthCM, .number)
        birthHeadCircumferenceCM = try object.optional(.birthHeadCircumferenceCM, .number)
    }
}

extension ExportEvent: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
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
        case celsius, name, dose, side, food, reaction, untimed
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
    init(fields object: some EventFields) throws {
        let type = try object.required(.type, ExportEvent.typeExpectation)
        eventID = try object.required(.id, .eventID)
        childID = try object.required(.childID, .nonEmptyText)
        createdBy = try object.optional(.createdBy, .text)
        updatedAt = try object.optional(.updatedAt, .timestamp)
        // Over the kinds' names, so that a new kind cannot be read as unknown by omission.
        switch KindName(rawValue: type) {
        case .feeding?:
            kind = .feeding(Feeding(
                startedAt: try object.required(.startedAt, .timestamp),
                type: try object.required(.feedingType, .oneOf(FeedingType.self)),
                startedSide: try object.optional(.startedSide, .oneOf(Side.self)),
                bothSides: try object.optional(.bothSides, .flag) ?? false,
                durationMinutes: try object.optional(.durationMinutes, .number),
                amountML: try object.optional(.amountML, .number)
            ))
        case .diaper?:
            kind = .diaper(Diaper(
                occurredAt: try object.required(.occurredAt, .timestamp),
                type: try object.required(.diaperType, .oneOf(DiaperType.self)),
                stoolColor: try object.optional(.stoolColor, .oneOf(StoolColor.self)),
                stoolConsistency: try object.optional(.stoolConsistency, .oneOf(StoolConsistency.self)),
                stoolAmount: try object.optional(.stoolAmount, .oneOf(StoolAmount.self))
            ))
        case .sleep?:
            kind = .sleep(Sleep(
                startedAt: try object.required(.startedAt, .timestamp),
                endedAt: try object.optional(.endedAt, .timestamp)
            ))
        case .note?:
            kind = .note(Note(
                occurredAt: try object.required(.occurredAt, .timestamp),
                text: try object.required(.text, .text),
                category: try object.optional(.category, .text)
            ))
        case .measurement?:
            kind = .measurement(Measurement(
                occurredAt: try object.required(.occurredAt, .timestamp),
                weightKG: try object.optional(.weightKG, .number),
                lengthCM: try object.optional(.lengthCM, .number),
                headCircumferenceCM: try object.optional(.headCircumferenceCM, .number),
                untimed: try object.optional(.untimed, .flag) ?? false
            ))
        case .temperature?:
            kind = .temperature(Temperature(
                occurredAt: try object.required(.occurredAt, .timestamp),
                celsius: try object.required(.celsius, .number)
            ))
        case .medication?:
            kind = .medication(Medication(
                occurredAt: try object.required(.occurredAt, .timestamp),
                name: try object.required(.name, .text),
                dose: try object.optional(.dose, .text),
                nextDoseIntervalMinutes: try object.optional(.nextDoseIntervalMinutes, .number)
            ))
        case .pumping?:
            kind = .pumping(Pumping(
                startedAt: try object.required(.startedAt, .timestamp),
                amountML: try object.optional(.amountML, .number),
                durationMinutes: try object.optional(.durationMinutes, .number),
                side: try object.optional(.side, .oneOf(PumpingSide.self))
            ))
        case .solids?:
            kind = .solids(Solids(
                occurredAt: try object.required(.occurredAt, .timestamp),
                food: try object.optional(.food, .text),
                reaction: try object.optional(.reaction, .text)
            ))
        case .tummyTime?:
            kind = .tummyTime(TummyTime(
                startedAt: try object.required(.startedAt, .timestamp),
                durationMinutes: try object.required(.durationMinutes, .number)
            ))
        case .vaccination?:
            kind = .vaccination(Vaccination(
                occurredAt: try object.required(.occurredAt, .timestamp),
                name: try object.required(.name, .text),
                dose: try object.optional(.dose, .text)
            ))
        case .milestone?:
            kind = .milestone(Milestone(
                occurredAt: try object.required(.occurredAt, .timestamp),
                text: try object.required(.text, .text)
            ))
        case nil:
            kind = .unknown(type: type)
        }
    }
}

/// An event's fields, by key, each read as an ``Expectation`` says.
protocol EventFields {
    func required<Raw, Value>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Value>) throws -> Value
    func optional<Raw, Value>(_ key: ExportEvent.CodingKeys, _ expectation: Expectation<Raw, Value>) throws -> Value?
}

extension KeyedDecodingContainer<ExportEvent.CodingKeys>: EventFields {}

extension Expectation where Raw == ExportSettings, Value == ExportSettings {
    static let settingsObject = Expectation(description: "an object") { $0 }
}

extension Expectation where Raw == ExportTheme, Value == ExportTheme {
    static let themeObject = Expectation(description: "an object") { $0 }
}
