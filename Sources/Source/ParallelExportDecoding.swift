import Dispatch
import Foundation

/// Decoding an export quickly. The events array is nine tenths of a file, and its
/// elements are independent: the strict check notes where each element starts and ends,
/// the rest of the document is decoded with an empty array in its place, and the
/// elements are read by ``EventScan`` in contiguous runs, one per core for a large file.
/// A run the scan gives up on is decoded by Foundation. Any problem at all sends the caller
/// back to the plain decoder, whose error message is the one people see; this path only
/// ever returns the same document faster.
enum ParallelExportDecoding {
    /// Below this many bytes one core is quicker than splitting the work.
    static let threshold = 256 * 1024

    /// The document in `data`, already checked as strict JSON with its events array at
    /// `layout`, or nil when it is not shaped as expected or has a problem (let the plain
    /// decoder say which).
    static func decode(_ data: Data, layout: EventsLayout?) -> ExportDocument? {
        let cores = data.count >= threshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> ExportDocument? in
            guard let layout else { return nil }
            var rest = Data(bytes[..<layout.array.lowerBound])
            rest.append(contentsOf: Array("[]".utf8))
            rest.append(contentsOf: bytes[layout.array.upperBound...])
            let runs = split(layout.elements.count, into: cores)
            let results = Results(count: runs.count)
            // Read only, and only until every worker is done.
            nonisolated(unsafe) let bytes = bytes
            DispatchQueue.concurrentPerform(iterations: runs.count) { index in
                let elements = layout.elements[runs[index]]
                if let events = EventScan.events(in: bytes, elements) {
                    results.set(index, events)
                } else if let first = elements.first, let last = elements.last {
                    var chunk = Data([UInt8(ascii: "[")])
                    chunk.append(contentsOf: bytes[first.lowerBound..<last.upperBound])
                    chunk.append(UInt8(ascii: "]"))
                    results.set(index, try? JSONDecoder().decode([ExportEvent].self, from: chunk))
                }
            }
            guard var document = try? JSONDecoder().decode(ExportDocument.self, from: rest),
                  let events = results.all() else { return nil }
            document.events = events
            return document
        }
    }

    /// `count` elements' indices in at most `runs` contiguous runs of about equal size.
    static func split(_ count: Int, into runs: Int) -> [Range<Int>] {
        let perRun = max(1, (count + runs - 1) / runs)
        return stride(from: 0, to: count, by: perRun).map { $0..<min($0 + perRun, count) }
    }
}

/// Where the top-level `"events"` array is, and each of its elements, as the strict
/// check (``JSONCheck``) finds them on its pass over the bytes.
struct EventsLayout: Equatable {
    /// From `[` to `]`, inclusive.
    let array: Range<Int>
    /// Each element, without the whitespace and commas around it.
    let elements: [Range<Int>]

    init(array: Range<Int>, elements: [Range<Int>]) {
        self.array = array
        self.elements = elements
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

    /// Every run's events in order, or nil if any run failed. Read once: the first run's
    /// array is taken, grown once to hold the rest (its events moved, not copied), and the
    /// others appended; grown by doubling instead, the events (large) were copied and new
    /// memory touched page by page several times over.
    func all() -> [ExportEvent]? {
        guard slots.allSatisfy({ $0 != nil }) else { return nil }
        guard !slots.isEmpty else { return [] }
        var events = slots[0].take()!
        events.reserveCapacity(slots.reduce(events.count) { $0 + ($1?.count ?? 0) })
        for slot in slots.dropFirst() {
            events.append(contentsOf: slot!)
        }
        return events
    }
}
