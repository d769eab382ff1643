import Export
import Timekeeping

/// The settings a report is computed with, each resolved from (highest first) the
/// command line, the configuration file, the export, and the defaults.
public struct Settings: Sendable, Equatable {
    public var zone: Zone
    /// When each child's day begins on the wall clock.
    public var dayStart: TimeOfDay
    /// The units the pages show.
    public var units: Units
    /// A sleep starting at or after this time (and before ``napStartMax``) is a nap.
    public var napStartMin: TimeOfDay
    /// A sleep starting at or after this time is night sleep.
    public var napStartMax: TimeOfDay
    /// The look chosen in the app, as identifiers still to be checked.
    public var theme: ExportTheme

    public init(zone: Zone = .current, dayStart: TimeOfDay = .midnight, units: Units = .metric,
                napStartMin: TimeOfDay = Settings.defaultNapStartMin, napStartMax: TimeOfDay = Settings.defaultNapStartMax,
                theme: ExportTheme = ExportTheme()) {
        self.zone = zone
        self.dayStart = dayStart
        self.units = units
        self.napStartMin = napStartMin
        self.napStartMax = napStartMax
        self.theme = theme
    }

    /// 06:00, as in Baby Buddy.
    public static let defaultNapStartMin = TimeOfDay(hour: 6, minute: 0)!
    /// 18:00, as in Baby Buddy.
    public static let defaultNapStartMax = TimeOfDay(hour: 18, minute: 0)!

    /// Whether a sleep starting at `time` of day is a nap.
    public func isNap(startingAt time: TimeOfDay) -> Bool {
        time >= napStartMin && time < napStartMax
    }
}

/// Settings given outside the export (flags or configuration); nil means "not said".
public struct SettingsOverrides: Sendable, Equatable {
    public var zone: Zone?
    public var dayStart: TimeOfDay?
    public var volume: VolumeUnit?
    public var weight: WeightUnit?
    public var length: LengthUnit?
    public var temperature: TemperatureUnit?
    /// The units of the family's region (from its language), beneath the export's.
    public var usualUnits: Units
    public var napStartMin: TimeOfDay?
    public var napStartMax: TimeOfDay?

    public init(zone: Zone? = nil, dayStart: TimeOfDay? = nil, volume: VolumeUnit? = nil, weight: WeightUnit? = nil,
                length: LengthUnit? = nil, temperature: TemperatureUnit? = nil, usualUnits: Units = .metric,
                napStartMin: TimeOfDay? = nil, napStartMax: TimeOfDay? = nil) {
        self.zone = zone
        self.dayStart = dayStart
        self.volume = volume
        self.weight = weight
        self.length = length
        self.temperature = temperature
        self.usualUnits = usualUnits
        self.napStartMin = napStartMin
        self.napStartMax = napStartMax
    }
}

extension Settings {
    /// The export's settings with `overrides` on top and defaults beneath: each unit from
    /// the flags, else the export (which names volumes only), else the family's region.
    public init(export: ExportSettings, overrides: SettingsOverrides) {
        self.init(
            zone: overrides.zone ?? export.timezone ?? .current,
            dayStart: overrides.dayStart ?? export.dayStart ?? .midnight,
            units: Units(volume: overrides.volume ?? export.units ?? overrides.usualUnits.volume,
                         weight: overrides.weight ?? overrides.usualUnits.weight,
                         length: overrides.length ?? overrides.usualUnits.length,
                         temperature: overrides.temperature ?? overrides.usualUnits.temperature),
            napStartMin: overrides.napStartMin ?? Settings.defaultNapStartMin,
            napStartMax: overrides.napStartMax ?? Settings.defaultNapStartMax,
            theme: export.theme ?? ExportTheme()
        )
    }
}
