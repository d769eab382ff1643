import Foundation
import Testing
@testable import Export

/// The parallel decoder must give exactly what the plain one gives, or step aside.
@Suite struct ParallelDecodingTests {
    /// A large export whose strings hold everything that could fool a scanner: brackets,
    /// braces, commas, escaped quotes and backslashes, and the word "events" itself.
    static func bigExport(events count: Int, extra: String = "") -> Data {
        var events: [String] = []
        for index in 0..<count {
            let minute = String(format: "%02d", index % 60)
            switch index % 4 {
            case 0:
                events.append(#"{"id": "f\#(index)", "child_id": "c", "type": "feeding", "started_at": "2026-11-21T03:\#(minute):00-06:00", "feeding_type": "bottle", "amount_ml": \#(60 + index % 90).5, "created_by": "Dad [\"events\": {x}]"}"#)
            case 1:
                events.append(#"{"id": "s\#(index)", "child_id": "c", "type": "sleep", "started_at": "2026-11-21T04:\#(minute):00-06:00", "ended_at": null, "future": {"events": [1, [2], {"a": "]"}]}}"#)
            case 2:
                events.append(#"{"id": "n\#(index)", "child_id": "c", "type": "note", "occurred_at": "2026-11-21T05:\#(minute):00-06:00", "text": "a \\\" quote, a \\\\ backslash\\\\, and \"],[{\" — ok"}"#)
            default:
                events.append(#"{"type": "diaper", "id": "d\#(index)", "child_id": "c", "occurred_at": "2026-11-21T06:\#(minute):00-06:00", "diaper_type": "both"}"#)
            }
        }
        let text = """
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z",
         "settings": {"timezone": "America/Chicago", "events": ["not", "these"]},
         "children": [{"id": "c", "name": "Ava \\"events\\": ["}],
         "events": [
        \(events.joined(separator: ",\n"))
         ]\(extra)}
        """
        return Data(text.utf8)
    }

    /// Where the strict check finds the events array of `data`.
    static func layout(_ data: Data) -> EventsLayout? {
        (try? JSONCheck.check(data))?.eventsLayout
    }

    @Test("a large export decodes in parallel to exactly the plain decoder's document")
    func same() throws {
        let data = Self.bigExport(events: 4_000)
        #expect(data.count > ParallelExportDecoding.threshold)
        let parallel = try #require(ParallelExportDecoding.decode(data, layout: Self.layout(data))?.document)
        let plain = try JSONDecoding.decode(ExportDocument.self, from: data)
        #expect(parallel.events.count == 4_000)
        #expect(parallel == plain)
        // Read by the quick scan, not handed back to Foundation.
        let scanned = data.withUnsafeBytes { bytes in
            Self.layout(data).flatMap { EventScan.events(in: bytes, $0.elements[...]) }
        }
        #expect(scanned == plain.events)
    }

    @Test("a run the scan gives up on is decoded by Foundation in its place, the other run kept")
    func fallback() throws {
        // An escaped key in the second run: the scan does not read those.
        var text = String(decoding: Self.bigExport(events: 4_000), as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"type": "diaper", "id": "d3003""#, with: #"{"ty\u0070e": "diaper", "id": "d3003""#)
        let data = Data(text.utf8)
        let scanned = data.withUnsafeBytes { bytes in
            Self.layout(data).flatMap { EventScan.events(in: bytes, $0.elements[...]) }
        }
        #expect(scanned == nil)
        let parallel = try #require(ParallelExportDecoding.decode(data, layout: Self.layout(data))?.document)
        let plain = try JSONDecoding.decode(ExportDocument.self, from: data)
        #expect(parallel == plain)
        #expect(parallel.events[3003].id == "d3003")
    }

    @Test("the events array is found at the top only, each element whole")
    func layout() throws {
        let data = Data(#"{"settings": {"events": [1]}, "a": "events", "events" : [ {"x": "]"} , [1, 2],"s",7 ,null ], "z": 1}"#.utf8)
        let layout = try #require(Self.layout(data))
        let text = String(decoding: data, as: UTF8.self).utf8
        func slice(_ range: Range<Int>) -> String {
            String(decoding: Array(text)[range], as: UTF8.self)
        }
        #expect(slice(layout.array) == #"[ {"x": "]"} , [1, 2],"s",7 ,null ]"#)
        #expect(layout.elements.map(slice) == [#"{"x": "]"}"#, "[1, 2]", #""s""#, "7", "null"])
        // Two "events" keys: not the plain shape.
        #expect(Self.layout(Data(#"{"events": [1], "events": [2]}"#.utf8)) == nil)
        #expect(Self.layout(Data(#"{"events": {"a": [1]}}"#.utf8)) == nil)
        #expect(Self.layout(Data(#"[{"events": [1]}]"#.utf8)) == nil)
    }

    @Test("a problem deep in a large file is said as the plain decoder says it", arguments: [
        (#", "x": 1"#, nil as String?),
        (#", "x": [}"#, "not valid JSON"),
    ])
    func problems(extra: String, message: String?) throws {
        let data = Self.bigExport(events: 4_000, extra: extra)
        if let message {
            #expect(ParallelExportDecoding.decode(data, layout: Self.layout(data)) == nil)
            #expect(throws: SourceError.self) { try ExportReader.decode(data, file: "big.json") }
            do {
                _ = try ExportReader.decode(data, file: "big.json")
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
            }
        } else {
            #expect(ParallelExportDecoding.decode(data, layout: Self.layout(data)) != nil)
        }
        // A bad value at events[3001] is named by its index in the whole file.
        var text = String(decoding: Self.bigExport(events: 4_000), as: UTF8.self)
        text = text.replacingOccurrences(of: #""s3001", "child_id": "c", "type": "sleep", "started_at": "2026-11-21T04:01:00-06:00""#,
                                         with: #""s3001", "child_id": "c", "type": "sleep", "started_at": "yesterday""#)
        let bad = Data(text.utf8)
        #expect(ParallelExportDecoding.decode(bad, layout: Self.layout(bad)) == nil)
        do {
            _ = try ExportReader.decode(bad, file: "big.json")
            Issue.record("a bad timestamp was accepted")
        } catch {
            #expect(error.description.hasPrefix(#"big.json: events[3001].started_at: expected an ISO 8601 timestamp"#), "\(error.description)")
        }
    }

    @Test("the document the decoder is made ready with decodes, with every field outside the events array given")
    func preparation() throws {
        let document = try #require(ParallelExportDecoding.prepare())
        let settings = document.settings
        #expect(settings.timezone != nil && settings.dayStart != nil && settings.units != nil)
        let theme = try #require(settings.theme)
        #expect(theme.palette != nil && theme.categoryStrategy != nil && theme.iconStyle != nil && theme.childOverrides.count == 1)
        let child = try #require(document.children.first)
        #expect(child.dateOfBirth != nil && child.sex != nil && child.gestationalAgeWeeks != nil)
        #expect(child.birthWeightKG != nil && child.birthLengthCM != nil && child.birthHeadCircumferenceCM != nil)
    }
}
