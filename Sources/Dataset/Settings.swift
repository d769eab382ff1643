import Export
import Timekeeping

/// The settings a report is computed with; the defaults are the values of `Settings()`.
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

    public init(zone: Zone = .current, dayStart: TimeOfDay = .midnight, units: Units = .metric,
                napStartMin: TimeOfDay = Settings.defaultNapStartMin, napStartMax: TimeOfDay = Settings.defaultNapStartMax) {
        self.zone = zone
        self.dayStart = dayStart
        self.units = units
        self.napStartMin = napStartMin
        self.napStartMax = napStartMax
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

extension Settings {
    /// The export's own settings, the defaults where it is silent: what checking a file
    /// alone reads it with. A build decides its settings from every level (the flags, the
    /// configuration file, the export, the region, the defaults) in Report's `SettingLevels`.
    public init(export: ExportSettings) {
        self.init()
        zone = export.timezone ?? zone
        dayStart = export.dayStart ?? dayStart
        units.volume = export.units ?? units.volume
    }
}
