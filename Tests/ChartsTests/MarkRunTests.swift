@testable import Charts
import Testing

/// How a lane's marks are drawn when they crowd: smaller, then ticks, never moved.
@Suite struct MarkRunTests {
    @Test("marks apart are full icons; a crowd takes the icon that clears its closest pair; closer than the smallest icon, ticks")
    func runs() {
        #expect(MarkRun.runs([10, 40, 70], size: 17) == [MarkRun(indices: 0..<1, iconSize: 17), MarkRun(indices: 1..<2, iconSize: 17),
                                                       MarkRun(indices: 2..<3, iconSize: 17)])
        #expect(MarkRun.runs([10, 24, 39, 80], size: 17) == [MarkRun(indices: 0..<3, iconSize: 13), MarkRun(indices: 3..<4, iconSize: 17)])
        #expect(MarkRun.runs([10, 18, 26], size: 19) == [MarkRun(indices: 0..<3, iconSize: nil)])
    }

    @Test("marks under a point apart are one spot, counted; the next a point on starts another")
    func spots() {
        #expect(MarkSpot.spots([10, 10.4, 10.9, 12, 40]) == [MarkSpot(x: 10, indices: 0..<3), MarkSpot(x: 12, indices: 3..<4), MarkSpot(x: 40, indices: 4..<5)])
        #expect(MarkSpot.spots([]) == [])
    }
}
