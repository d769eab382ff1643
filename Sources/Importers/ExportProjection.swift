import Foundation
import Export

/// The size of the export a file's rows will make, told from its first events: a file
/// whose export would pass the bound of an export file is refused once a sample of its
/// events is made, before the memory of all of them is spent. The estimate is used only
/// when it passes the bound by a tenth; the export's writer holds the bound exactly.
struct ExportProjection {
    /// How many of a file's events are the sample.
    static let sampleEvents = 2_000

    let file: String
    let rows: Int
    let eventsBefore: Int
    private var rowsSeen = 0
    private var done = false

    init(file: String, rows: Int, eventsBefore: Int) {
        self.file = file
        self.rows = rows
        self.eventsBefore = eventsBefore
    }

    /// Counts a row whose events now end `events`; once the sample is in, the problem when
    /// the file's export would pass the bound.
    mutating func counted(row events: PackedEvents) -> ImportProblem? {
        rowsSeen += 1
        let made = events.count - eventsBefore
        guard !done, made >= Self.sampleEvents else { return nil }
        done = true
        let encoder = ExportWriter.encoder(zone: nil)
        // Each event's line, and the comma, line break and indent before it.
        let bytes = events[eventsBefore...].reduce(0) { $0 + ((try? encoder.encode($1).count) ?? 0) + 6 }
        let projected = Double(eventsBefore) + Double(rows) * Double(made) / Double(rowsSeen)
        let size = projected * Double(bytes) / Double(made)
        guard size > Double(ExportReader.maximumBytes) * 1.1 else { return nil }
        return ImportProblem(file: file, line: 0, column: nil,
                             message: "\(ImportLog.number(rows)) rows: their export would be about \(Int(size) >> 20) MB, more than the \(ExportReader.maximumBytes >> 20) MB an export file can be")
    }
}
