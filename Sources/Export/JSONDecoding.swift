import Foundation

/// Decoding a JSON document into a type of the export format, with the failure said the
/// way people read JSON: a path and what was expected, or where the syntax broke.
/// The export reader and the server client both go through here, and both read the bytes
/// strictly first (``JSONCheck``).
public enum JSONDecoding {
    public struct Failure: Error {
        public enum Kind {
            /// The bytes are not JSON (or not UTF-8): `message` says what, `location` where.
            case syntax
            /// Nested deeper than any document of the format.
            case tooDeep
            /// JSON, but a value at `path` does not fit the format.
            case value
        }

        public let kind: Kind
        /// `events[3].started_at`, or empty for the whole document.
        public let path: String
        public let message: String
        /// `line 2, column 15`, for problems in the text itself.
        public let location: String?
    }

    /// `data` read strictly as JSON and then decoded as `T`; `duplicateKeys` hears the paths
    /// of keys given twice in one object (the first value is the one used).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data,
                                     duplicateKeys: ([String]) -> Void = { _ in }) throws(Failure) -> T {
        duplicateKeys(try check(data).duplicateKeys)
        return try decodeChecked(type, from: data)
    }

    /// The strict reading of `data`, with its problem said as a failure; from after what it
    /// shares with the file `previous` indexes, when given.
    static func check(_ data: Data, previous: ExportIndex? = nil) throws(Failure) -> JSONCheck {
        do {
            return try JSONCheck.check(data, previous: previous)
        } catch {
            let location = JSONSyntax.lineAndColumn(of: error.offset, in: data)
            switch error.kind {
            case .syntax:
                throw Failure(kind: .syntax, path: "", message: "not valid JSON: \(error.detail)", location: location)
            case .encoding:
                throw Failure(kind: .syntax, path: "", message: "not UTF-8 text: \(error.detail); save the file as UTF-8", location: location)
            case .tooDeep:
                throw Failure(kind: .tooDeep, path: "", message: "\(error.detail); no export is nested so deeply", location: location)
            case .numberOutOfRange:
                throw Failure(kind: .value, path: error.path, message: "\(error.detail) (\(location))", location: nil)
            }
        }
    }

    /// `data`, already checked, decoded as `T`.
    public static func decodeChecked<T: Decodable>(_ type: T.Type, from data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as FieldError {
            throw Failure(kind: .value, path: error.path, message: error.message, location: nil)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // The strict check passed, so this is a limit of Foundation's parser.
            throw Failure(kind: .syntax, path: "", message: "not JSON that can be read (\(context.debugDescription))", location: nil)
        } catch let error as DecodingError {
            // Every field is read through the helpers that throw FieldError; this is a
            // safety net for whatever the decoder itself reports.
            throw Failure(kind: .value, path: error.path, message: error.message, location: nil)
        } catch {
            throw Failure(kind: .value, path: "", message: String(describing: error), location: nil)
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
