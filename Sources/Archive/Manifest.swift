import Foundation
import Hashing
import JSONText

/// What bbreport wrote into an archive, kept inside it: each file with the hash of its
/// bytes (and, for pages about days, the key of what they show), the fingerprint of
/// everything the build was made from, and that of how pages are made.
struct Manifest: Sendable, Equatable {
    static let format = "bbreport-manifest"

    struct Entry: Sendable, Equatable {
        let hash: ContentHash
        let key: ContentHash?
    }

    /// Relative path → entry.
    let files: [String: Entry]
    /// Program, options, templates and input: equal means the same archive.
    let fingerprint: String?
    /// Program, options and templates: equal means a page's key still tells its bytes.
    let renderFingerprint: String?

    init(files: [String: Entry], fingerprint: String?, renderFingerprint: String?) {
        self.files = files
        self.fingerprint = fingerprint
        self.renderFingerprint = renderFingerprint
    }

    init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == Manifest.format else { return nil }
        // Version 1 listed paths only; they count as ours, with nothing known of them.
        if let list = object["files"] as? [String] {
            self.init(files: Dictionary(uniqueKeysWithValues: list.map { ($0, Entry(hash: ContentHash([]), key: nil)) }),
                      fingerprint: nil, renderFingerprint: nil)
            return
        }
        guard let files = object["files"] as? [String: String] else { return nil }
        var entries: [String: Entry] = [:]
        for (path, value) in files {
            let parts = value.split(separator: " ").map(String.init)
            guard let hash = parts.first.flatMap(ContentHash.init(hex:)) else { return nil }
            entries[path] = Entry(hash: hash, key: parts.count > 1 ? ContentHash(hex: parts[1]) : nil)
        }
        self.init(files: entries, fingerprint: object["fingerprint"] as? String,
                  renderFingerprint: object["render_fingerprint"] as? String)
    }

    /// Sorted JSON, one file per line (`"path": "hash key"`): the same archive gives the
    /// same manifest.
    func data() -> Data {
        let lines = files.keys.sorted().map { path in
            let entry = files[path]!
            return "    " + JSONWriter.string(path) + ": \"" + entry.hash.description + (entry.key.map { " \($0)" } ?? "") + "\""
        }
        var text = "{\n  \"format\": \"\(Manifest.format)\",\n  \"version\": 2,\n"
        if let fingerprint { text += "  \"fingerprint\": \(JSONWriter.string(fingerprint)),\n" }
        if let renderFingerprint { text += "  \"render_fingerprint\": \(JSONWriter.string(renderFingerprint)),\n" }
        text += "  \"files\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
        return Data(text.utf8)
    }
}
