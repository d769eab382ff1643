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

    @Test("a quoted cell that runs across lines into text after its closing quote is a broken row, left out where it began; the rest is read")
    func quoteLeftOpen() throws {
        // `"oops,""` opens a quote that swallows the next line, closing in the middle of a cell on the third.
        let table = try CSVTable(text: "Baby,Time,Status,Note\nAva,\"1/13/26, 09:00\",Wet,\"oops,\"\"\nAva,\"1/13/26, 10:00\",Dirty,\nAva,\"1/13/26, 11:00\",Dry,\n")
        #expect(table.rows.map(\.line) == [4])
        #expect(table.brokenRows.map(\.line) == [2] && table.brokenRows.map(\.through) == [3])
        // A note over two lines, quoted as it should be, is one row.
        let fine = try CSVTable(text: "a,b\n1,\"two\nlines\"\n2,x\n")
        #expect(fine.rows.map(\.line) == [2, 4] && fine.brokenRows.isEmpty)
    }
}
