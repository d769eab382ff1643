import Foundation

/// The unit in which volumes are displayed.
public enum VolumeUnit: String, Sendable, CaseIterable {
    case ml
    case oz
}

/// The unit in which weights are displayed: `6.42 kg` or `14 lb 2.5 oz`.
public enum WeightUnit: String, Sendable, CaseIterable {
    case kg
    case lb
}

/// The unit in which lengths are displayed.
public enum LengthUnit: String, Sendable, CaseIterable {
    case cm
    case `in`
}

/// The unit in which temperatures are displayed: `c` for °C, `f` for °F.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    case c
    case f
}

/// The units the pages show, each chosen apart; the data stays metric.
public struct Units: Sendable, Hashable {
    public var volume: VolumeUnit
    public var weight: WeightUnit
    public var length: LengthUnit
    public var temperature: TemperatureUnit

    public init(volume: VolumeUnit = .ml, weight: WeightUnit = .kg, length: LengthUnit = .cm, temperature: TemperatureUnit = .c) {
        self.volume = volume
        self.weight = weight
        self.length = length
        self.temperature = temperature
    }

    public static let metric = Units()
    /// Ounces, pounds, inches and °F.
    public static let us = Units(volume: .oz, weight: .lb, length: .in, temperature: .f)

    /// The units usual in `region` (an ISO 3166 code such as `US`), by ICU's measurement
    /// system: US units where it says the US system (the United States, Liberia), metric
    /// elsewhere and without a region.
    public static func usual(inRegion region: String?) -> Units {
        guard let region, region.count == 2 || region.count == 3, region.allSatisfy(\.isASCII) else { return .metric }
        return Locale(identifier: "und_" + region.uppercased()).measurementSystem == .us ? .us : .metric
    }

}

/// A unit as a family names it on the command line or in a configuration file: `oz`,
/// `LB`, `°F`.
public protocol NamedUnit: RawRepresentable<String>, CaseIterable {}

extension VolumeUnit: NamedUnit {}
extension WeightUnit: NamedUnit {}
extension LengthUnit: NamedUnit {}
extension TemperatureUnit: NamedUnit {}

extension NamedUnit {
    /// The unit `text` names, in any case, `°` allowed before a temperature's.
    public init?(named text: String) {
        self.init(rawValue: text.lowercased().replacingOccurrences(of: "°", with: ""))
    }

    /// `ml or oz`: what an error asks for.
    public static var choices: String {
        allCases.map(\.rawValue).joined(separator: " or ")
    }
}
