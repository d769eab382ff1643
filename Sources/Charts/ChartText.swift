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

    /// Where a plot begins after labels written right-aligned before it: `base`, or more
    /// when a label in the language is wider than the room it leaves (`Mahlzeiten`).
    static func labelRoom(_ labels: [String], size: ChartSize, base: Double, gap: Double = 8) -> Double {
        let fontSize = size == .wide ? 12.7 : 13.5
        let widest = labels.map { estimatedWidth($0, fontSize: fontSize) }.max() ?? 0
        return max(base, (widest + gap).rounded(.up))
    }

    /// Where to centre a tick's `label` meant for `x`: there, or moved in just enough to be
    /// drawn whole inside the chart (`7 ص` at the right end is wider than `7a`).
    static func tickX(_ label: String, at x: Double, size: ChartSize) -> Double {
        // A short label's estimate runs short (digits are wider than half an em): a margin.
        let half = estimatedWidth(label, fontSize: size == .wide ? 12.7 : 13.5) * 1.15 / 2
        return min(max(x, half + 1), size.width - half - 1)
    }

    /// About how wide `text` is drawn at `fontSize` in a sans-serif face: capitals and
    /// ideographs wider than small letters, an Arabic letter standing alone (`ص` of `7 ص`)
    /// twice as wide as one joined in a word. An estimate, enough to keep a label inside.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        let scalars = Array(text.unicodeScalars)
        func isArabic(_ index: Int) -> Bool { scalars.indices.contains(index) && (0x0620...0x064A).contains(scalars[index].value) }
        return scalars.indices.reduce(0) { width, index in
            let scalar = scalars[index]
            // Wide enough for the widest common sans-serif (DejaVu Sans's digits are 0.64 em,
            // its small letters 0.6 on average): a label estimated short is cut at the edge.
            let em: Double = switch scalar.value {
            case 0x41...0x5A: 0.74
            case 0x30...0x39: 0.64
            case 0x61...0x7A: 0.6
            case 0x2C, 0x2E, 0x3A, 0x3B, 0x27, 0x2019: 0.33
            case 0x21...0x7E: 0.55
            case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60: 1.0
            case 0x0620...0x064A where !isArabic(index - 1) && !isArabic(index + 1): 1.2
            case 0x0600...0x06FF: 0.55
            case 0x20: 0.3
            default: scalar.properties.isUppercase ? 0.74 : 0.6
            }
            return width + em * fontSize
        }
    }

    /// A number to a tenth, without `.0`: `52`, `52.5`, `52,5`.
    static func tenths(_ value: Double) -> String {
        Language.current.formats.number(value)
    }
}
