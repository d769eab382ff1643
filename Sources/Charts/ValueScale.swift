/// A chart's axis of values (the comparison's and the trends' charts): its gridlines, its
/// foot and top, and how a value is written on it.
public struct ValueScale: Sendable {
    public let ticks: [Double]
    public let floor: Double
    public let ceiling: Double
    public let label: @Sendable (Double) -> String

    public init(ticks: [Double], floor: Double = 0, ceiling: Double, label: @escaping @Sendable (Double) -> String) {
        self.ticks = ticks
        self.floor = floor
        self.ceiling = ceiling
        self.label = label
    }

    /// From zero up past `highest` in steps of `step(highest)`.
    public static func stepped(highest: Double, step: @Sendable (Double) -> Double, label: @escaping @Sendable (Double) -> String) -> ValueScale {
        let step = max(step(highest), .leastNonzeroMagnitude)
        let ceiling = max(step, (highest / step).rounded(.up) * step)
        return ValueScale(ticks: Array(stride(from: 0, through: ceiling + step / 2, by: step)), ceiling: ceiling, label: label)
    }
}
