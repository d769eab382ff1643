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

    /// Every offset of up to six characters from an alphabet of signs, colons, digits and
    /// `Z`, read as the first reader did (it filtered the colons out into a new array).
    @Test("offsets are read as the first reader read them")
    func offsets() {
        func firstReader(_ text: String) -> Int? {
            let bytes = Array(text.utf8)[...]
            guard let sign = bytes.first else { return nil }
            if (sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z")) && bytes.count == 1 { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
            guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            let colons = bytes.count - 1 - digits.count
            guard digits.count == 2 || digits.count == 4,
                  colons == 0 || (colons == 1 && digits.count == 4 && bytes[bytes.startIndex + 3] == UInt8(ascii: ":")),
                  let hours = Int(String(decoding: digits.prefix(2), as: UTF8.self)), hours <= 18 else { return nil }
            let minutes = digits.count == 4 ? Int(String(decoding: digits.suffix(2), as: UTF8.self)) : 0
            guard let minutes, minutes < 60 else { return nil }
            return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes) * 60
        }
        let alphabet = ["+", "-", ":", "0", "1", "8", "9", "Z"]
        var offsets = [""]
        var checked = 0, accepted = 0
        for _ in 0..<6 {
            offsets = offsets.flatMap { text in alphabet.map { text + $0 } }
            for offset in offsets {
                let expected = firstReader(offset).map { 1_795_252_200_000 - Int64($0) * 1000 }
                let read = ISO8601.instant(from: "2026-11-21T09:10:00" + offset)?.milliseconds
                if read != expected {
                    Issue.record("\(offset): read \(String(describing: read)), expected \(String(describing: expected))")
                }
                checked += 1
                if expected != nil { accepted += 1 }
            }
        }
        #expect(checked > 250_000)
        #expect(accepted > 100)
    }

    @Test("timestamps written in place read as they were spelled out, over five thousand years, every offset and either zero")
    func writtenInPlace() {
        var state: UInt64 = 5
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        // From the year -1000 to 4000, milliseconds often zero; offsets of whole and odd minutes and seconds.
        let span: UInt64 = 5000 * 366 * 86_400_000
        let earliest: Int64 = -93_000_000_000_000
        for round in 0..<50_000 {
            var milliseconds = earliest + Int64(next() % span)
            if round % 3 > 0 { milliseconds -= milliseconds % 1000 }
            let offsets = [0, 3600, -21_600, 19_800, -12_600, 50_400, -43_200, 37, -21_036, Int(next() % 100_000) - 50_000]
            let offset = offsets[round % offsets.count]
            for zulu in [false, true] {
                let instant = Instant(milliseconds: milliseconds)
                let local = LocalDateTime(millisecondsSinceEpoch: milliseconds + Int64(offset) * 1000)
                let written = ISO8601.string(from: instant, offsetSeconds: offset, zulu: zulu)
                #expect(written == ISO8601.spelledOut(local, offsetSeconds: offset, zulu: zulu), "\(milliseconds) \(offset)")
                #expect(local.date.description == "\(Digits.padded(local.date.year, 4))-\(Digits.padded(local.date.month, 2))-\(Digits.padded(local.date.day, 2))")
            }
        }
    }

    @Test("writes the zone's offset and milliseconds only when present")
    func writing() throws {
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        #expect(ISO8601.string(from: Instant(milliseconds: 1_795_252_200_000), in: chicago) == "2026-11-21T03:10:00-06:00")
        #expect(ISO8601.string(from: Instant(milliseconds: 1_795_252_200_250), offsetSeconds: 0, zulu: true) == "2026-11-21T09:10:00.250Z")
        #expect(ISO8601.string(from: Instant(milliseconds: 0), offsetSeconds: 19_800) == "1970-01-01T05:30:00+05:30")
    }
}
