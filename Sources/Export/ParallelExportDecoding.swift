import Dispatch
import Foundation
import Speed

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
    /// `known` reads the first `count` elements' events, already decoded, into the place
    /// it is given (back from the previous build's records of the same bytes), or says it
    /// cannot: those are then decoded here. The result says how many were read so.
    static func decode(_ data: Data, layout: EventsLayout?,
                       known: (count: Int, read: (UnsafeMutableBufferPointer<ExportEvent>) -> Bool)? = nil)
        -> (document: ExportDocument, readBack: Int)? {
        let cores = data.count >= threshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (document: ExportDocument, readBack: Int)? in
            guard let layout, (known?.count ?? 0) <= layout.elements.count else { return nil }
            var rest = Data(bytes[..<layout.array.lowerBound])
            rest.append(contentsOf: Array("[]".utf8))
            rest.append(contentsOf: bytes[layout.array.upperBound...])
            // Read only, and only until every worker is done.
            nonisolated(unsafe) let bytes = bytes
            // One array for all the events, each run's worker filling its own part of it in
            // place, and the known ones read into theirs: joined afterwards, the events
            // (large) were copied and fresh memory touched page by page a second time.
            var complete = false
            var readBack = 0
            let events = [ExportEvent](unsafeUninitializedCapacity: layout.elements.count) { buffer, count in
                if let known, known.count > 0, known.read(UnsafeMutableBufferPointer(rebasing: buffer[..<known.count])) {
                    readBack = known.count
                }
                let runs = (readBack..<layout.elements.count).runs(parts: cores)
                nonisolated(unsafe) let buffer = buffer
                let filled = Filled(count: runs.count)
                DispatchQueue.concurrentPerform(iterations: runs.count) { index in
                    let run = runs[index]
                    let elements = layout.elements[run]
                    let region = UnsafeMutableBufferPointer(rebasing: buffer[run])
                    if EventScan.read(bytes, elements, into: region) {
                        filled.set(index)
                    } else if let first = elements.first, let last = elements.last {
                        var chunk = Data([UInt8(ascii: "[")])
                        chunk.append(contentsOf: bytes[first.lowerBound..<last.upperBound])
                        chunk.append(UInt8(ascii: "]"))
                        if let decoded = try? JSONDecoder().decode([ExportEvent].self, from: chunk), decoded.count == region.count {
                            _ = region.initialize(from: decoded)
                            filled.set(index)
                        }
                    }
                }
                complete = filled.all
                if !complete {
                    for (index, run) in runs.enumerated() where filled.isSet(index) {
                        UnsafeMutableBufferPointer(rebasing: buffer[run]).deinitialize()
                    }
                    UnsafeMutableBufferPointer(rebasing: buffer[..<readBack]).deinitialize()
                }
                count = complete ? layout.elements.count : 0
            }
            guard complete, var document = try? JSONDecoder().decode(ExportDocument.self, from: rest) else { return nil }
            document.events = events
            return (document, readBack)
        }
    }
}

extension ParallelExportDecoding {
    /// Decodes a small document with every field found outside the events array, so that
    /// the decoder's first use is over before a build's: Foundation's decoder took 0.6–0.8 ms
    /// for those 800 bytes of a nightly export the first time (looking up how each of the
    /// document's types decodes), most of it on no other document. For a thread with
    /// nothing else to do; the build's document is decoded as before, whatever this finds.
    @discardableResult
    static func prepare() -> ExportDocument? {
        try? JSONDecoder().decode(ExportDocument.self, from: Data(everyOuterField.utf8))
    }

    private static let everyOuterField = """
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-23T22:00:00-06:00",
         "settings": {"day_start": "07:00", "timezone": "America/Chicago", "units": "ml",
                      "theme": {"palette": "warm-nightlight", "category_strategy": "desaturated-jewel", "icon_style": "filled",
                                "child_overrides": {"b": {"palette": "ocean-calm"}}}},
         "children": [{"id": "a", "name": "A", "sex": "female", "date_of_birth": "2026-01-01", "gestational_age_weeks": 39,
                       "birth_weight_kg": 3.1, "birth_length_cm": 49, "birth_head_circumference_cm": 34}],
         "events": []}
        """
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

/// Which runs' events are in place: each flag set by one worker, read after all are done.
private final class Filled: @unchecked Sendable {
    private var flags: [Bool]

    init(count: Int) {
        flags = Array(repeating: false, count: count)
    }

    func set(_ index: Int) {
        flags.withUnsafeMutableBufferPointer { $0[index] = true }
    }

    func isSet(_ index: Int) -> Bool { flags[index] }

    var all: Bool { !flags.contains(false) }
}
