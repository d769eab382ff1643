import Foundation
import Export
import SQLiteFixtures
import Testing
import Timekeeping
@testable import Importers

/// The rules every importer follows, app by app: a cell that cannot be read is a warning
/// with file:line and column and the rest is read (1); a parent's note reaches the export
/// (4); the import ends with a summary per kind of row (5). Units (2) and the app's own
/// figures (3) are in each app's own tests.
@Suite struct ImportRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let kind: ImportKind
        let inputs: [ImportInput]
        /// The start of the warning for the cell that cannot be read.
        let warning: String
        /// Words a parent wrote in the file (a note, a reaction), to be found in the export.
        let note: String
        var testDescription: String { kind.appName }
    }

    static func text(_ name: String, _ text: String) -> ImportInput {
        ImportInput(name: name, content: .text(text))
    }

    static let daybook = """
        CREATE TABLE babies (uid TEXT NOT NULL DEFAULT '', name TEXT NOT NULL DEFAULT '', birthday INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE daily_actions (uid TEXT NOT NULL DEFAULT '', baby_uid TEXT NOT NULL DEFAULT '', type TEXT NOT NULL DEFAULT '',
          start_millis INTEGER NOT NULL DEFAULT 0, pee INTEGER NOT NULL DEFAULT 0, poo INTEGER NOT NULL DEFAULT 0,
          temperature REAL NOT NULL DEFAULT 0, notes TEXT NOT NULL DEFAULT '');
        INSERT INTO babies VALUES ('b1', 'Ava', 0);
        INSERT INTO daily_actions (uid, baby_uid, type, start_millis, temperature) VALUES ('a1', 'b1', 'temperature', 1738569600000, 'hot');
        INSERT INTO daily_actions (uid, baby_uid, type, start_millis, pee, notes) VALUES ('a2', 'b1', 'diaper_change', 1738573200000, 1, 'Rash starting');
        """

    static let cases: [Case] = [
        Case(kind: .huckleberry, inputs: [text("h.csv", "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nGrowth,2024-10-25 16:00,,,heavy,,,\nDiaper,2024-10-25 12:00,,,,,Pee,Rash starting\n")],
             warning: "h.csv:2: column \"Start Condition\": expected a weight", note: "Rash starting"),
        Case(kind: .babytracker, inputs: [text("diaper.csv", "Baby,Time,Status,Note\nAva,\"1/13/26, 09:00\",Soaked,\nAva,\"1/13/26, 10:00\",Wet,Rash starting\n")],
             warning: "diaper.csv:2: column \"Status\": expected Wet", note: "Rash starting"),
        Case(kind: .glow, inputs: [text("glow_feed_bottle.csv", "Time of feeding,Milk type,Amount(ml),Amount(oz)\n01/05/2026 7:00:00 AM,Formula,lots,\n"),
                                   text("glow_feed_solid.csv", "Time of feeding,Ingredients,Amount,Unit type,Baby's reaction\n01/05/2026 12:00:00 PM,Pear,20,g,Rash starting\n")],
             warning: "glow_feed_bottle.csv:2: column \"Amount(ml)\": expected an amount", note: "Rash starting"),
        Case(kind: .babyconnect, inputs: [text("bc.csv", "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n12/12/20 9:00 PM,,,Bottle,lots,,,,\n12/12/20 10:00 PM,,,Diaper,,Wet,,Rash starting,\n")],
             warning: "bc.csv:2: column \"Quantity\": expected an amount", note: "Rash starting"),
        Case(kind: .hatch, inputs: [text("hatch.csv", "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\nAva,01/02/2022 8:00 AM,,Feeding,,,soon,Left,,\nAva,01/02/2022 9:00 AM,,Diaper,,,,Wet,Rash starting,\n")],
             warning: "hatch.csv:2: column \"Duration\": expected a duration", note: "Rash starting"),
        Case(kind: .piyolog, inputs: [text("p.txt", "[PiyoLog]Jan 2024\n----------\nMon, 1 Jan 2024\nAva (0y1m0d)\n06:00   Formula lots\n07:00   Pee\n        Rash starting\n")],
             warning: "p.txt:5: expected an amount", note: "Rash starting"),
        Case(kind: .babydaybook, inputs: [ImportInput(name: "b.db", bytes: SQLiteFixture.database(daybook))!],
             warning: "b.db (daily_actions):1: column \"temperature\": expected a temperature", note: "Rash starting"),
        Case(kind: .feedbaby, inputs: [text("excretions.csv", "id, Time, Type, Notes\r\n2,10:00:00 03-13-2021,Pee,Rash starting\r\n1,09:00:00 03-13-2021,Soaked,\r\n")],
             warning: "excretions.csv:3: column \"Type\": expected Pee", note: "Rash starting"),
    ]

    @Test("every app: a cell that cannot be read is a warning with file:line and column, the rest is read, notes are kept, and a summary ends the import",
          arguments: cases)
    func rules(_ test: Case) throws {
        let result = try Importer.read(test.inputs, kind: nil, zone: Zone(identifier: "UTC")!, child: "Ava", birthday: nil)
        #expect(result.kind == test.kind)
        #expect(result.warnings.contains { $0.hasPrefix(test.warning) }, "\(result.warnings)")
        let export = String(decoding: try ExportWriter.data(for: result.document), as: UTF8.self)
        #expect(export.contains("\"\(test.note)\""))
        #expect(result.document.events.contains { if case .diaper = $0.kind { true } else if case .solids = $0.kind { true } else { false } })
        let files = Set(test.inputs.map(\.name))
        #expect(result.summary.contains { line in files.contains { line.hasPrefix($0) } } && result.summary.contains { $0.hasPrefix("  ") },
                "\(result.summary)")
    }
}
