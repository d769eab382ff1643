import Foundation
import Sample

/// Broken export files made from a good one, deterministically: the same seed gives the
/// same files on every machine. Each is a way real files break (a copy cut short, a disk's
/// flipped bytes, another program's types and numbers, clocks and years gone wrong, nesting
/// and encodings no app writes) or a way an attacker would break one.
struct BrokenExports {
    /// One broken file and how it was made, for the failure message.
    struct Mutant {
        let name: String
        let bytes: Data
    }

    private var random: RandomSource
    private let base: Data
    private let tree: Any

    init(base: Data, seed: UInt64) throws {
        self.base = base
        self.tree = try JSONSerialization.jsonObject(with: base)
        self.random = RandomSource(seed: seed)
    }

    /// `count` of each kind, in a fixed order.
    mutating func all(each count: Int) -> [Mutant] {
        var mutants: [Mutant] = []
        for index in 0..<count {
            mutants.append(truncated(index))
            mutants.append(flipped(index))
            mutants.append(wrongType(index))
            mutants.append(hugeNumber(index))
            mutants.append(extremeTime(index))
            mutants.append(deeplyNested(index))
            mutants.append(notUTF8(index))
            mutants.append(oddText(index))
        }
        return mutants
    }

    // MARK: Kinds

    /// Cut short anywhere, as an interrupted copy leaves it.
    mutating func truncated(_ index: Int) -> Mutant {
        let length = random.below(base.count)
        return Mutant(name: "truncated-\(index) at \(length)", bytes: base.prefix(length))
    }

    /// One to eight bytes replaced by any byte.
    mutating func flipped(_ index: Int) -> Mutant {
        var bytes = [UInt8](base)
        let count = 1 + random.below(8)
        var places: [Int] = []
        for _ in 0..<count {
            let place = random.below(bytes.count)
            bytes[place] = UInt8(random.below(256))
            places.append(place)
        }
        return Mutant(name: "flipped-\(index) at \(places)", bytes: Data(bytes))
    }

    /// A value replaced by one of another JSON type.
    mutating func wrongType(_ index: Int) -> Mutant {
        let replacements = ["null", "true", "0", "-1", "\"\"", "\"text\"", "[]", "{}", "[null]", "{\"a\": 1}", "3.5", "\"2026-11-21\""]
        let path = randomPath()
        let raw = replacements[random.below(replacements.count)]
        return Mutant(name: "wrong-type-\(index) \(describe(path)) = \(raw)", bytes: replacing(path, withRaw: raw))
    }

    /// A value replaced by a number no field can hold, or by what some writers put for one.
    mutating func hugeNumber(_ index: Int) -> Mutant {
        let numbers = ["1e400", "-1e400", "1e308", "1.7976931348623157e308", "1e19", "1e20", "-1e19", "18446744073709551616",
                       "123456789012345678901234567890123456789", "4.9e-324", "1e-400", "-0", "0.0000000000000000001",
                       "NaN", "Infinity", "-Infinity", "1e", "--1", "0x10", "1.", ".5", "+1", "99999999999999999999", "9223372036854775807",
                       "-9223372036854775809", "1e30"]
        let path = randomPath(numbersFirst: true)
        let raw = numbers[random.below(numbers.count)]
        return Mutant(name: "number-\(index) \(describe(path)) = \(raw)", bytes: replacing(path, withRaw: raw))
    }

    /// A timestamp or date of the far past or future, or one that cannot be.
    mutating func extremeTime(_ index: Int) -> Mutant {
        let times = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z",
                     "1999-12-31T23:59:59Z", "2099-12-31T23:59:59Z", "2100-01-01T00:00:00Z", "2026-02-30T10:00:00Z",
                     "2026-11-21T24:00:00Z", "2026-11-21T10:00:60Z", "2026-11-21T10:00:00+18:00", "2026-11-21T10:00:00-18:59",
                     "2026-11-21T10:00:00.123456789123Z", "2026-11-21", "0000-00-00T00:00:00Z", "2016-11-21T10:00:00Z",
                     "2046-11-21T10:00:00Z", "2026-11-21T10:00:00", "1000000000000-01-01T00:00:00Z", "0000-01-01T00:00:00Z"]
        let dates = ["0001-01-01", "9999-12-31", "1969-12-31", "2099-01-01", "2026-02-29", "2026-13-01", "2036-01-01", "2016-11-21",
                     "1000000000000-01-01", "0000-01-01"]
        let timePaths = paths { key, value in key?.hasSuffix("_at") == true && value is String }
        let datePaths = paths { key, _ in key == "date_of_birth" }
        let useDate = !datePaths.isEmpty && random.below(4) == 0
        let path = useDate ? datePaths[random.below(datePaths.count)] : timePaths[random.below(timePaths.count)]
        let text = useDate ? dates[random.below(dates.count)] : times[random.below(times.count)]
        return Mutant(name: "time-\(index) \(describe(path)) = \(text)", bytes: replacing(path, withRaw: "\"\(text)\""))
    }

    /// A value wrapped in arrays or objects, around the depth limit and far past it.
    mutating func deeplyNested(_ index: Int) -> Mutant {
        let depths = [10, 62, 63, 64, 65, 200, 10_000, 100_000]
        let depth = depths[random.below(depths.count)]
        let object = random.below(2) == 0
        let open = object ? "{\"a\":" : "["
        let close = object ? "}" : "]"
        let raw = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
        let path = randomPath()
        return Mutant(name: "nested-\(index) \(describe(path)) \(depth) \(object ? "objects" : "arrays")", bytes: replacing(path, withRaw: raw))
    }

    /// Bytes that are not UTF-8 inside a string, or a string cut in the middle of a character.
    mutating func notUTF8(_ index: Int) -> Mutant {
        let sequences: [[UInt8]] = [[0xFF], [0xFE], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
                                    [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3]]
        let strings = paths { _, value in value is String }
        let path = strings[random.below(strings.count)]
        let bad = sequences[random.below(sequences.count)]
        var bytes = replacing(path, withRaw: "\"@@BAD@@\"")
        let marker = Data("@@BAD@@".utf8)
        if let range = bytes.range(of: marker) { bytes.replaceSubrange(range, with: bad) }
        return Mutant(name: "utf8-\(index) \(describe(path)) \(bad.map { String($0, radix: 16) })", bytes: bytes)
    }

    /// Text that is almost JSON, or JSON that is not an export: what editors, shells and
    /// other programs leave behind.
    mutating func oddText(_ index: Int) -> Mutant {
        // The good file written compactly, keys sorted, so that its parts can be found as text.
        let text = String(decoding: replacing([], withRaw: ""), as: UTF8.self)
        let choices: [(String, () -> Data)] = [
            ("trailing comma in object", { Data((text.dropLast() + ",}").utf8) }),
            ("trailing comma in array", { Data(text.replacingOccurrences(of: "}],\"events\"", with: "},],\"events\"").utf8) }),
            ("duplicate keys", { Data(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":1,\"version\":2").utf8) }),
            ("duplicate events", { Data(text.replacingOccurrences(of: "\"events\":[", with: "\"events\":[],\"events\":[").utf8) }),
            ("comment", { Data(("// exported by the app\n" + text).utf8) }),
            ("byte-order mark", { Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8) }),
            ("UTF-16", { text.data(using: .utf16) ?? Data() }),
            ("NUL bytes", { Data(text.utf8) + Data([0, 0, 0]) }),
            ("NUL inside", { Data(text.replacingOccurrences(of: "\"Ava\"", with: "\"A\u{0}va\"").utf8) }),
            ("two documents", { Data((text + text).utf8) }),
            ("null", { Data("null".utf8) }),
            ("number", { Data("42".utf8) }),
            ("string", { Data("\"babybasics-export\"".utf8) }),
            ("empty object", { Data("{}".utf8) }),
            ("empty array", { Data("[]".utf8) }),
            ("empty", { Data() }),
            ("whitespace", { Data(" \n\t\r\n".utf8) }),
            ("single quotes", { Data(text.replacingOccurrences(of: "\"", with: "'").utf8) }),
            ("unquoted keys", { Data(text.replacingOccurrences(of: "\"format\"", with: "format").utf8) }),
            ("control character", { Data(text.replacingOccurrences(of: "\"Ava\"", with: "\"A\u{1B}[2Jva\"").utf8) }),
            ("escaped control", { Data(text.replacingOccurrences(of: "\"Ava\"", with: "\"A\\u001b[2J\\r\\nerror: fake\"").utf8) }),
            ("lone surrogate", { Data(text.replacingOccurrences(of: "\"Ava\"", with: "\"\\ud800\"").utf8) }),
            ("huge string", { Data(text.replacingOccurrences(of: "\"Ava\"", with: "\"" + String(repeating: "A", count: 3_000_000) + "\"").utf8) }),
            ("html", { Data("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8) }),
            ("many events", { Data(text.replacingOccurrences(of: "\"events\":[", with: "\"events\":[" + String(repeating: "{},", count: 20_000)).utf8) }),
        ]
        let (name, make) = choices[index % choices.count]
        return Mutant(name: "odd-\(index) \(name)", bytes: make())
    }

    // MARK: Paths in the good file

    enum Step {
        case key(String)
        case index(Int)
    }

    /// A path to any value, or (with `numbersFirst`) to a number when the file has one.
    mutating func randomPath(numbersFirst: Bool = false) -> [Step] {
        let all = paths { _, _ in true }
        if numbersFirst {
            let numbers = paths { _, value in value is NSNumber && !(value is Bool) }
            if !numbers.isEmpty, random.below(3) > 0 { return numbers[random.below(numbers.count)] }
        }
        return all[random.below(all.count)]
    }

    /// Every path whose last key and value pass `test`.
    func paths(where test: (String?, Any) -> Bool) -> [[Step]] {
        var found: [[Step]] = []
        func walk(_ value: Any, _ path: [Step], _ key: String?) {
            if !path.isEmpty, test(key, value) { found.append(path) }
            if let object = value as? [String: Any] {
                for name in object.keys.sorted() { walk(object[name]!, path + [.key(name)], name) }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() { walk(element, path + [.index(index)], key) }
            }
        }
        walk(tree, [], nil)
        return found
    }

    /// The good file with the value at `path` replaced by `raw` JSON text (or any text).
    func replacing(_ path: [Step], withRaw raw: String) -> Data {
        let marker = "@@REPLACE-\(UUID().uuidString)@@"
        func replace(_ value: Any, _ rest: ArraySlice<Step>) -> Any {
            guard let step = rest.first else { return raw.isEmpty ? value : marker }
            switch step {
            case .key(let name):
                var object = value as! [String: Any]
                object[name] = replace(object[name]!, rest.dropFirst())
                return object
            case .index(let index):
                var array = value as! [Any]
                array[index] = replace(array[index], rest.dropFirst())
                return array
            }
        }
        let changed = replace(tree, path[...])
        let data = try! JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys, .withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"\(marker)\"", with: raw)
        return Data(text.utf8)
    }

    func describe(_ path: [Step]) -> String {
        path.map { step in
            switch step {
            case .key(let name): "." + name
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }
}

private extension RandomSource {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        integer(0...max(bound, 1) - 1)
    }
}
