import Foundation
import Timekeeping

/// Writes documents back out as version-1 export files.
public enum ExportWriter {
    /// The file's bytes: a small pretty header, then one child or event per line, so
    /// the file diffs and greps well. Timestamps carry the offset of the family's zone.
    public static func data(for document: ExportDocument) throws -> Data {
        var data = Data()
        try write(document) { data.append($0) }
        return data
    }

    /// The encoder of an export's lines: keys sorted, timestamps with the offset of `zone`
    /// (UTC, as `Z`, without one).
    public static func encoder(zone: Zone?) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[.zone] = zone
        return encoder
    }

    /// The bytes a chunk of about ``chunkBytes`` gathers before it is handed on.
    public static let chunkBytes = 1 << 20

    /// The file's bytes as ``data(for:)`` makes them, handed to `sink` in chunks of about
    /// ``chunkBytes``, so that an export of a million events is never held whole in memory;
    /// an error `sink` throws (an export grown past its bound) ends the writing.
    public static func write(_ document: ExportDocument, to sink: (Data) throws -> Void) throws {
        try write(document, events: document.events, to: sink)
    }

    /// The file of `document` with `events` as its events (those of `document` aside): events
    /// kept packed (``PackedEvents``) are made one at a time, as they are written.
    public static func write(_ document: ExportDocument, events: some Collection<ExportEvent>, to sink: (Data) throws -> Void) throws {
        let encoder = encoder(zone: document.settings.timezone)
        let zone = document.settings.timezone
        let exportedAt = zone.map { ISO8601.string(from: document.exportedAt, in: $0) }
            ?? ISO8601.string(from: document.exportedAt, offsetSeconds: 0, zulu: true)
        var chunk = Data()
        chunk.reserveCapacity(chunkBytes + 4096)
        func append(_ text: String) throws {
            chunk.append(contentsOf: text.utf8)
            try flushIfFull()
        }
        func flushIfFull() throws {
            guard chunk.count >= chunkBytes else { return }
            try sink(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        func list<Value: Encodable>(_ values: some Collection<Value>) throws {
            guard !values.isEmpty else { return try append("[]") }
            for (index, value) in values.enumerated() {
                try append(index == 0 ? "[\n    " : ",\n    ")
                chunk.append(try encoder.encode(value))
            }
            try append("\n  ]")
        }
        try append("{\n  \"format\": \"\(ExportDocument.format)\",\n  \"version\": \(ExportDocument.version),\n  \"exported_at\": \"\(exportedAt)\",\n")
        try append("  \"settings\": ")
        chunk.append(try encoder.encode(document.settings))
        try append(",\n  \"children\": ")
        try list(document.children)
        try append(",\n  \"events\": ")
        try list(events)
        try append("\n}\n")
        try sink(chunk)
    }
}

extension CodingUserInfoKey {
    /// The zone whose offsets timestamps are written with (UTC, as `Z`, when absent).
    static let zone = CodingUserInfoKey(rawValue: "bbreport.zone")!
}

extension Encoder {
    func timestamp(_ instant: Instant) -> String {
        if let zone = userInfo[.zone] as? Zone {
            return ISO8601.string(from: instant, in: zone)
        }
        return ISO8601.string(from: instant, offsetSeconds: 0, zulu: true)
    }
}

extension ExportSettings: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encodeIfPresent(timezone?.identifier, forKey: .timezone)
        try object.encodeIfPresent(dayStart?.description, forKey: .dayStart)
        try object.encodeIfPresent(units?.rawValue, forKey: .units)
        try object.encodeIfPresent(theme, forKey: .theme)
    }
}

extension ExportTheme: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encodeIfPresent(palette, forKey: .palette)
        try object.encodeIfPresent(categoryStrategy, forKey: .categoryStrategy)
        try object.encodeIfPresent(iconStyle, forKey: .iconStyle)
        if !childOverrides.isEmpty {
            var overrides = object.nestedContainer(keyedBy: AnyKey.self, forKey: .childOverrides)
            for (childID, theme) in childOverrides {
                try overrides.encode(theme, forKey: AnyKey(stringValue: childID))
            }
        }
    }
}

extension ExportChild: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(id, forKey: .id)
        try object.encode(name, forKey: .name)
        try object.encodeIfPresent(dateOfBirth?.description, forKey: .dateOfBirth)
        try object.encodeIfPresent(sex?.rawValue, forKey: .sex)
        try object.encodeIfPresent(gestationalAgeWeeks, forKey: .gestationalAgeWeeks)
        try object.encodeIfPresent(dueDate?.description, forKey: .dueDate)
        try object.encodeIfPresent(birthWeightKG, forKey: .birthWeightKG)
        try object.encodeIfPresent(birthLengthCM, forKey: .birthLengthCM)
        try object.encodeIfPresent(birthHeadCircumferenceCM, forKey: .birthHeadCircumferenceCM)
    }
}

extension ExportEvent: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(id, forKey: .id)
        try object.encode(childID, forKey: .childID)
        try object.encode(typeName, forKey: .type)
        // An unknown type's fields were not read: only its identity is written, and a
        // reader skips it again with a warning.
        var writer = FieldWriter(object: object, encoder: encoder)
        var fields = kind
        try fields.visitFields(&writer)
        object = writer.object
        try object.encodeIfPresent(createdBy, forKey: .createdBy)
        try object.encodeIfPresent(updatedAt.map(encoder.timestamp), forKey: .updatedAt)
    }
}

/// Writes each field of an event into its object, as the kind declares it (``KindFields``):
/// an optional field only when given, a flag only when set, and a sleep still going with
/// its end as `null`.
struct FieldWriter: FieldVisitor {
    typealias Failure = any Error
    var object: KeyedEncodingContainer<ExportEvent.CodingKeys>
    let encoder: any Encoder

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) throws { try object.encode(encoder.timestamp(value), forKey: key) }
    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) throws { try object.encode(value.map(encoder.timestamp), forKey: key) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) throws { try object.encode(value, forKey: key) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) throws { try object.encodeIfPresent(value, forKey: key) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) throws { try object.encode(value, forKey: key) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) throws { try object.encodeIfPresent(value, forKey: key) }

    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) throws {
        if value { try object.encode(true, forKey: key) }
    }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) throws {
        try object.encode(value.rawValue, forKey: key)
    }

    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) throws {
        try object.encodeIfPresent(value?.rawValue, forKey: key)
    }
}
