import Foundation
import Pages
import Timekeeping

/// An earlier build's `assets/search-index.js`, read back for the entries of days that
/// did not change: only when it is laid out exactly as ``SiteRenderer/searchIndexScript(_:previous:)``
/// writes it (anything else is not read at all).
public struct PreviousSearchIndex: Sendable {
    struct Child: Sendable {
        let first: String
        let dayCount: Int
        /// The caregivers' names as written (JSON strings), by number.
        let caregivers: [String]
        /// Each entry as written, with its day and its highest caregiver number (-1 for none).
        let entries: [(day: Int, text: String, highest: Int)]
    }

    /// By slug.
    let children: [String: Child]

    static let opening = "// The search index of this archive, for search.js. Made by bbreport.\nwindow.bbreportSearchIndex = {\"children\": ["
    static let closing = "\n]};\n"

    public init?(_ data: Data) {
        var reader = Reader(bytes: [UInt8](data))
        var children: [String: Child] = [:]
        guard reader.skip(Self.opening) else { return nil }
        while !reader.skip(Self.closing) {
            guard reader.skip(children.isEmpty ? "\n" : ",\n"), let (slug, child) = reader.child(), children[slug] == nil else { return nil }
            children[slug] = child
        }
        guard reader.isAtEnd else { return nil }
        self.children = children
    }

    /// How many of `slug`'s first days have their entries here: all the days this index
    /// had when its run started on the same date, none otherwise.
    public func days(of slug: ChildSlug, first: LocalDate) -> Int {
        guard let child = children[slug.value], child.first == first.description else { return 0 }
        return child.dayCount
    }
}

/// Reads the index's bytes as they were written, and no other way.
private struct Reader {
    let bytes: [UInt8]
    var at = 0

    var isAtEnd: Bool { at == bytes.count }

    /// Steps over `text` when it comes next.
    mutating func skip(_ text: String) -> Bool {
        let expected = text.utf8
        guard bytes.count - at >= expected.count, bytes[at..<at + expected.count].elementsEqual(expected) else { return false }
        at += expected.count
        return true
    }

    /// A JSON string, quotes included, as written.
    mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        var end = at + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { return nil }
        defer { at = end + 1 }
        return String(decoding: bytes[at...end], as: UTF8.self)
    }

    /// A whole number of up to nine digits.
    mutating func number() -> Int? {
        var value = 0
        let start = at
        while at < bytes.count, at - start < 9, let digit = bytes[at].wholeNumberDigit {
            value = value * 10 + digit
            at += 1
        }
        return at > start ? value : nil
    }

    /// Items of a list up to `]`, separated by commas.
    mutating func list<Item>(_ item: (inout Reader) -> Item?) -> [Item]? {
        var items: [Item] = []
        while !skip("]") {
            guard items.isEmpty || skip(","), let next = item(&self) else { return nil }
            items.append(next)
        }
        return items
    }

    /// One child's part of the index.
    mutating func child() -> (String, PreviousSearchIndex.Child)? {
        guard skip("{\"name\":"), string() != nil, skip(",\"slug\":"), let slug = string(), skip(",\"first\":"), let first = string(),
              skip(",\"days\":"), let dayCount = number(), skip(",\"caregivers\":["), let caregivers = list({ $0.string() }),
              skip(",\"entries\":[") else { return nil }
        var entries: [(day: Int, text: String, highest: Int)] = []
        while !skip("]}") {
            guard entries.isEmpty || skip(",\n") else { return nil }
            let start = at
            guard skip("["), let day = number(), (0..<dayCount).contains(day), (entries.last?.day ?? -1) < day, skip(",["),
                  let people = list({ $0.number() }), people.allSatisfy({ $0 < caregivers.count }),
                  skip(",["), list({ $0.string() }) != nil, skip(",["), list({ $0.string() }) != nil, skip("]") else { return nil }
            entries.append((day, String(decoding: bytes[start..<at], as: UTF8.self), people.max() ?? -1))
        }
        return (String(slug.dropFirst().dropLast()), PreviousSearchIndex.Child(first: String(first.dropFirst().dropLast()), dayCount: dayCount,
                                                                                caregivers: caregivers, entries: entries))
    }
}

private extension UInt8 {
    var wholeNumberDigit: Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) ? Int(self - UInt8(ascii: "0")) : nil
    }
}
