#if canImport(Glibc)
import Glibc
#endif

/// The three numbers that describe a measurement's distribution at one age (Cole's LMS
/// method, as the WHO standards use it): the skewness L (a Box-Cox power), the median M
/// and the coefficient of variation S.
public struct LMS: Sendable, Equatable {
    public let l: Double
    public let m: Double
    public let s: Double

    public init(l: Double, m: Double, s: Double) {
        self.l = l
        self.m = m
        self.s = s
    }

    /// How many standard deviations `value` is from the median.
    public func z(_ value: Double) -> Double {
        abs(l) < 1e-9 ? log(value / m) / s : (pow(value / m, l) - 1) / (l * s)
    }

    /// The value `z` standard deviations from the median: the curve of that z.
    public func value(atZ z: Double) -> Double {
        abs(l) < 1e-9 ? m * exp(s * z) : m * pow(1 + l * s * z, 1 / l)
    }

    /// The z-score with the WHO's restricted application beyond ±3 SD, for measurements
    /// whose distribution is skewed (weight): past the third SD curve, the distance is
    /// counted in units of the gap between the second and third SD curves, so that a
    /// very large or very small child is not pushed further out by the skew of the curve.
    public func restrictedZ(_ value: Double) -> Double {
        let z = self.z(value)
        if z > 3 {
            let third = self.value(atZ: 3)
            return 3 + (value - third) / (third - self.value(atZ: 2))
        }
        if z < -3 {
            let third = self.value(atZ: -3)
            return -3 + (value - third) / (self.value(atZ: -2) - third)
        }
        return z
    }

    /// Linear interpolation between `self` (at 0) and `next` (at 1), at `fraction`.
    func interpolated(to next: LMS, at fraction: Double) -> LMS {
        LMS(l: l + (next.l - l) * fraction, m: m + (next.m - m) * fraction, s: s + (next.s - s) * fraction)
    }
}

/// Percentiles of the normal distribution.
public enum Percentile {
    /// The percentile of a z-score: the share of children of the same age and sex below
    /// it, 0–100.
    public static func of(z: Double) -> Double {
        50 * erfc(-z / 2.0.squareRoot())
    }

    /// `percentile` to one decimal as a doctor reads it: `0.4`, `50.0`, `97.0`; `<0.1` and
    /// `>99.9` at the ends, where one decimal would say 0 or 100.
    /// `decimal` writes a number to one decimal (a locale's mark, say).
    public static func text(_ percentile: Double, decimal: (Double) -> String = Percentile.oneDecimal) -> String {
        let tenths = (percentile * 10).rounded()
        if tenths < 1 { return "<" + decimal(0.1) }
        if tenths > 999 { return ">" + decimal(99.9) }
        return decimal(tenths / 10)
    }

    /// `42.1`, with a point.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
