import Foundation

/// Reads export files from disk into ``ExportDocument``s.
public enum ExportReader {
    /// The document in the file at `path`; the path is quoted in errors as given.
    public static func read(path: String) throws(SourceError) -> ExportDocument {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SourceError(file: path, reason: .missingFile)
        }
        guard !isFolder.boolValue else {
            throw SourceError(file: path, reason: .isFolder)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw SourceError(file: path, reason: .unreadable(reason))
        }
        return try decode(data, file: path)
    }

    /// The document in `data`; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(SourceError) -> ExportDocument {
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw SourceError(file: file, reason: .empty)
        }
        do {
            return try JSONDecoder().decode(ExportDocument.self, from: data)
        } catch let error as FieldError {
            throw SourceError(file: file, reason: .invalidValue(path: error.path, message: error.message))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw SourceError(file: file, reason: .notJSON(location: JSONSyntax.location(of: data)))
        } catch let error as DecodingError {
            // Every field is read through the helpers that throw FieldError; this is
            // a safety net for whatever the decoder itself reports.
            throw SourceError(file: file, reason: .invalidValue(path: error.path, message: error.message))
        } catch {
            throw SourceError(file: file, reason: .invalidValue(path: "", message: String(describing: error)))
        }
    }
}

private extension DecodingError {
    var path: String {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
             .keyNotFound(_, let context), .dataCorrupted(let context):
            JSONPath.string(context.codingPath)
        @unknown default:
            ""
        }
    }

    var message: String {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.debugDescription
        case .keyNotFound(let key, _):
            "missing \"\(key.stringValue)\""
        @unknown default:
            "not readable"
        }
    }
}
