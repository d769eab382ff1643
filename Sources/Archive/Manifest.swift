import Bytes
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
    /// The folders holding its files (``ArchiveWriter/folders(holding:)``), when worked out
    /// as it was read: its lines come in the order of their paths, so a file's folder is
    /// mostly the one before's, found without a look-up (from the files afterwards, a
    /// nightly build's folders took 0.3–0.5 ms).
    let folders: Set<String>?

    init(files: [String: Entry], fingerprint: String?, renderFingerprint: String?, folders: Set<String>? = nil) {
        self.files = files
        self.fingerprint = fingerprint
        self.renderFingerprint = renderFingerprint
        self.folders = folders
    }

    /// The same files and fingerprints (however the folders were found).
    static func == (a: Manifest, b: Manifest) -> Bool {
        a.files == b.files && a.fingerprint == b.fingerprint && a.renderFingerprint == b.renderFingerprint
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
    /// line on its bytes (a nightly build reads it twice before anything else, and
    /// JSONSerialization, then String searching, took 3–6 % of a one-day rebuild); nil for
    /// anything else, which is then read as JSON. A path that JSON would escape, a repeated
    /// path, text that is not UTF-8 or any other line leaves it to the JSON reader.
    static func asWritten(_ data: Data) -> Manifest? {
        data.withUnsafeBytes { asWritten(lines: ManifestLines($0.bindMemory(to: UInt8.self))) }
    }

    private static func asWritten(lines: ManifestLines) -> Manifest? {
        var lines = lines
        guard lines.popFirst(is: "{"), lines.popFirst(is: "  \"format\": \"\(format)\","), lines.popFirst(is: "  \"version\": 2,"),
              lines.popLast(is: ""), lines.popLast(is: "}"), lines.popLast(is: "  }") else { return nil }
        func hexField(_ start: StaticString) -> String? {
            guard let value = lines.first?.between(start, and: "\","), ContentHash(hex: value) != nil else { return nil }
            lines.removeFirst()
            return String(decoding: value, as: UTF8.self)
        }
        let fingerprint = hexField("  \"fingerprint\": \"")
        let renderFingerprint = hexField("  \"render_fingerprint\": \"")
        guard lines.popFirst(is: "  \"files\": {") else { return nil }
        var files: [String: Entry] = [:]
        files.reserveCapacity(lines.count)
        var folders: Set<String> = []
        var lastFolder = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        while let line = lines.popFirst() {
            // `    "path": "hash key",`, the comma on every line but the last.
            guard let body = lines.count == 0 ? line.between("    \"", and: "\"") : line.between("    \"", and: "\","),
                  let (path, folderLength, value) = Self.pathAndValue(body),
                  let hash = ContentHash(hex: UnsafeBufferPointer(rebasing: value.prefix(16))) else { return nil }
            let folder = UnsafeBufferPointer(rebasing: body[..<folderLength])
            if !folder.elementsEqual(lastFolder) {
                ArchiveWriter.insertFolders(of: path, into: &folders)
                lastFolder = folder
            }
            var key: ContentHash?
            if value.count == 33 {
                guard value[16] == UInt8(ascii: " "), let parsed = ContentHash(hex: UnsafeBufferPointer(rebasing: value.suffix(16))) else { return nil }
                key = parsed
            }
            guard files.updateValue(Entry(hash: hash, key: key), forKey: path) == nil else { return nil }
        }
        return Manifest(files: files, fingerprint: fingerprint, renderFingerprint: renderFingerprint, folders: folders)
    }

    /// `path": "value` split at its first quote: a path with nothing JSON escapes, in
    /// UTF-8, the length of its folder's part (before its last slash), and a hash or a
    /// hash and a key.
    private static func pathAndValue(_ body: UnsafeBufferPointer<UInt8>) -> (String, Int, UnsafeBufferPointer<UInt8>)? {
        guard let quote = body.firstIndex(of: UInt8(ascii: "\"")), quote > 0, body.count - quote == 4 + 16 || body.count - quote == 4 + 33,
              body[quote + 1] == UInt8(ascii: ":"), body[quote + 2] == UInt8(ascii: " "), body[quote + 3] == UInt8(ascii: "\"") else { return nil }
        let path = UnsafeBufferPointer(rebasing: body[..<quote])
        var ascii = true
        var folderLength = 0
        for (index, byte) in path.enumerated() {
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), byte != 0x7F else { return nil }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "/") { folderLength = index }
        }
        // A path of ASCII, as ours are, is UTF-8 as it stands: the standard library's
        // check, generic and not made for these bytes, took over a third of reading a manifest
        // (two a nightly build: the archive's and its spare's).
        guard let text = ascii ? String(decoding: path, as: UTF8.self) : String(validating: path, as: UTF8.self) else { return nil }
        return (text, folderLength, UnsafeBufferPointer(rebasing: body[(quote + 4)...]))
    }

    /// Sorted JSON, one file per line (`"path": "hash key"`): the same archive gives the
    /// same manifest.
    func data() -> Data {
        let bytes = ByteBuffer(capacity: 256 + files.count * 96)
        bytes.append("{\n  \"format\": \"\(Manifest.format)\",\n  \"version\": 2,\n")
        if let fingerprint { bytes.append("  \"fingerprint\": \(JSONWriter.string(fingerprint)),\n") }
        if let renderFingerprint { bytes.append("  \"render_fingerprint\": \(JSONWriter.string(renderFingerprint)),\n") }
        bytes.append("  \"files\": {\n" as StaticString)
        for (index, (path, entry)) in sortedFiles().enumerated() {
            if index > 0 { bytes.append(",\n" as StaticString) }
            bytes.append("    " as StaticString)
            JSONWriter.append(string: path, to: bytes)
            bytes.append(": \"" as StaticString)
            entry.hash.write(into: bytes)
            if let key = entry.key {
                bytes.append(UInt8(ascii: " "))
                key.write(into: bytes)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append("\n  }\n}\n" as StaticString)
        return bytes.takeData()
    }
}

extension Manifest {
    /// The files with their entries (not looked up again by path), in the order of their
    /// paths, each taken from its place as it is read.
    func sortedFiles() -> some Collection<(key: String, value: Entry)> {
        let files = Array(self.files)
        return Self.order(of: files).lazy.map { files[$0] }
    }

    /// The places of `files` in the order of their paths. Sorting 2,600 paths as strings took
    /// 0.8 ms at the end of every build, when nothing else runs: paths all of ASCII, which
    /// ours are, are put in order by their first 32 bytes as four integers (the order of
    /// their bytes, which is the order of strings of ASCII), and only paths that share those
    /// bytes are compared as strings. The places are sorted, not the files or their
    /// prefixes (moving those took as long again).
    private static func order(of files: [(key: String, value: Entry)]) -> [Int] {
        var prefixes: [AsciiPrefix] = []
        prefixes.reserveCapacity(files.count)
        for file in files {
            guard let prefix = AsciiPrefix(file.key) else {
                return files.indices.sorted { files[$0].key < files[$1].key }
            }
            prefixes.append(prefix)
        }
        var order = Array(files.indices)
        prefixes.withUnsafeBufferPointer { prefixes in
            order.sort { prefixes[$0] != prefixes[$1] ? prefixes[$0] < prefixes[$1] : files[$0].key < files[$1].key }
        }
        return order
    }

    /// The first 32 bytes of a path of ASCII, big-endian, a shorter path's padded with zeros
    /// (which no path holds, so a path comes before those it begins).
    private struct AsciiPrefix: Equatable, Comparable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        /// Nil unless `path` is all ASCII. Read from the string's bytes where it keeps them
        /// together, as ours do (byte by byte through its view, this was a third of the sort).
        init?(_ path: String) {
            guard let prefix = path.utf8.withContiguousStorageIfAvailable(Self.init(bytes:)) ?? Self(bytes: Array(path.utf8)) else { return nil }
            self = prefix
        }

        private init?(bytes: some Collection<UInt8>) {
            var padded: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var any: UInt8 = 0
            withUnsafeMutableBytes(of: &padded) { words in
                for (index, byte) in bytes.enumerated() {
                    any |= byte
                    if index < words.count { words[index] = byte }
                }
            }
            guard any < 0x80 else { return nil }
            words = (padded.0.bigEndian, padded.1.bigEndian, padded.2.bigEndian, padded.3.bigEndian)
        }

        static func == (a: Self, b: Self) -> Bool { a.words == b.words }
        static func < (a: Self, b: Self) -> Bool { a.words < b.words }
    }
}

/// A manifest's lines, each without its line feed.
private struct ManifestLines {
    private var lines: ArraySlice<UnsafeBufferPointer<UInt8>>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
        }
        lines.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        self.lines = lines[...]
    }

    var count: Int { lines.count }
    var first: UnsafeBufferPointer<UInt8>? { lines.first }

    mutating func popFirst() -> UnsafeBufferPointer<UInt8>? { lines.popFirst() }
    mutating func removeFirst() { lines.removeFirst() }

    /// Removes the first line if it is `text`.
    mutating func popFirst(is text: String) -> Bool {
        guard let line = lines.first, line.elementsEqual(text.utf8) else { return false }
        lines.removeFirst()
        return true
    }

    /// Removes the last line if it is `text`.
    mutating func popLast(is text: String) -> Bool {
        guard let line = lines.last, line.elementsEqual(text.utf8) else { return false }
        lines.removeLast()
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// This line without `start` and `end`, or nil when it does not begin and end with them
    /// (compared in place).
    fileprivate func between(_ start: StaticString, and end: StaticString) -> Self? {
        let head = start.utf8CodeUnitCount, tail = end.utf8CodeUnitCount
        guard count >= head + tail, let base = baseAddress, memcmp(base, start.utf8Start, head) == 0,
              memcmp(base + count - tail, end.utf8Start, tail) == 0 else { return nil }
        return UnsafeBufferPointer(rebasing: self[head..<(count - tail)])
    }
}
