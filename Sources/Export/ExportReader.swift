import Foundation
import InputFiles

/// Reads export files from disk into ``ExportDocument``s.
public enum ExportReader {
    /// The largest export file read: about a hundred years of one child's logging (three
    /// years of two children are 5 MB).
    public static let maximumBytes = 100 << 20

    /// The document in the file at `path`; the path is quoted in errors as given.
    public static func read(path: String) throws(SourceError) -> ExportDocument {
        try decode(try data(path: path), file: path)
    }

    /// The bytes of the file at `path`, with the file's problems said as for `read`: mapped
    /// from the system's cache of the file (see ``FileInput/mapped(_:limit:)``), and checked
    /// to be the file's still once decoded.
    public static func data(path: String) throws(SourceError) -> Data {
        do {
            return try FileInput.mapped(path, limit: maximumBytes)
        } catch {
            switch error {
            case .missing: throw SourceError(file: path, reason: .missingFile)
            case .folder: throw SourceError(file: path, reason: .isFolder)
            case .notRegular(let kind): throw SourceError(file: path, reason: .notAFile(kind))
            case .tooLarge(let size, let limit): throw SourceError(file: path, reason: .tooLarge(bytes: size, limit: limit))
            case .unreadable(let reason): throw SourceError(file: path, reason: .unreadable(reason))
            }
        }
    }

    /// Makes the decoder ready for an export's first document (see
    /// ``ParallelExportDecoding/prepare()``), on a thread that has nothing else to do.
    /// The document it was made ready with is returned, for the stages after to be.
    @discardableResult
    public static func prepareDecoding() -> ExportDocument? {
        ParallelExportDecoding.prepare()
    }

    /// The document in `data`; `file` names it in errors. Keys given twice are listed in
    /// the document's ``ExportDocument/duplicateKeys``.
    public static func decode(_ data: Data, file: String) throws(SourceError) -> ExportDocument {
        try decode(data, file: file, previous: nil, program: []).document
    }

    /// The document in `data`, read after what it shares with the file the `previous` index
    /// was made of: the strict check steps over the events the two share, byte for byte,
    /// and when the same `program` decoded them then, they are read back from the index's
    /// records instead of being decoded again (the document and every message are the same
    /// either way).
    /// A file that changed while it was decoded (when `data` is a file mapped) says so,
    /// whatever its bytes made of the document.
    public static func decode(_ data: Data, file: String, previous: ExportIndex?, program: [UInt8]) throws(SourceError) -> ExportReading {
        let reading = Result { () throws(SourceError) in try decodeBytes(data, file: file, previous: previous, program: program) }
        guard FileInput.isIntact(data) else { throw SourceError(file: file, reason: .changedWhileRead) }
        return try reading.get()
    }

    private static func decodeBytes(_ data: Data, file: String, previous: ExportIndex?, program: [UInt8]) throws(SourceError) -> ExportReading {
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw SourceError(file: file, reason: .empty)
        }
        do throws(JSONDecoding.Failure) {
            let check = try JSONDecoding.check(data, previous: previous)
            // The events stepped over, read back from the previous records into their place.
            var known: (count: Int, read: (UnsafeMutableBufferPointer<ExportEvent>) -> Bool)?
            var recordsRead: (end: Int, childIDs: [String])?
            if let previous, check.sharedElements > 0, !program.isEmpty, previous.program == program {
                known = (check.sharedElements, { region in
                    recordsRead = EventRecords.read(previous.records, into: region)
                    return recordsRead != nil
                })
            }
            var document: ExportDocument
            var reused: ExportReading.Reused?
            if let decoded = ParallelExportDecoding.decode(data, layout: check.eventsLayout, known: known) {
                document = decoded.document
                if let previous, let recordsRead, decoded.readBack > 0 {
                    reused = ExportReading.Reused(records: previous.records.prefix(recordsRead.end), events: decoded.readBack,
                                                  childIDs: recordsRead.childIDs)
                }
            } else {
                document = try JSONDecoding.decodeChecked(ExportDocument.self, from: data)
            }
            document.duplicateKeys = check.duplicateKeys
            // The shared events' ids, known to differ when the same program read them.
            var knownIDs: KnownIDs?
            if let previous, reused != nil, !previous.ids.isEmpty {
                knownIDs = KnownIDs(count: check.sharedElements, entries: previous.ids)
            }
            return ExportReading(document: document, layout: check.index, sharedEvents: check.sharedElements, reused: reused, program: program,
                                 knownIDs: knownIDs)
        } catch {
            switch error.kind {
            case .syntax, .tooDeep:
                throw SourceError(file: file, reason: .notJSON(location: error.location, message: error.message))
            case .value:
                throw SourceError(file: file, reason: .invalidValue(path: error.path, message: error.message))
            }
        }
    }
}

/// An export read for a build: its document, and what the next build's reading of a file
/// that starts the same can use.
public struct ExportReading: Sendable {
    public let document: ExportDocument
    /// The events array's index, without records (see ``index()``).
    let layout: ExportIndex?
    /// How many of the events the strict check stepped over as the previous file's.
    public let sharedEvents: Int
    /// The previous records read back for the first events.
    let reused: Reused?
    let program: [UInt8]
    /// The ids of the events read back, known to differ from one another.
    public let knownIDs: KnownIDs?

    struct Reused: Sendable {
        let records: ArraySlice<UInt8>
        let events: Int
        let childIDs: [String]
    }

    /// How many events were read back from the previous build's records.
    public var eventsReadBack: Int { reused?.events ?? 0 }

    /// The bytes of the index to keep for the next build, with every event's record: those
    /// read back copied as they were, the rest written after them (while the family is
    /// validated: a full export's take a few milliseconds).
    public func indexData() -> Data? {
        guard var index = layout, index.elements.count == document.events.count else { return nil }
        index.program = program
        index.ids = KnownIDs.entries(of: document.events, after: knownIDs) ?? []
        let shared = reused?.events ?? 0
        let sharedBytes = reused?.records.count ?? 0
        // The new events' records take about what the shared ones took each, and 64 bytes
        // more are room enough for most (an event with a long note grows the buffer).
        let room = (document.events.count - shared) * (sharedBytes / max(shared, 1) + 64)
        return index.data(recordsSize: sharedBytes + room) { bytes in
            reused?.records.withUnsafeBytes { bytes.append($0) }
            var writer = RecordWriter(into: bytes, childIDs: reused?.childIDs ?? [])
            EventRecords.write(document.events[shared...], into: &writer)
        }
    }

    /// The index the next build reads back of ``indexData()``.
    public func index() -> ExportIndex? {
        indexData().flatMap { ExportIndex(bytes: [UInt8]($0)) }
    }
}
