import Testing
import Timekeeping
@testable import Importers

/// Mangled exports: every one is read or refused with a place, never a crash or a hang.
@Suite struct ImportFuzzTests {
    static let seed = """
        "Type","Start","End","Duration","Start Condition","Start Location","End Condition","Notes","Logged By"
        "Sleep","2025-11-02 01:40","2025-11-02 01:20","","","","","After\\nthe change","Mom"
        "Feed","2025-11-02 01:10","2025-11-02 01:25","00:15","00:15R","Breast","Null l","",""
        "Feed","2025-11-01 08:00","","00:10","Formula","Bottle","4oz","",""
        "Diaper","2025-11-01 04:00","","yellow","","","Both, pee:large poo:small","",""
        "Growth","2025-11-01 10:00","","","8 lb 4 oz","20.5in","38cm","",""
        "Temp","2025-11-01 16:00","","","99.5°F","","","",""
        """

    @Test("2,000 deterministic mutations of a Huckleberry export: read or refused with file and line")
    func mutations() {
        var state: UInt64 = 0x5EED_1234
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let pieces: [String] = ["\"", ",", "\n", "\r", ":", "R", "L", "oz", "ml", "-", "9", "\u{0}", "é", "°", "99999999999999999999", " "]
        let zone = Zone(identifier: "America/New_York")!
        for _ in 0..<2_000 {
            var scalars = Array(Self.seed.unicodeScalars)
            for _ in 0..<(1 + next() % 4) {
                let at = next() % (scalars.count + 1)
                switch next() % 3 {
                case 0 where at < scalars.count: scalars.remove(at: at)
                case 1: scalars.insert(contentsOf: pieces[next() % pieces.count].unicodeScalars, at: at)
                default: if at < scalars.count { scalars[at] = pieces[next() % pieces.count].unicodeScalars.first! }
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            do {
                let result = try Importer.read([("f.csv", String(text))], kind: .huckleberry, zone: zone, child: "Ava", birthday: nil)
                #expect(result.document.children.count == 1)
            } catch {
                #expect(error.file == "f.csv" && !error.message.isEmpty)
            }
        }
    }
}
