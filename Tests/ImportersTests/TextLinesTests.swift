import Testing
@testable import Importers

@Suite struct TextLinesTests {
    @Test("lines found one at a time are the lines split at once: LF, CR LF, a lone CR kept, empty lines and ends", arguments: [
        "", "a", "a\nb", "a\r\nb\r\n", "\n\n", "a\rb\nc", "[PiyoLog]\r\n\r\nSat, 1 Feb 2025\n03:00   Pee", "日本\r\n語\n",
    ])
    func sameAsSplit(text: String) {
        let split = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        #expect(text.lineByLine.map(String.init) == split)
        #expect(Array(text.lineByLine).count == Array(text.lineByLine).count, "read twice, the same lines")
    }
}
