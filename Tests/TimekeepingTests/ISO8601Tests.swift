import Testing
@testable import Timekeeping

@Suite struct ISO8601Tests {
    @Test("accepted timestamps", arguments: [
        ("2026-11-21T03:10:00-06:00", Int64(1_795_252_200_000)),
        ("2026-11-21T09:10:00Z", 1_795_252_200_000),
        ("2026-11-21T09:10:00.250Z", 1_795_252_200_250),
        ("2026-11-21T09:10:00.2Z", 1_795_252_200_200),
        ("2026-11-21T09:10:00.123456789+00:00", 1_795_252_200_123),
        ("2026-11-21T14:40:00+0530", 1_795_252_200_000),
        ("2026-11-21T10:10:00+01", 1_795_252_200_000),
        ("1969-12-31T23:59:59Z", -1000),
    ])
    func accepted(text: String, milliseconds: Int64) {
        #expect(ISO8601.instant(from: text)?.milliseconds == milliseconds)
    }

    @Test("rejected timestamps", arguments: [
        "yesterday", "", "2026-11-21", "2026-11-21T03:10-06:00", "2026-11-21T03:10:00",
        "2026-02-30T03:10:00Z", "2026-11-21T24:00:00Z", "2026-11-21T03:60:00Z",
        "2026-11-21T03:10:00.Z", "2026-11-21T03:10:00+25:00", "2026-11-21 03:10:00Z",
        "2026-11-21T03:10:00Zjunk", "2026-11-21T03:10:00-6:00",
    ])
    func rejected(text: String) {
        #expect(ISO8601.instant(from: text) == nil)
    }

    @Test("writes the zone's offset and milliseconds only when present")
    func writing() throws {
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        #expect(ISO8601.string(from: Instant(milliseconds: 1_795_252_200_000), in: chicago) == "2026-11-21T03:10:00-06:00")
        #expect(ISO8601.string(from: Instant(milliseconds: 1_795_252_200_250), offsetSeconds: 0, zulu: true) == "2026-11-21T09:10:00.250Z")
        #expect(ISO8601.string(from: Instant(milliseconds: 0), offsetSeconds: 19_800) == "1970-01-01T05:30:00+05:30")
    }
}
