import Dispatch
import Foundation

/// Decoding a large export on every core. The events array is nine tenths of a file, and
/// its elements are independent: the file is scanned once for where each element starts
/// and ends, the rest of the document is decoded with an empty array in its place, and
/// the elements are decoded in as many contiguous runs as there are cores. Any problem at
/// all sends the caller back to the plain decoder, whose error message is the one people
/// see; this path only ever returns the same document faster.
enum ParallelExportDecoding {
    /// Below this many bytes one core is quicker than splitting the work.
    static let threshold = 256 * 1024

    /// The document in `data`, or nil when it is small, not shaped as expected, or has a
    /// problem (let the plain decoder say which).
    static func decode(_ data: Data) -> ExportDocument? {
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard data.count >= threshold, workers > 1 else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> ExportDocument? in
            guard let layout = EventsLayout(scanning: bytes), layout.elements.count >= workers else { return nil }
            var rest = Data(bytes[..<layout.array.lowerBound])
            rest.append(contentsOf: Array("[]".utf8))
            rest.append(contentsOf: bytes[layout.array.upperBound...])
            let chunks = split(layout.elements, into: workers).map { run in
                var chunk = Data([UInt8(ascii: "[")])
                chunk.append(contentsOf: bytes[run])
                chunk.append(UInt8(ascii: "]"))
                return chunk
            }
            let results = Results(count: chunks.count)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                results.set(index, try? JSONDecoder().decode([ExportEvent].self, from: chunks[index]))
            }
            guard var document = try? JSONDecoder().decode(ExportDocument.self, from: rest),
                  let events = results.all() else { return nil }
            document.events = events
            return document
        }
    }

    /// Contiguous byte ranges covering `elements` in `count` runs of about equal size.
    static func split(_ elements: [Range<Int>], into count: Int) -> [Range<Int>] {
        let perRun = (elements.count + count - 1) / count
        return stride(from: 0, to: elements.count, by: perRun).map { first in
            let last = min(first + perRun, elements.count) - 1
            return elements[first].lowerBound..<elements[last].upperBound
        }
    }
}

/// Where the top-level `"events"` array is, and each of its elements.
struct EventsLayout {
    /// From `[` to `]`, inclusive.
    let array: Range<Int>
    /// Each element, without the whitespace and commas around it.
    let elements: [Range<Int>]

    /// Scans `bytes` as JSON text, tracking strings and depth only; nil unless the text is
    /// an object with exactly one `"events"` key whose value is an array.
    init?(scanning bytes: UnsafeRawBufferPointer) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0
        var index = 0
        var lastKeyAtTop: Range<Int>?
        var arrayStart: Int?
        var found: (array: Range<Int>, elements: [Range<Int>])?
        var elements: [Range<Int>] = []
        var elementStart: Int?
        var lastSignificant = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    index += bytes[index] == backslash ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                if depth == 1 { lastKeyAtTop = start..<(index + 1) }
                if arrayStart != nil, depth == 2, elementStart == nil { elementStart = start }
                lastSignificant = index
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1, byte == UInt8(ascii: "["), let key = lastKeyAtTop, Self.isEvents(bytes, key) {
                    guard found == nil, arrayStart == nil else { return nil }
                    arrayStart = index
                } else if arrayStart != nil, depth == 2, elementStart == nil {
                    elementStart = index
                }
                depth += 1
                lastSignificant = index
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return nil }
                if let start = arrayStart, depth == 1 {
                    if let first = elementStart { elements.append(first..<(lastSignificant + 1)) }
                    found = (start..<(index + 1), elements)
                    arrayStart = nil
                    elementStart = nil
                }
                lastSignificant = index
            case UInt8(ascii: ","):
                if arrayStart != nil, depth == 2 {
                    guard let first = elementStart else { return nil }
                    elements.append(first..<(lastSignificant + 1))
                    elementStart = nil
                }
                if depth == 1 { lastKeyAtTop = nil }
            default:
                // Numbers, true, false, null.
                if arrayStart != nil, depth == 2, elementStart == nil { elementStart = index }
                lastSignificant = index
            }
            index += 1
        }
        guard depth == 0, let found else { return nil }
        array = found.array
        self.elements = found.elements
    }

    private static func isEvents(_ bytes: UnsafeRawBufferPointer, _ key: Range<Int>) -> Bool {
        let name = Array("\"events\"".utf8)
        return key.count == name.count && zip(bytes[key], name).allSatisfy { $0 == $1 }
    }
}

/// One slot per run, each written by one worker and read after all are done.
private final class Results: @unchecked Sendable {
    private var slots: [[ExportEvent]?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ events: [ExportEvent]?) {
        slots.withUnsafeMutableBufferPointer { $0[index] = events }
    }

    /// Every run's events in order, or nil if any run failed.
    func all() -> [ExportEvent]? {
        var events: [ExportEvent] = []
        for slot in slots {
            guard let slot else { return nil }
            events.append(contentsOf: slot)
        }
        return events
    }
}
