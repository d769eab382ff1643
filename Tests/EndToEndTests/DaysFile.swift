import Foundation
import Testing

/// A built `days.json`, read the way a test checks it.
enum DaysFile {
    /// The line of `date`, as an object.
    static func day(_ date: String, in file: URL) throws -> [String: Any] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"date\":\"\(date)\"") })
        let json = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ","))
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
