import Foundation
import InputFiles
import Testing
import Timekeeping
@testable import Export

@Suite struct ExportDecodingTests {
    static let specExample = """
    {
      "format": "babybasics-export",
      "version": 1,
      "exported_at": "2026-11-21T22:00:00Z",
      "settings": {
        "timezone": "America/Chicago",
        "day_start": "07:00",
        "units": "ml",
        "theme": {
          "palette": "warm-nightlight",
          "category_strategy": "desaturated-jewel",
          "icon_style": "filled",
          "child_overrides": { "6f1c": { "palette": "ocean-calm" } }
        },
        "future_setting": [1, 2, 3]
      },
      "children": [ { "id": "6f1c", "name": "Ava", "date_of_birth": "2026-08-01" } ],
      "events": [
        { "id": "e1", "child_id": "6f1c", "type": "feeding", "started_at": "2026-11-21T03:10:00-06:00",
          "feeding_type": "breast", "started_side": "left", "both_sides": true, "duration_minutes": 18 },
        { "id": "e2", "child_id": "6f1c", "type": "feeding", "started_at": "2026-11-21T06:40:00.500-06:00",
          "feeding_type": "bottle", "amount_ml": 90, "created_by": "Dad" },
        { "id": "e3", "child_id": "6f1c", "type": "diaper", "occurred_at": "2026-11-21T03:30:00-06:00",
          "diaper_type": "both" },
        { "id": "e4", "child_id": "6f1c", "type": "sleep", "started_at": "2026-11-20T21:05:00-06:00",
          "ended_at": "2026-11-21T02:50:00-06:00" },
        { "id": "e5", "child_id": "6f1c", "type": "sleep", "started_at": "2026-11-21T15:05:00-06:00", "ended_at": null },
        { "id": "e6", "child_id": "6f1c", "type": "note", "occurred_at": "2026-11-21T09:00:00-06:00",
          "category": "health", "text": "First smile! Temp **37.1 °C**.", "mood": "happy" },
        { "id": "e7", "child_id": "6f1c", "type": "bath", "occurred_at": "2026-11-21T19:00:00-06:00" }
      ]
    }
    """

    @Test("the specification's example decodes, unknown keys ignored and unknown types kept as such")
    func specExampleDecodes() throws {
        let document = try ExportReader.decode(Data(Self.specExample.utf8), file: "export.json")
        #expect(document.exportedAt == ISO8601.instant(from: "2026-11-21T22:00:00Z"))
        #expect(document.settings.timezone?.identifier == "America/Chicago")
        #expect(document.settings.dayStart == TimeOfDay("07:00"))
        #expect(document.settings.units == .ml)
        #expect(document.settings.theme?.childOverrides.first?.theme.palette == "ocean-calm")
        #expect(document.children == [ExportChild(id: "6f1c", name: "Ava", dateOfBirth: LocalDate("2026-08-01"))])
        #expect(document.events.count == 7)
        #expect(document.events[0].kind == .feeding(.init(
            startedAt: ISO8601.instant(from: "2026-11-21T09:10:00Z")!, type: .breast,
            startedSide: .left, bothSides: true, durationMinutes: 18)))
        #expect(document.events[1].createdBy == "Dad")
        #expect(document.events[1].time?.milliseconds == ISO8601.instant(from: "2026-11-21T12:40:00Z")!.milliseconds + 500)
        #expect(document.events[4].kind == .sleep(.init(startedAt: ISO8601.instant(from: "2026-11-21T21:05:00Z")!, endedAt: nil)))
        #expect(document.events[6].kind == .unknown(type: "bath"))
    }

    @Test("settings are optional")
    func settingsOptional() throws {
        let text = #"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [], "events": []}"#
        let document = try ExportReader.decode(Data(text.utf8), file: "export.json")
        #expect(document.settings == ExportSettings())
    }

    static let minimalHeader = #""format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [{"id": "c", "name": "Ava"}]"#

    @Test("errors name the file, the JSON path and what was expected", arguments: [
        ("{\"format\": \"babybasics-export\",\n  \"version\": 1,,\n}",
         #"export.json: line 2, column 16: not valid JSON: expected a key in double quotes, found ",""#),
        ("{\"format\": \"babybasics-export\",\n  \"events\": [", "export.json: line 2, column 14: not valid JSON: the file ends inside an array; it may have been cut short"),
        ("   \n", "export.json: the file is empty; expected a Baby Basics export (JSON)"),
        (#"[1, 2]"#,
         #"export.json: expected an object with "format": "babybasics-export" (a Baby Basics export), found an array"#),
        (#"{"format": "baby-buddy", "version": 1}"#,
         #"export.json: format: expected "babybasics-export", found "baby-buddy"; this is not a Baby Basics export file"#),
        (#"{"name": "shopping list"}"#,
         #"export.json: format: expected "babybasics-export", found no "format" key; this is not a Baby Basics export file"#),
        (#"{"format": "babybasics-export", "version": 2}"#,
         "export.json: version: this file is format version 2, but this build of bbreport reads version 1; update bbreport to read it"),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"feeding\", \"feeding_type\": \"breast\", \"started_at\": \"yesterday\"}]}",
         #"export.json: events[0].started_at: expected an ISO 8601 timestamp, found "yesterday""#),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"diaper\", \"diaper_type\": \"pee\"}]}",
         "export.json: events[0].occurred_at: missing; expected an ISO 8601 timestamp"),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"feeding\", \"started_at\": \"2026-11-21T03:10:00Z\", \"feeding_type\": \"formula\"}]}",
         #"export.json: events[0].feeding_type: expected "breast" or "bottle", found "formula""#),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"feeding\", \"started_at\": \"2026-11-21T03:10:00Z\", \"feeding_type\": \"bottle\", \"amount_ml\": \"ninety\"}]}",
         #"export.json: events[0].amount_ml: expected a number, found "ninety""#),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"sleep\", \"started_at\": 1700000000}]}",
         "export.json: events[0].started_at: expected an ISO 8601 timestamp, found 1700000000"),
        ("{\(minimalHeader), \"events\": [{\"id\": \"e\", \"child_id\": \"c\", \"type\": \"diaper\", \"occurred_at\": \"2026-11-21T03:10:00Z\", \"diaper_type\": null}]}",
         #"export.json: events[0].diaper_type: expected one of "pee", "poop", "both", "dry", found null"#),
        ("{\(minimalHeader), \"events\": [{\"child_id\": \"c\", \"type\": \"note\", \"occurred_at\": \"2026-11-21T03:10:00Z\", \"text\": \"x\"}]}",
         "export.json: events[0].id: missing; expected a non-empty string"),
        ("{\(minimalHeader), \"events\": [\"feeding\"]}",
         #"export.json: events[0]: expected an event object, found "feeding""#),
        ("{\(minimalHeader), \"events\": {}}",
         "export.json: events: expected an array of events, found an object"),
        (#"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [], "events": [], "settings": {"timezone": "Mars/Olympus_Mons"}}"#,
         #"export.json: settings.timezone: expected an IANA time zone such as "America/Chicago", found "Mars/Olympus_Mons""#),
        (#"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [], "events": [], "settings": {"day_start": "7am"}}"#,
         #"export.json: settings.day_start: expected a time as HH:MM (24-hour clock), found "7am""#),
        (#"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z", "children": [{"id": "c", "name": "Ava", "date_of_birth": "08/01/2026"}], "events": []}"#,
         #"export.json: children[0].date_of_birth: expected a date as YYYY-MM-DD, found "08/01/2026""#),
    ])
    func decodingErrors(json: String, message: String) {
        #expect(throws: SourceError.self) {
            try ExportReader.decode(Data(json.utf8), file: "export.json")
        }
        do {
            _ = try ExportReader.decode(Data(json.utf8), file: "export.json")
        } catch {
            #expect(error.description == message)
        }
    }

    static let header = #"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z""#

    @Test("JSON is read strictly, and every problem names its place", arguments: [
        (header + #", "children": [], "events": [],}"#,
         #"export.json: line 1, column 115: not valid JSON: a comma before "}" (JSON allows none there)"#),
        (header + #", "children": [], "events": [1,]}"#,
         #"export.json: line 1, column 115: not valid JSON: a comma before "]" (JSON allows none there)"#),
        ("null", #"export.json: expected an object with "format": "babybasics-export" (a Baby Basics export), found null"#),
        ("12", #"export.json: expected an object with "format": "babybasics-export" (a Baby Basics export), found 12"#),
        (#"{"format": "babybasics-export", "version": 1e400}"#,
         "export.json: version: the number 1e400 is too large to be a value (line 1, column 44)"),
        (header + #", "children": [], "events": [{"amount_ml": -1E+999}]}"#,
         "export.json: events[0].amount_ml: the number -1E+999 is too large to be a value (line 1, column 127)"),
        (header + #", "children": [], "events": [{"amount_ml": 1e-400}]}"#,
         "export.json: events[0].amount_ml: the number 1e-400 is too small to be a value (line 1, column 127)"),
        (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
         "export.json: line 1, column 65: nested more than 64 levels deep; no export is nested so deeply"),
        ("{\"format\": \"baby\u{1F}\"}", "export.json: line 1, column 17: not valid JSON: a control character (0x1F) inside a string; write it as an escape such as \\n"),
        ("{\"format\": \"a long format name, longer than a word or two\u{1B}[2J\"}",
         "export.json: line 1, column 58: not valid JSON: a control character (0x1B) inside a string; write it as an escape such as \\n"),
        (header + #", "children": [], "events": [{"id": "a", "future": {"a": 1, "b": 1e400}}]}"#,
         "export.json: events[0].future.b: the number 1e400 is too large to be a value (line 1, column 149)"),
        (header + #", "children": [], "events": [{"id": "a", "future": {"a": 1}, "amount_ml": 1e400}]}"#,
         "export.json: events[0].amount_ml: the number 1e400 is too large to be a value (line 1, column 158)"),
        (#"{"format": "babybasics-export"} x"#, #"export.json: line 1, column 33: not valid JSON: more text after the end of the document ("x")"#),
        (#"{"format": 'x'}"#, #"export.json: line 1, column 12: not valid JSON: expected a value, found "'""#),
        (#"{"format": "\ud800"}"#, #"export.json: line 1, column 19: not valid JSON: \uD800 is half of a character with no second half"#),
        (#"{"format": "\q"}"#, #"export.json: line 1, column 14: not valid JSON: "\q" is not an escape JSON knows"#),
        (#"{"version": 01}"#, "export.json: line 1, column 14: not valid JSON: a number may not start with 0 (01)"),
        (#"{"version": tru}"#, #"export.json: line 1, column 13: not valid JSON: expected a value, found "tru""#),
        (#"{"version": NaN}"#, #"export.json: line 1, column 13: not valid JSON: expected a value, found "NaN""#),
        (header.replacingOccurrences(of: "2026-11-21", with: "9999-01-01") + #", "children": [], "events": []}"#,
         #"export.json: exported_at: expected a time from 2000 to 2099, found "9999-01-01T22:00:00Z"; the export's own time cannot be read"#),
    ])
    func strictJSON(json: String, message: String) {
        do {
            _ = try ExportReader.decode(Data(json.utf8), file: "export.json")
            Issue.record("read \(json.prefix(80))")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("bytes that are not UTF-8 are named with their place", arguments: [
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], "export.json: line 1, column 7: not UTF-8 text: the byte 0xFF is not UTF-8; save the file as UTF-8"),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D], "export.json: line 1, column 7: not UTF-8 text: the byte 0xC0 is not UTF-8; save the file as UTF-8"),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D], "export.json: line 1, column 7: not UTF-8 text: the bytes starting with 0xED are not UTF-8; save the file as UTF-8"),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE2, 0x82], "export.json: line 1, column 7: not UTF-8 text: a UTF-8 character is cut off by the end of the file; save the file as UTF-8"),
    ] as [([UInt8], String)])
    func notUTF8(bytes: [UInt8], message: String) {
        do {
            _ = try ExportReader.decode(Data(bytes), file: "export.json")
            Issue.record("read bytes that are not UTF-8")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a key given twice is listed with its path; the first value is the one read")
    func duplicateKeys() throws {
        let json = Self.header + #", "children": [{"id": "c", "name": "Ava", "name": "Eve"}], "events": [], "events": [1]}"#
        let document = try ExportReader.decode(Data(json.utf8), file: "export.json")
        #expect(document.duplicateKeys == ["children[0].name", "events"])
        #expect(document.children.first?.name == "Ava")
        #expect(document.events.isEmpty)
    }

    @Test("only a regular file of a sane size is read", arguments: [
        ("/dev/null", "/dev/null: is a character device, not an export file"),
        ("/dev/zero", "/dev/zero: is a character device, not an export file"),
    ])
    func notAFile(path: String, message: String) {
        do {
            _ = try ExportReader.read(path: path)
            Issue.record("read \(path)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a named pipe is refused without waiting for a writer; a file past the limit unread")
    func pipeAndSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: FileInput.Problem.notRegular("a named pipe (FIFO)")) { try FileInput.read(pipe, limit: 100) }
        let big = folder.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: big, contents: Data(count: 101)))
        #expect(throws: FileInput.Problem.tooLarge(size: 101, limit: 100)) { try FileInput.read(big, limit: 100) }
        #expect(try FileInput.read(big, limit: 101).count == 101)
    }

    @Test("a file is read whole, whatever its size; one longer than it says (as /proc's are) to its end, or to the limit")
    func wholeFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 65_535, 65_536, 65_537, 300_001] {
            let path = folder.appendingPathComponent("\(size).json").path
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
            #expect(FileManager.default.createFile(atPath: path, contents: bytes))
            #expect(try FileInput.read(path, limit: size) == bytes)
            #expect(try FileInput.bytes(path, limit: size) == [UInt8](bytes))
            #expect(throws: FileInput.Problem.self) { try FileInput.bytes(path, limit: size - 1) }
        }
        // Says it is empty, holds a few hundred bytes: read to its end either way.
        let status = try FileInput.read("/proc/self/status", limit: 1 << 20)
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(throws: FileInput.Problem.self) { try FileInput.read("/proc/self/status", limit: 10) }
        #expect(String(decoding: try FileInput.bytes("/proc/self/status", limit: 1 << 20), as: UTF8.self).hasPrefix("Name:"))
        #expect(throws: FileInput.Problem.self) { try FileInput.bytes("/proc/self/status", limit: 10) }
        // Not a regular file, or not there.
        #expect(throws: FileInput.Problem.folder) { try FileInput.bytes(folder.path, limit: 1 << 20) }
        #expect(throws: FileInput.Problem.missing) { try FileInput.bytes(folder.path + "/none", limit: 1 << 20) }
    }

    @Test("a missing file and a folder are named as such")
    func fileProblems() {
        do {
            _ = try ExportReader.read(path: "/no/such/export.json")
            Issue.record("read a file that does not exist")
        } catch {
            #expect(error.description == "/no/such/export.json: no such file")
        }
        do {
            _ = try ExportReader.read(path: "/tmp")
            Issue.record("read a folder")
        } catch {
            #expect(error.description == "/tmp: is a folder, not an export file")
        }
    }

    @Test("written documents read back identically, with the family's offsets")
    func roundTrip() throws {
        let document = try ExportReader.decode(Data(Self.specExample.utf8), file: "export.json")
        let data = try ExportWriter.data(for: document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""started_at":"2026-11-21T03:10:00-06:00""#))
        #expect(text.contains(#""ended_at":null"#))
        let again = try ExportReader.decode(data, file: "again.json")
        #expect(again == document)
    }

    @Test("growth and health read and write back: the child's facts at birth and every new event type")
    func healthRoundTrip() throws {
        let text = #"""
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00Z",
         "children": [{"id": "c", "name": "Ava", "date_of_birth": "2026-08-01", "sex": "female", "gestational_age_weeks": 35.5,
                       "birth_weight_kg": 2.61, "birth_length_cm": 46, "birth_head_circumference_cm": 32.4}],
         "events": [
          {"id": "1", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T03:30:00-06:00", "diaper_type": "dry"},
          {"id": "2", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T04:30:00-06:00", "diaper_type": "poop", "stool_color": "pale"},
          {"id": "3", "child_id": "c", "type": "measurement", "occurred_at": "2026-11-21T09:00:00-06:00", "weight_kg": 5.92, "length_cm": 58.1},
          {"id": "4", "child_id": "c", "type": "temperature", "occurred_at": "2026-11-21T09:05:00-06:00", "celsius": 38.2},
          {"id": "5", "child_id": "c", "type": "medication", "occurred_at": "2026-11-21T09:10:00-06:00", "name": "Paracetamol", "dose": "2.5 ml"},
          {"id": "6", "child_id": "c", "type": "pumping", "started_at": "2026-11-21T10:00:00-06:00", "amount_ml": 110, "duration_minutes": 20, "side": "both"},
          {"id": "7", "child_id": "c", "type": "solids", "occurred_at": "2026-11-21T12:00:00-06:00", "food": "pear", "reaction": "loved it"},
          {"id": "8", "child_id": "c", "type": "tummy_time", "started_at": "2026-11-21T13:00:00-06:00", "duration_minutes": 6},
          {"id": "9", "child_id": "c", "type": "vaccination", "occurred_at": "2026-11-21T14:00:00-06:00", "name": "DTaP", "dose": "2"},
          {"id": "10", "child_id": "c", "type": "milestone", "occurred_at": "2026-11-21T15:00:00-06:00", "text": "Rolled over"},
          {"id": "11", "child_id": "c", "type": "medication", "occurred_at": "2026-11-21T16:00:00-06:00", "name": "Ibuprofen", "next_dose_interval_minutes": 360}
         ]}
        """#
        let document = try ExportReader.decode(Data(text.utf8), file: "health.json")
        let child = try #require(document.children.first)
        #expect(child.sex == .female && child.gestationalAgeWeeks == 35.5 && child.birthWeightKG == 2.61
                && child.birthLengthCM == 46 && child.birthHeadCircumferenceCM == 32.4)
        #expect(document.events.map(\.typeName) == ["diaper", "diaper", "measurement", "temperature", "medication", "pumping", "solids", "tummy_time",
                                                      "vaccination", "milestone", "medication"])
        #expect(document.events[8].kind == .vaccination(.init(occurredAt: ISO8601.instant(from: "2026-11-21T14:00:00-06:00")!, name: "DTaP", dose: "2")))
        #expect(document.events[9].kind == .milestone(.init(occurredAt: ISO8601.instant(from: "2026-11-21T15:00:00-06:00")!, text: "Rolled over")))
        guard case .medication(let ibuprofen) = document.events[10].kind else { Issue.record("not a medication"); return }
        #expect(ibuprofen.nextDoseIntervalMinutes == 360)
        guard case .diaper(let pale) = document.events[1].kind, case .pumping(let pumping) = document.events[5].kind else {
            Issue.record("not read as their types")
            return
        }
        #expect(pale.stoolColor == .pale && pumping.side == .both && pumping.amountML == 110)
        let again = try ExportReader.decode(try ExportWriter.data(for: document), file: "again.json")
        #expect(again == document)
        // A temperature without its reading is a wrong value, said as such.
        let broken = text.replacingOccurrences(of: #", "celsius": 38.2"#, with: "")
        #expect(throws: SourceError.self) { try ExportReader.decode(Data(broken.utf8), file: "health.json") }
    }

    @Test("crying decodes with an end, with minutes alone, or with neither, its note kept, and is written back as read")
    func crying() throws {
        let text = #"""
        {"format": "babybasics-export", "version": 1, "exported_at": "2026-11-21T22:00:00-06:00",
         "children": [{"id": "c", "name": "Ava"}],
         "events": [
          {"id": "1", "child_id": "c", "type": "crying", "started_at": "2026-11-21T18:00:00-06:00", "ended_at": "2026-11-21T18:40:00-06:00", "note": "after the bath"},
          {"id": "2", "child_id": "c", "type": "crying", "started_at": "2026-11-21T19:00:00-06:00", "duration_minutes": 25},
          {"id": "3", "child_id": "c", "type": "crying", "started_at": "2026-11-21T20:00:00-06:00"}
         ]}
        """#
        let document = try ExportReader.decode(Data(text.utf8), file: "crying.json")
        func at(_ text: String) -> Instant { ISO8601.instant(from: text)! }
        #expect(document.events.map(\.kind) == [
            .crying(.init(startedAt: at("2026-11-21T18:00:00-06:00"), endedAt: at("2026-11-21T18:40:00-06:00"), note: "after the bath")),
            .crying(.init(startedAt: at("2026-11-21T19:00:00-06:00"), durationMinutes: 25)),
            .crying(.init(startedAt: at("2026-11-21T20:00:00-06:00"))),
        ])
        guard case .crying(let typed) = document.events[1].kind else { Issue.record("not crying"); return }
        #expect(typed.end == at("2026-11-21T19:25:00-06:00"))
        let again = try ExportReader.decode(try ExportWriter.data(for: document), file: "again.json")
        #expect(again.events == document.events)
    }
}
