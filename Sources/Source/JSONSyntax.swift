import Foundation

/// Finds where a document stops being JSON, for the error message.
enum JSONSyntax {
    /// `line L, column C` of the first syntax error in `data`, when it can be found.
    static func location(of data: Data) -> String? {
        // JSONDecoder reports only that the data is not JSON; JSONSerialization's
        // message carries the byte offset ("around character 48").
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
            // A file cut short (a copy or download that stopped) has no offset in the message:
            // the place to look is its end.
            if detail.hasPrefix("Unexpected end of file") {
                return lineAndColumn(of: data.count, in: data)
            }
            guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(detail[range].dropFirst("character ".count)) else {
                return nil
            }
            return lineAndColumn(of: min(offset, data.count), in: data)
        }
    }

    /// `line L, column C` (1-based, columns in characters) of byte `offset`.
    static func lineAndColumn(of offset: Int, in data: Data) -> String {
        let prefix = data.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? prefix.startIndex
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }
}
