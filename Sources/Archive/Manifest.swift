import Foundation

/// What bbreport wrote into an archive, kept inside it: each file with the hash of its
/// bytes, and the fingerprint of everything the build was made from.
struct Manifest: Sendable, Equatable {
    static let format = "bbreport-manifest"

    /// Relative path → content hash.
    let files: [String: ContentHash]
    /// Input bytes, options, templates and program version, when the build knew them.
    let fingerprint: String?

    init(files: [String: ContentHash], fingerprint: String?) {
        self.files = files
        self.fingerprint = fingerprint
    }

    init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == Manifest.format else { return nil }
        // Version 1 listed paths only; they count as ours, with hashes unknown.
        if let list = object["files"] as? [String] {
            self.init(files: Dictionary(uniqueKeysWithValues: list.map { ($0, ContentHash(Data())) }), fingerprint: nil)
            return
        }
        guard let files = object["files"] as? [String: String] else { return nil }
        var hashes: [String: ContentHash] = [:]
        for (path, hex) in files {
            guard let hash = ContentHash(hex: hex) else { return nil }
            hashes[path] = hash
        }
        self.init(files: hashes, fingerprint: object["fingerprint"] as? String)
    }

    /// Sorted JSON, one file per line: the same archive gives the same manifest.
    func data() -> Data {
        let lines = files.keys.sorted().map { path in
            "    " + Manifest.quoted(path) + ": \"" + files[path]!.description + "\""
        }
        var text = "{\n  \"format\": \"\(Manifest.format)\",\n  \"version\": 2,\n"
        if let fingerprint { text += "  \"fingerprint\": \(Manifest.quoted(fingerprint)),\n" }
        text += "  \"files\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
        return Data(text.utf8)
    }

    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }
}
