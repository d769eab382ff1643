import Testing
@testable import Importers

@Suite struct CSVTableTests {
    @Test("quoted cells, doubled quotes, line breaks inside quotes, CRLF, a byte-order mark, ragged rows and blank lines")
    func reads() throws {
        let text = "\u{FEFF}\"Type\",\"Notes\",\r\n\"Feed\",\"say \"\"hi\"\"\"\r\n\r\nSleep,\"two\nlines\",extra\nDiaper\n"
        let table = try CSVTable(text: text)
        #expect(table.header == ["Type", "Notes"])
        #expect(table.rows.map(\.line) == [2, 4, 6])
        #expect(table.rows[0].cells == ["Feed", "say \"hi\""])
        #expect(table.rows[1].cells == ["Sleep", "two\nlines", "extra"])
        #expect(table.rows[2][table.column("notes")] == "")
    }

    @Test("an empty file and a quote never closed are problems with their line")
    func problems() {
        #expect(throws: CSVTable.Problem.empty) { try CSVTable(text: "") }
        #expect(throws: CSVTable.Problem.unclosedQuote(line: 3)) { try CSVTable(text: "a,b\n1,2\n3,\"four\n") }
    }
}
