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

    /// The bytes of the file at `path`, with the file's problems said as for `read`.
    public static func data(path: String) throws(SourceError) -> Data {
        do {
            return try FileInput.read(path, limit: maximumBytes)
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

    /// The document in `data`; `file` names it in errors. Keys given twice are listed in
    /// the document's ``ExportDocument/duplicateKeys``.
    public static func decode(_ data: Data, file: String) throws(SourceError) -> ExportDocument {
        try decode(data, file: file, previous: nil).document
    }

    /// The document in `data`, its index for the next build, and how many of its events
    /// were stepped over by the strict check as the `previous` file's (the document and
    /// every message are the same either way).
    public static func decode(_ data: Data, file: String, previous: ExportIndex?) throws(SourceError)
        -> (document: ExportDocument, index: ExportIndex?, sharedEvents: Int) {
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw SourceError(file: file, reason: .empty)
        }
        do throws(JSONDecoding.Failure) {
            let check = try JSONDecoding.check(data, previous: previous)
            var document: ExportDocument
            if let decoded = ParallelExportDecoding.decode(data, layout: check.eventsLayout) {
                document = decoded
            } else {
                document = try JSONDecoding.decodeChecked(ExportDocument.self, from: data)
            }
            document.duplicateKeys = check.duplicateKeys
            return (document, check.index, check.sharedElements)
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
