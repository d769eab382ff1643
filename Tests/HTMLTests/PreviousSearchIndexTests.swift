import Foundation
@testable import HTML
import Pages
import Testing
import Timekeeping

@Suite struct PreviousSearchIndexTests {
    /// An index as the renderer writes it: two children, caregivers, notes with escapes.
    static let script = PreviousSearchIndex.opening + #"""

{"name":"Ava \"Bee\"","slug":"ava","first":"2026-11-01","days":3,"caregivers":["Mom","Dad \\o/"],"entries":[[0,[0],["Bath \"night\""],["Temperature 38.4 °C, fever"]],
[2,[1,0],[],[]]]},
{"name":"Leo","slug":"leo","first":"2026-10-30","days":5,"caregivers":[],"entries":[]}
]};

"""#

    @Test("an index as written is read back by child; any other first date, or any damage, reads as nothing to copy, never a crash")
    func readsBack() throws {
        let index = try #require(PreviousSearchIndex(Data(Self.script.utf8)))
        let slugs = ChildSlug.slugs(for: ["Ava", "Leo", "Mia"])
        #expect(index.days(of: slugs[0], first: LocalDate("2026-11-01")!) == 3)
        #expect(index.days(of: slugs[0], first: LocalDate("2026-10-31")!) == 0)
        #expect(index.days(of: slugs[1], first: LocalDate("2026-10-30")!) == 5)
        #expect(index.days(of: slugs[2], first: LocalDate("2026-10-30")!) == 0)
        let bytes = [UInt8](Self.script.utf8)
        for cut in 0..<bytes.count {
            #expect(PreviousSearchIndex(Data(bytes[..<cut])) == nil, "cut at \(cut)")
        }
        var state: UInt64 = 11
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<2 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                damaged[Int(state >> 33) % damaged.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            _ = PreviousSearchIndex(Data(damaged))
        }
        // A caregiver number past the list, or days out of order, is not an index as written.
        #expect(PreviousSearchIndex(Data(Self.script.replacingOccurrences(of: "[2,[1,0]", with: "[2,[2,0]").utf8)) == nil)
        #expect(PreviousSearchIndex(Data(Self.script.replacingOccurrences(of: "[2,[1,0]", with: "[0,[1,0]").utf8)) == nil)
    }
}
