import Timekeeping

/// Short clock labels for chart axes: `7a`, `1p`, `12a`, `7:30a`.
enum ChartText {
    static func hourLabel(_ local: LocalDateTime) -> String {
        let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
        let suffix = local.hour < 12 ? "a" : "p"
        return local.minute == 0 ? "\(hour12)\(suffix)" : "\(hour12):\(local.minute < 10 ? "0" : "")\(local.minute)\(suffix)"
    }

    /// `9:05 PM`.
    static func time(_ local: LocalDateTime) -> String {
        let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
        return "\(hour12):\(local.minute < 10 ? "0" : "")\(local.minute) \(local.hour < 12 ? "AM" : "PM")"
    }

    /// A number to a tenth, without `.0`: `52`, `52.5`.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
