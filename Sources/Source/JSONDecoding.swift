import Foundation

/// Decoding a JSON document into a type of the export format, with the failure said the
/// way people read JSON: a path and what was expected, or where the syntax broke.
/// The export reader and the server client both go through here.
enum JSONDecoding {
    struct Failure: Error {
        /// `events[3].started_at`, or empty for the whole document.
        let path: String
        let message: String
        /// Set when the bytes are not JSON at all: `line 2, column 15`, or nil if unknown.
        let syntaxLocation: String?
        let isSyntax: Bool
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as FieldError {
            throw Failure(path: error.path, message: error.message, syntaxLocation: nil, isSyntax: false)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw Failure(path: "", message: "not valid JSON", syntaxLocation: JSONSyntax.location(of: data), isSyntax: true)
        } catch let error as DecodingError {
            // Every field is read through the helpers that throw FieldError; this is a
            // safety net for whatever the decoder itself reports.
            throw Failure(path: error.path, message: error.message, syntaxLocation: nil, isSyntax: false)
        } catch {
            throw Failure(path: "", message: String(describing: error), syntaxLocation: nil, isSyntax: false)
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
