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
        if let written = Manifest.asWritten(data) {
            self = written
            return
        }
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

    /// The manifest when `data` is laid out exactly as ``data()`` writes it, read line by
    /// line (a nightly build reads it before anything else; JSONSerialization took 3 % of
    /// a one-day rebuild); nil for anything else, which is then read as JSON. A path that
    /// JSON would escape, a repeated path or any other line leaves it to the JSON reader.
    private static func asWritten(_ data: Data) -> Manifest? {
        guard let text = String(bytes: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == "{", lines.popFirst() == "  \"format\": \"\(format)\",", lines.popFirst() == "  \"version\": 2,",
              lines.popLast() == "", lines.popLast() == "}", lines.popLast() == "  }" else { return nil }
        func hexField(_ name: String) -> String? {
            let start = "  \"\(name)\": \""
            guard let line = lines.first, line.hasPrefix(start), line.hasSuffix("\","),
                  case let value = line.dropFirst(start.count).dropLast(2), ContentHash(hex: String(value)) != nil else { return nil }
            lines.removeFirst()
            return String(value)
        }
        let fingerprint = hexField("fingerprint")
        let renderFingerprint = hexField("render_fingerprint")
        guard lines.popFirst() == "  \"files\": {" else { return nil }
        var files: [String: Entry] = [:]
        files.reserveCapacity(lines.count)
        for (index, line) in zip(lines.indices, lines) {
            // `    "path": "hash key",`, the comma on every line but the last.
            let last = index == lines.index(before: lines.endIndex)
            let body = last ? line[...] : line.dropLast()
            guard last || line.last == ",", body.hasPrefix("    \""), body.hasSuffix("\""),
                  let split = body.range(of: "\": \"") else { return nil }
            let path = body[body.index(after: body.firstIndex(of: "\"")!)..<split.lowerBound]
            let value = body[split.upperBound..<body.index(before: body.endIndex)]
            guard !path.isEmpty, path.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }),
                  value.utf8.count == 16 || value.utf8.count == 33,
                  let hash = ContentHash(hex: String(value.prefix(16))) else { return nil }
            var key: ContentHash?
            if value.utf8.count == 33 {
                guard value.dropFirst(16).first == " ", let parsed = ContentHash(hex: String(value.suffix(16))) else { return nil }
                key = parsed
            }
            guard files.updateValue(Entry(hash: hash, key: key), forKey: String(path)) == nil else { return nil }
        }
        return Manifest(files: files, fingerprint: fingerprint, renderFingerprint: renderFingerprint)
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
