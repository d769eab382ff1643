/// Reading and writing ISO 8601 timestamps (`2026-11-21T03:10:00-06:00`, `…00.250Z`).
public enum ISO8601 {
    /// The instant named by `text`, or nil when it is not a complete ISO 8601 timestamp
    /// with date, time to the second (fractional seconds allowed) and an offset or `Z`.
    public static func instant(from text: some StringProtocol) -> Instant? {
        instant(utf8: Array(text.utf8))
    }

    /// The instant named by the UTF-8 text `bytes`, as `instant(from:)` reads it: for a
    /// reader holding the bytes, with no string made for them.
    public static func instant(utf8 bytes: [UInt8]) -> Instant? {
        guard bytes.count >= 20,
              let date = LocalDate(bytes: bytes[0..<10]),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = Digits.value(bytes[11..<13]), hour < 24,
              let minute = Digits.value(bytes[14..<16]), minute < 60,
              let second = Digits.value(bytes[17..<19]), second < 60 else { return nil }

        var index = 19
        var millisecond = 0
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start, index - start <= 9 else { return nil }
            // Keep milliseconds; finer digits are dropped (truncated, never rounded up a day).
            let kept = bytes[start..<min(index, start + 3)]
            millisecond = Digits.value(kept)! * [100, 10, 1][kept.count - 1]
        }

        guard let offsetSeconds = offset(bytes[index...]) else { return nil }
        let local = LocalDateTime(
            date: date,
            millisecondOfDay: ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
        )
        return Instant(milliseconds: local.millisecondsSinceEpoch - Int64(offsetSeconds) * 1000)
    }

    /// `instant` as read in `zone`, e.g. `2026-11-21T07:00:00-06:00`; milliseconds are
    /// written only when there are any.
    public static func string(from instant: Instant, in zone: Zone) -> String {
        string(from: instant, offsetSeconds: zone.offsetSeconds(at: instant))
    }

    /// `instant` written with a fixed offset east of UTC; offset zero is written `Z`
    /// only when `zulu` is set, otherwise `+00:00`.
    public static func string(from instant: Instant, offsetSeconds: Int, zulu: Bool = false) -> String {
        let local = LocalDateTime(millisecondsSinceEpoch: instant.milliseconds + Int64(offsetSeconds) * 1000)
        let minutes = abs(offsetSeconds) / 60
        guard (0...9999).contains(local.date.year), minutes < 100 * 60 else {
            return spelledOut(local, offsetSeconds: offsetSeconds, zulu: zulu)
        }
        // Written byte by byte into the string's own storage (a timestamp was some thirty
        // small strings joined).
        let fraction = local.millisecond == 0 ? 0 : 4
        let suffix = offsetSeconds == 0 && zulu ? 1 : 6
        return String(unsafeUninitializedCapacity: 19 + fraction + suffix) { buffer in
            local.date.write(into: buffer)
            buffer[10] = UInt8(ascii: "T")
            Digits.write(local.hour, 2, into: buffer, at: 11)
            buffer[13] = UInt8(ascii: ":")
            Digits.write(local.minute, 2, into: buffer, at: 14)
            buffer[16] = UInt8(ascii: ":")
            Digits.write(local.second, 2, into: buffer, at: 17)
            if fraction > 0 {
                buffer[19] = UInt8(ascii: ".")
                Digits.write(local.millisecond, 3, into: buffer, at: 20)
            }
            let end = 19 + fraction
            if suffix == 1 {
                buffer[end] = UInt8(ascii: "Z")
            } else {
                buffer[end] = offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                Digits.write(minutes / 60, 2, into: buffer, at: end + 1)
                buffer[end + 3] = UInt8(ascii: ":")
                Digits.write(minutes % 60, 2, into: buffer, at: end + 4)
            }
            return end + suffix
        }
    }

    /// What `string(from:offsetSeconds:zulu:)` writes, for a year or offset too wide for its buffer.
    static func spelledOut(_ local: LocalDateTime, offsetSeconds: Int, zulu: Bool) -> String {
        var text = "\(local.date)T\(Digits.padded(local.hour, 2)):\(Digits.padded(local.minute, 2)):\(Digits.padded(local.second, 2))"
        if local.millisecond != 0 {
            text += "." + Digits.padded(local.millisecond, 3)
        }
        if offsetSeconds == 0 && zulu {
            return text + "Z"
        }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let minutes = abs(offsetSeconds) / 60
        return text + "\(sign)\(Digits.padded(minutes / 60, 2)):\(Digits.padded(minutes % 60, 2))"
    }

    /// Seconds east of UTC for `Z`, `±HH:MM`, `±HHMM` or `±HH`; nil for anything else.
    private static func offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let sign = bytes.first else { return nil }
        if (sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z")) && bytes.count == 1 { return 0 }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        // `±HH`, `±HHMM` or `±HH:MM`.
        let start = bytes.startIndex
        let minutesAt: Int?
        switch bytes.count {
        case 3: minutesAt = nil
        case 5: minutesAt = start + 3
        case 6 where bytes[start + 3] == UInt8(ascii: ":"): minutesAt = start + 4
        default: return nil
        }
        guard let hours = Digits.value(bytes[(start + 1)..<(start + 3)]), hours <= 18 else { return nil }
        let minutes = minutesAt.map { Digits.value(bytes[$0..<($0 + 2)]) } ?? 0
        guard let minutes, minutes < 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}
