import Bytes
import Foundation
import Hashing

/// A strict reading of JSON text (RFC 8259) before any decoding: Foundation's decoder
/// accepts trailing commas, keeps one value of a key given twice without a word, and says
/// nothing of where a document breaks (docs/architecture.md has the measurements). This pass finds the first place where the bytes stop being JSON and says what
/// is wrong there, refuses numbers no `Double` can hold and nesting deeper than any
/// document of ours, and lists the keys that an object holds twice.
struct JSONCheck {
    /// Nesting deeper than this is refused: an export is five levels deep.
    static let maximumDepth = 64

    /// Why the bytes are not acceptable JSON, and where.
    struct Problem: Error, Equatable {
        enum Kind: Equatable {
            /// Not JSON at all (RFC 8259).
            case syntax
            /// Bytes that are not UTF-8.
            case encoding
            /// Objects and arrays nested deeper than ``JSONCheck/maximumDepth``.
            case tooDeep
            /// A number that no `Double` can hold.
            case numberOutOfRange
        }

        let kind: Kind
        /// The byte at which the problem is.
        let offset: Int
        /// What is wrong there, e.g. `a comma before "}"`.
        let detail: String
        /// The JSON path of the value being read, e.g. `events[3].amount_ml`.
        let path: String
    }

    /// The JSON paths of keys that appear more than once in their object, in file order
    /// (`events[3].started_at`).
    var duplicateKeys: [String] = []
    /// Where the top-level `"events"` array and each of its elements are, when the
    /// document is an object with exactly one such key (found on the same pass).
    var eventsLayout: EventsLayout?
    /// What the next build's check of a file whose events array starts the same can step
    /// over; nil when there is no events array to index.
    var index: ExportIndex?
    /// How many elements of the events array were stepped over, as the previous file's.
    var sharedElements = 0

    /// Checks all of `data`; throws the first problem. With the `previous` file's index, the
    /// elements of the events array that `data` shares with that file (the same bytes from
    /// the array's start on) are not read again: what the previous check found in them is
    /// taken, and the check goes on after them.
    static func check(_ data: Data, previous: ExportIndex? = nil) throws(Problem) -> JSONCheck {
        let result: Result<JSONCheck, Problem> = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var scanner = Scanner(bytes: bytes, previous: previous)
            do throws(Problem) {
                try scanner.document()
                let layout = scanner.eventsKeys == 1 ? scanner.events : nil
                var check = JSONCheck(duplicateKeys: scanner.duplicates.map(\.path), eventsLayout: layout)
                check.sharedElements = scanner.shared?.count ?? 0
                if let layout {
                    check.index = index(of: bytes, layout: layout, duplicates: scanner.duplicates, shared: scanner.shared)
                }
                return .success(check)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The index of `bytes` with its events array at `layout`: the checkpoints `shared`
    /// with the previous index taken as they are, the others hashed from where it left off.
    private static func index(of bytes: UnsafeRawBufferPointer, layout: EventsLayout, duplicates: [ExportIndex.Duplicate],
                              shared: Scanner.Shared?) -> ExportIndex {
        let start = layout.array.lowerBound
        let array = UnsafeRawBufferPointer(rebasing: bytes[start..<layout.array.upperBound])
        let elements = layout.elements.map { ($0.lowerBound - start)..<($0.upperBound - start) }
        var kept: [Int: UInt64] = [:]
        var hash = ExportIndex.hash
        if let shared {
            for checkpoint in shared.index.checkpoints where checkpoint.element < shared.count {
                kept[checkpoint.element] = checkpoint.hash
            }
            hash = shared.hash
        }
        var checkpoints: [ExportIndex.Checkpoint] = []
        for element in elements.indices where ExportIndex.isCheckpoint(element, of: elements.count) {
            let value = kept[element] ?? hash.value(through: elements[element].upperBound, in: array)
            checkpoints.append(ExportIndex.Checkpoint(element: element, hash: value))
        }
        let inArray = duplicates.filter { layout.array.contains($0.offset) }.map { ExportIndex.Duplicate(offset: $0.offset - start, path: $0.path) }
        return ExportIndex(elements: elements, duplicates: inArray, checkpoints: checkpoints)
    }

    /// How many bytes from `start` on need no second look inside a string (printable
    /// ASCII other than a quote or a backslash), read eight at a time: the count stops at
    /// the first byte that does, or fewer than eight bytes before the end.
    static func plainBytes(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            // A byte's high bit is set in each term where that byte is below 0x20, a quote,
            // a backslash or not ASCII; a borrow can only mark bytes after a marked one.
            let control = (word &- ones &* 0x20) & ~word
            let quote = (word ^ (ones &* 0x22)) &- ones & ~(word ^ (ones &* 0x22))
            let backslash = (word ^ (ones &* 0x5C)) &- ones & ~(word ^ (ones &* 0x5C))
            let marked = (control | quote | backslash | word) & highs
            guard marked == 0 else { return offset - start + marked.trailingZeroBitCount / 8 }
            offset += 8
        }
        return offset - start
    }
}

/// One pass over the bytes, keeping only the path to the value being read.
private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var duplicates: [ExportIndex.Duplicate] = []
    /// The index of the file checked before, whose events array this one's may start with.
    let previous: ExportIndex?
    /// How many elements of the events array were the previous file's, and the hash of
    /// the array's bytes taken in through them.
    var shared: Shared?

    struct Shared {
        let index: ExportIndex
        let count: Int
        let hash: PrefixHash
    }
    /// For each open object or array: where its keys start in `keys`, or which element is next.
    var frames: [Frame] = []
    /// The keys seen so far of every open object, outermost first (byte ranges of their
    /// text between the quotes): one list for all, so that no object allocates its own.
    var keys: [Range<Int>] = []
    /// The keys of each open object with many, by a hash of their bytes (keyed by the
    /// object's first place in `keys`): compared one by one, an object of a million keys
    /// would take hours.
    var largeObjects: [Int: [Int: [Range<Int>]]] = [:]
    /// Up to this many keys an object's keys are compared one by one.
    static let keysComparedInTurn = 32
    /// How many `"events"` keys the top-level object has, and where the array of the
    /// first one (if an array) and its elements are.
    var eventsKeys = 0
    var events: EventsLayout?

    enum Frame {
        /// The object's keys are `keys[firstKey...]`.
        case object(firstKey: Int)
        case array(index: Int)
    }

    init(bytes: UnsafeRawBufferPointer, previous: ExportIndex?) {
        self.bytes = bytes
        self.previous = previous
    }

    mutating func document() throws(JSONCheck.Problem) {
        // A byte-order mark is not JSON, but editors on some systems write one; it is harmless.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw problem(.syntax, "the file holds no JSON value") }
        try value()
        skipWhitespace()
        guard index == bytes.count else {
            throw problem(.syntax, "more text after the end of the document (\(found))")
        }
    }

    // MARK: Values

    mutating func value() throws(JSONCheck.Problem) {
        guard index < bytes.count else { throw endOfFile() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw problem(.syntax, "expected a value, found \(found)")
        }
    }

    mutating func object() throws(JSONCheck.Problem) {
        try open(.object(firstKey: keys.count))
        guard try !closes(UInt8(ascii: "}")) else { return }
        repeat {
            try member()
        } while try !next(or: UInt8(ascii: "}"), in: "an object")
    }

    /// A key and its value, in the innermost object.
    mutating func member() throws(JSONCheck.Problem) {
        skipWhitespace()
        guard index < bytes.count else { throw endOfFile() }
        guard bytes[index] == UInt8(ascii: "\"") else {
            if bytes[index] == UInt8(ascii: "}") { throw problem(.syntax, "a comma before \"}\" (JSON allows none there)") }
            throw problem(.syntax, "expected a key in double quotes, found \(found)")
        }
        let key = try string()
        noteKey(key)
        let isEvents = frames.count == 1 && isEventsKey(key)
        if isEvents { eventsKeys += 1 }
        skipWhitespace()
        guard index < bytes.count else { throw endOfFile() }
        guard bytes[index] == UInt8(ascii: ":") else { throw problem(.syntax, "expected \":\" after the key, found \(found)") }
        index += 1
        skipWhitespace()
        if isEvents, eventsKeys == 1, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            try array(recording: true)
        } else {
            try value()
        }
    }

    /// An array; `recording` notes where it and each element are (the events array).
    mutating func array(recording: Bool = false) throws(JSONCheck.Problem) {
        let start = index
        var elements: [Range<Int>] = []
        try open(.array(index: 0))
        if recording, skipShared(from: start, into: &elements) {
            while try !next(or: UInt8(ascii: "]"), in: "an array") {
                try element(recording: &elements)
            }
        } else if try !closes(UInt8(ascii: "]")) {
            repeat {
                if recording {
                    try element(recording: &elements)
                } else {
                    try element()
                }
            } while try !next(or: UInt8(ascii: "]"), in: "an array")
        }
        if recording { events = EventsLayout(array: start..<index, elements: elements) }
    }

    /// Steps over the elements that the events array opened at `start` shares with the
    /// previous file's (the same bytes from its `[` through them, as far as the index's
    /// hashes tell), taking their places and the keys found twice in them from the index:
    /// the pass would find the same in them. False when it shares none.
    mutating func skipShared(from start: Int, into elements: inout [Range<Int>]) -> Bool {
        guard let previous else { return false }
        let (count, hash) = previous.sharedElements(with: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        let places = previous.elements[..<count].map { ($0.lowerBound + start)..<($0.upperBound + start) }
        guard count > 0, separatesValues(places, after: start) else { return false }
        shared = Shared(index: previous, count: count, hash: hash)
        elements = places
        index = elements[count - 1].upperBound
        frames[frames.count - 1] = .array(index: count - 1)
        for duplicate in previous.duplicates where duplicate.offset + start < index {
            duplicates.append(ExportIndex.Duplicate(offset: duplicate.offset + start, path: duplicate.path))
        }
        return true
    }

    /// Whether `elements` of the array whose `[` is at `start` are laid out as an array's
    /// are: whitespace and one comma between them, none around them inside their places (an
    /// index that passes its hashes, yet is not one of ours, is not taken).
    func separatesValues(_ elements: [Range<Int>], after start: Int) -> Bool {
        var gapStart = start + 1
        var commasExpected = 0
        for element in elements {
            var commas = 0
            var offset = gapStart
            while offset < element.lowerBound {
                let byte = bytes[offset]
                if byte == UInt8(ascii: ",") {
                    commas += 1
                } else if !isWhitespace(byte) {
                    return false
                }
                offset += 1
            }
            guard commas == commasExpected, !element.isEmpty, !isWhitespace(bytes[element.lowerBound]),
                  !isWhitespace(bytes[element.upperBound - 1]) else { return false }
            gapStart = element.upperBound
            commasExpected = 1
        }
        return true
    }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// An element of the innermost array.
    mutating func element() throws(JSONCheck.Problem) {
        skipWhitespace()
        guard index < bytes.count else { throw endOfFile() }
        if bytes[index] == UInt8(ascii: "]") { throw problem(.syntax, "a comma before \"]\" (JSON allows none there)") }
        try value()
    }

    /// An element of the events array, its place added to `elements`.
    mutating func element(recording elements: inout [Range<Int>]) throws(JSONCheck.Problem) {
        skipWhitespace()
        let start = index
        try element()
        elements.append(start..<index)
    }

    /// Whether the key's text (between its quotes) is `events`.
    func isEventsKey(_ key: Range<Int>) -> Bool {
        key.count == 6 && bytes[key.lowerBound] == UInt8(ascii: "e") && bytes[key.lowerBound + 1] == UInt8(ascii: "v")
            && bytes[key.lowerBound + 2] == UInt8(ascii: "e") && bytes[key.lowerBound + 3] == UInt8(ascii: "n")
            && bytes[key.lowerBound + 4] == UInt8(ascii: "t") && bytes[key.lowerBound + 5] == UInt8(ascii: "s")
    }

    /// Whether the object or array just opened closes at once with `close` (consumed).
    mutating func closes(_ close: UInt8) throws(JSONCheck.Problem) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        closeFrame()
        return true
    }

    /// After a member or element: true when `close` ends the object or array, false when a
    /// comma announces the next one.
    mutating func next(or close: UInt8, in container: String) throws(JSONCheck.Problem) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw endOfFile() }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            if case .array(let count) = frames[frames.count - 1] { frames[frames.count - 1] = .array(index: count + 1) }
            return false
        case close:
            index += 1
            closeFrame()
            return true
        default:
            throw problem(.syntax, "expected \",\" or \"\(Character(UnicodeScalar(close)))\" after a value in \(container), found \(found)")
        }
    }

    /// Leaves the innermost object or array, letting go of an object's keys.
    mutating func closeFrame() {
        if case .object(let firstKey) = frames.removeLast() {
            keys.removeSubrange(firstKey...)
            largeObjects[firstKey] = nil
        }
    }

    mutating func open(_ frame: Frame) throws(JSONCheck.Problem) {
        guard frames.count < JSONCheck.maximumDepth else {
            throw problem(.tooDeep, "nested more than \(JSONCheck.maximumDepth) levels deep")
        }
        frames.append(frame)
        index += 1
    }

    /// A string starting at the opening quote; returns the range of its text.
    mutating func string() throws(JSONCheck.Problem) -> Range<Int> {
        let start = index + 1
        index = start
        while index < bytes.count {
            index += JSONCheck.plainBytes(in: bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return start..<(index - 1)
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw problem(.syntax, "a control character (0x\(hex(byte))) inside a string; write it as an escape such as \\n")
            case 0x80...:
                try multibyte()
            default:
                index += 1
            }
        }
        throw endOfFile()
    }

    mutating func escape() throws(JSONCheck.Problem) {
        guard index + 1 < bytes.count else { index = bytes.count; throw endOfFile() }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let first = try unicodeEscape()
            switch first {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by a low one: together they are one character.
                let second = index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
                    ? try unicodeEscape() : nil
                guard let second, (0xDC00...0xDFFF).contains(second) else {
                    throw problem(.syntax, "\\u\(hex(first, width: 4)) is half of a character with no second half")
                }
            case 0xDC00...0xDFFF:
                throw problem(.syntax, "\\u\(hex(first, width: 4)) is half of a character with no first half")
            default:
                break
            }
        default:
            index += 1
            throw problem(.syntax, "\"\\\(character(at: index))\" is not an escape JSON knows")
        }
    }

    /// `\uXXXX` at `index`; returns its value.
    mutating func unicodeEscape() throws(JSONCheck.Problem) -> Int {
        index += 2
        var value = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfFile() }
            guard let digit = HexDigit.value(bytes[index]) else {
                throw problem(.syntax, "\\u must be followed by four hexadecimal digits, found \(found)")
            }
            value = value * 16 + Int(digit)
            index += 1
        }
        return value
    }

    /// A UTF-8 sequence of two to four bytes at `index`: well-formed, shortest form, no
    /// surrogates, nothing past U+10FFFF.
    mutating func multibyte() throws(JSONCheck.Problem) {
        let lead = bytes[index]
        let length: Int
        let lowest: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; lowest = 0x80
        case 0xE0...0xEF: length = 3; lowest = 0x800
        case 0xF0...0xF4: length = 4; lowest = 0x10000
        default: throw problem(.encoding, "the byte 0x\(hex(lead)) is not UTF-8")
        }
        guard index + length <= bytes.count else { throw problem(.encoding, "a UTF-8 character is cut off by the end of the file") }
        var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else {
                throw problem(.encoding, "the bytes 0x\(hex(lead)) 0x\(hex(byte)) are not UTF-8")
            }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw problem(.encoding, "the bytes starting with 0x\(hex(lead)) are not UTF-8")
        }
        index += length
    }

    mutating func number() throws(JSONCheck.Problem) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw problem(.syntax, "expected a digit after \"-\", found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw problem(.syntax, "a number may not start with 0 (\(numberText(from: start)))") }
        } else {
            skipDigits()
        }
        var simple = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw problem(.syntax, "expected a digit after the decimal point, found \(found)") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            simple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw problem(.syntax, "expected a digit in the exponent, found \(found)") }
            skipDigits()
        }
        // Without an exponent only a very long run of digits can overflow.
        if !simple || index - start > 300 {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw problem(.numberOutOfRange, "the number \(numberText(from: start)) is too large to be a value")
            }
            // Foundation refuses a number that rounds to zero but is not zero.
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }
            if value == 0, mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) {
                index = start
                throw problem(.numberOutOfRange, "the number \(numberText(from: start)) is too small to be a value")
            }
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONCheck.Problem) {
        let start = index
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw endOfFile() }
            guard bytes[index] == byte else {
                index = start
                throw problem(.syntax, "expected a value, found \(found)")
            }
            index += 1
        }
    }

    // MARK: Keys

    /// Records a key of the innermost object, noting it when the object already has it.
    mutating func noteKey(_ key: Range<Int>) {
        guard case .object(let firstKey) = frames[frames.count - 1] else { return }
        let count = keys.count - firstKey
        let seen: Bool
        if count < Self.keysComparedInTurn {
            seen = keys[firstKey...].contains { same($0, key) }
        } else {
            if count == Self.keysComparedInTurn {
                for earlier in keys[firstKey...] { largeObjects[firstKey, default: [:]][hash(earlier), default: []].append(earlier) }
            }
            let hash = hash(key)
            seen = largeObjects[firstKey]?[hash]?.contains { same($0, key) } ?? false
            largeObjects[firstKey, default: [:]][hash, default: []].append(key)
        }
        if seen {
            duplicates.append(ExportIndex.Duplicate(offset: key.lowerBound, path: path(appending: key)))
        }
        keys.append(key)
    }

    /// A hash of a key's bytes, seeded anew in every run (a file cannot be made to collide).
    func hash(_ key: Range<Int>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[key]))
        return hasher.finalize()
    }

    func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0
    }

    // MARK: Places

    /// `events[3].started_at`: the path to the value being read.
    var path: String {
        path(appending: nil)
    }

    func path(appending key: Range<Int>?) -> String {
        var text = ""
        for (position, frame) in frames.enumerated() {
            switch frame {
            case .array(let element):
                text += "[\(element)]"
            case .object(let firstKey):
                // The key being read is the last one seen, unless a key is being added.
                let isLast = position == frames.count - 1
                // An object's keys end where the next object's begin.
                let end = frames[(position + 1)...].lazy.compactMap { if case .object(let next) = $0 { next } else { nil } }.first ?? keys.count
                let current = isLast && key != nil ? key : keys[firstKey..<end].last
                if let current { text += (text.isEmpty ? "" : ".") + keyText(current) }
            }
        }
        return text
    }

    func keyText(_ range: Range<Int>) -> String {
        let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard raw.contains("\\") else { return raw }
        return (try? JSONDecoder().decode(String.self, from: Data(("\"" + raw + "\"").utf8))) ?? raw
    }

    func problem(_ kind: JSONCheck.Problem.Kind, _ detail: String) -> JSONCheck.Problem {
        JSONCheck.Problem(kind: kind, offset: min(index, bytes.count), detail: detail, path: path)
    }

    func endOfFile() -> JSONCheck.Problem {
        let inside = frames.last.map { frame -> String in
            if case .object = frame { return " inside an object" }
            return " inside an array"
        } ?? ""
        return JSONCheck.Problem(kind: .syntax, offset: bytes.count, detail: "the file ends\(inside); it may have been cut short", path: path)
    }

    /// What is at `index`, for "found …": `","`, `the end of the file`.
    var found: String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if isLetter(byte) {
            // A word (`yes`, `NaN`, `undefined`) reads better whole.
            var end = index
            while end < bytes.count, end - index < 20, isLetter(bytes[end]) { end += 1 }
            return "\"" + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) + "\""
        }
        guard byte >= 0x20, byte < 0x7F else { return byte < 0x80 ? "the byte 0x\(hex(byte))" : "\"\(character(at: index))\"" }
        return "\"\(character(at: index))\""
    }

    func character(at position: Int) -> String {
        guard position < bytes.count else { return "" }
        let byte = bytes[position]
        if byte < 0x80 { return String(UnicodeScalar(byte)) }
        let end = min(bytes.count, position + 4)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).prefix(1).description
    }

    func numberText(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40, isNumberByte(bytes[end]) { end += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return end - start == 40 && end < bytes.count && isNumberByte(bytes[end]) ? text + "…" : text
    }

    // MARK: Bytes

    mutating func skipWhitespace() {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    func hex(_ value: some BinaryInteger, width: Int = 2) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
