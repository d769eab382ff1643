import Timekeeping
import Wording

/// Short clock labels for chart axes in the build's language: `7a`, `1p`, `7:30a` on a
/// 12-hour clock in English, `07`, `13`, `07:30` on a 24-hour one.
enum ChartText {
    static func hourLabel(_ local: LocalDateTime) -> String {
        let language = Language.current
        let formats = language.formats
        let minute = local.minute == 0 ? "" : ":" + formats.integer(local.minute / 10) + formats.integer(local.minute % 10)
        guard formats.usesTwelveHourClock else {
            return formats.integer(local.hour / 10) + formats.integer(local.hour % 10) + minute
        }
        let hour12 = local.hour % 12 == 0 ? 12 : local.hour % 12
        return language.text(local.hour < 12 ? "hour_label_am" : "hour_label_pm", ["hour": formats.integer(hour12) + minute])
    }

    /// `9:05 PM`, `21:05`.
    static func time(_ local: LocalDateTime) -> String {
        Language.current.formats.time(hour: local.hour, minute: local.minute)
    }

    /// A number to a tenth, without `.0`: `52`, `52.5`, `52,5`.
    static func tenths(_ value: Double) -> String {
        Language.current.formats.number(value)
    }
}
