import Foundation

/// The list of files bbreport wrote into an archive, kept inside the archive.
struct Manifest: Sendable, Equatable {
    static let format = "bbreport-manifest"

    /// Relative paths, sorted.
    let files: [String]

    init(files: [String]) {
        self.files = files.sorted()
    }

    init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == Manifest.format,
              let files = object["files"] as? [String] else { return nil }
        self.init(files: files)
    }

    func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try files.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let text = "{\n  \"format\": \"\(Manifest.format)\",\n  \"files\": [\n    " + lines.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return Data(text.utf8)
    }
}
