import Export
import Growth
import Timekeeping

/// The signs of faltering growth NICE NG75 (*Faltering growth*, 2017, 1.2.8) names, for the
/// latest weight after the first two weeks: a fall across 1 or more centile spaces when the
/// birth weight was below the 9th centile, 2 or more between the 9th and 91st, 3 or more
/// above the 91st; and a weight below the 2nd centile whatever the birth weight. A centile
/// space is the two-thirds of a standard deviation between two lines of the UK-WHO charts
/// (0.4th, 2nd, 9th, 25th, 50th, 75th, 91st, 98th, 99.6th). Each sign names the weighings it
/// comes from. Context for the doctor, never a finding.
struct FalteringGrowth {
    static let centileSpace = 2.0 / 3
    /// The first days' loss and regain are the birth-weight course's, not this.
    static let fromDaysOld = 14

    let signs: [String]

    init(weights: GrowthSeries?, units: Units) {
        let points = (weights?.points ?? []).filter { $0.z != nil }
        guard let latest = points.last, let latestZ = latest.z, (latest.daysOld ?? 0) >= Self.fromDaysOld, latest.at != nil else {
            signs = []
            return
        }
        var signs: [String] = []
        let reference = points.first!
        let needed = Self.spacesNeeded(birthZ: reference.z!)
        // The fall from the highest weighing before it.
        if let highest = points.dropLast().max(by: { $0.z! < $1.z! }), highest.z! > latestZ {
            let spaces = Int(((highest.z! - latestZ) / Self.centileSpace + 1e-9).rounded(.down))
            if spaces >= needed {
                signs.append(Format.text("faltering_fall", [
                    "spaces": Format.language.formats.integer(spaces),
                    "from": Format.ordinal(highest.percentile!), "to": Format.ordinal(latest.percentile!),
                    "before": Self.weighing(highest, units: units), "after": Self.weighing(latest, units: units),
                    "needed": Format.language.formats.integer(needed), "band": Self.band(reference),
                ]))
            }
        }
        if latestZ < Percentile.z(of: 2) {
            signs.append(Format.text("faltering_below_2nd", ["weighing": Self.weighing(latest, units: units), "percentile": Format.percentile(latest.percentile!)]))
        }
        self.signs = signs
    }

    /// Centile spaces a fall must cross to be named, by the birth weight's centile.
    static func spacesNeeded(birthZ z: Double) -> Int {
        z < Percentile.z(of: 9) ? 1 : z > Percentile.z(of: 91) ? 3 : 2
    }

    /// `the birth weight at the 40th centile`, or the first weight's when no birth weight was logged.
    private static func band(_ reference: GrowthSeries.Point) -> String {
        let needed = spacesNeeded(birthZ: reference.z!)
        let key = needed == 1 ? "faltering_band_low" : needed == 3 ? "faltering_band_high" : "faltering_band_mid"
        return Format.text(key) + (reference.at == nil ? "" : Format.text("faltering_no_birth_weight", ["date": Format.dateWithYear(reference.date)]))
    }

    /// `6.10 kg on Nov 21, 2026`.
    private static func weighing(_ point: GrowthSeries.Point, units: Units) -> String {
        point.at == nil ? Format.text("faltering_at_birth", ["weight": Format.weight(kg: point.value, in: units.weight)])
            : Format.text("faltering_weighing", ["weight": Format.weight(kg: point.value, in: units.weight), "date": Format.dateWithYear(point.date)])
    }
}
