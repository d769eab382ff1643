import Dataset
import Export
import Theme
import Timekeeping
import Wording

/// What one source says of the settings a build is made with — the command line, the
/// configuration file, the export, the family's region — nil where it is silent.
public struct SettingLevel: Sendable, Equatable {
    public var zone: Zone?
    public var dayStart: TimeOfDay?
    public var volume: VolumeUnit?
    public var weight: WeightUnit?
    public var length: LengthUnit?
    public var temperature: TemperatureUnit?
    public var napStartMin: TimeOfDay?
    public var napStartMax: TimeOfDay?
    public var theme = ThemeRequest()
    /// A language code (`de-AT`), a family's catalog, a clock: they make the language asked for.
    public var language: String?
    public var languageFile: String?
    public var clock: Clock?
    public var paper: Paper?

    public init(zone: Zone? = nil, dayStart: TimeOfDay? = nil, volume: VolumeUnit? = nil, weight: WeightUnit? = nil, length: LengthUnit? = nil,
                temperature: TemperatureUnit? = nil, napStartMin: TimeOfDay? = nil, napStartMax: TimeOfDay? = nil, theme: ThemeRequest = ThemeRequest(),
                language: String? = nil, languageFile: String? = nil, clock: Clock? = nil, paper: Paper? = nil) {
        (self.zone, self.dayStart, self.napStartMin, self.napStartMax) = (zone, dayStart, napStartMin, napStartMax)
        (self.volume, self.weight, self.length, self.temperature) = (volume, weight, length, temperature)
        (self.theme, self.language, self.languageFile, self.clock, self.paper) = (theme, language, languageFile, clock, paper)
    }

    /// This level's word on each setting, and `beneath`'s where it is silent.
    public func over(_ beneath: SettingLevel) -> SettingLevel {
        SettingLevel(zone: zone ?? beneath.zone, dayStart: dayStart ?? beneath.dayStart, volume: volume ?? beneath.volume,
                     weight: weight ?? beneath.weight, length: length ?? beneath.length, temperature: temperature ?? beneath.temperature,
                     napStartMin: napStartMin ?? beneath.napStartMin, napStartMax: napStartMax ?? beneath.napStartMax,
                     theme: ThemeRequest(palette: theme.palette ?? beneath.theme.palette,
                                         categoryStrategy: theme.categoryStrategy ?? beneath.theme.categoryStrategy,
                                         iconStyle: theme.iconStyle ?? beneath.theme.iconStyle),
                     language: language ?? beneath.language, languageFile: languageFile ?? beneath.languageFile,
                     clock: clock ?? beneath.clock, paper: paper ?? beneath.paper)
    }

    /// What the export says: its zone, day start, volume unit, and its look (`theme`, already
    /// rid of identifiers this build does not know).
    init(export: ExportSettings, theme: ThemeRequest) {
        zone = export.timezone
        dayStart = export.dayStart
        volume = export.units
        self.theme = theme
    }

    /// What is usual in `region` (an ISO 3166 code, from the language): its units
    /// (`US`: oz, lb, in, °F) and its paper (letter in the Americas' letter countries).
    /// Silent without a region.
    init(usualInRegion region: String?) {
        guard let region else { return }
        let units = Units.usual(inRegion: region)
        (volume, weight, length, temperature) = (units.volume, units.weight, units.length, units.temperature)
        paper = Paper.usual(inRegion: region)
    }
}

/// Every setting of a build, decided.
public struct DecidedSettings: Sendable, Equatable {
    /// The zone, day start, units and nap hours the days are computed with.
    public var settings: Settings
    /// The look asked for the whole family; children's own looks are ``ThemeResolution``'s.
    public var theme: ThemeRequest
    public var paper: Paper
}

/// The settings given outside the export — the flags and the configuration file — kept
/// apart, so that the export's can go between them and the defaults.
public struct SettingLevels: Sendable, Equatable {
    public var flags = SettingLevel()
    public var config = SettingLevel()

    public init(flags: SettingLevel = SettingLevel(), config: SettingLevel = SettingLevel()) {
        self.flags = flags
        self.config = config
    }

    /// Every setting by one order: a flag, else the configuration file, else the export,
    /// else what is usual in the language's region, else the default (the zone the machine
    /// is in; midnight; metric; naps 06:00–18:00; letter paper in a zone of the Americas,
    /// A4 elsewhere). The export's theme is checked before it comes here.
    public func decided(export: SettingLevel, region: String?) throws(Diagnostic) -> DecidedSettings {
        let level = flags.over(config).over(export).over(SettingLevel(usualInRegion: region))
        let defaults = Settings()
        let zone = level.zone ?? defaults.zone
        let settings = Settings(
            zone: zone, dayStart: level.dayStart ?? defaults.dayStart,
            units: Units(volume: level.volume ?? defaults.units.volume, weight: level.weight ?? defaults.units.weight,
                         length: level.length ?? defaults.units.length, temperature: level.temperature ?? defaults.units.temperature),
            napStartMin: level.napStartMin ?? defaults.napStartMin, napStartMax: level.napStartMax ?? defaults.napStartMax)
        try checkNaps()
        return DecidedSettings(settings: settings, theme: level.theme, paper: level.paper ?? Paper.usual(in: zone))
    }

    /// The zone the flags or the configuration file give: what another app's times, which
    /// carry none, are read in.
    public var givenZone: Zone? { flags.over(config).zone }

    /// The language asked for, by the same order (the export names none; without a flag or
    /// a key, the environment's — see ``LanguageRequest/resolve(environment:)``).
    public var languageRequest: LanguageRequest {
        let level = flags.over(config)
        return LanguageRequest(code: level.language, file: level.languageFile, clock: level.clock)
    }

    /// Checks that naps start before night sleep does, naming where each hour came from.
    public func checkNaps() throws(Diagnostic) {
        func decided(_ hour: KeyPath<SettingLevel, TimeOfDay?>, flag: String, key: String, default value: TimeOfDay) -> (TimeOfDay, String) {
            if let time = flags[keyPath: hour] { return (time, flag) }
            if let time = config[keyPath: hour] { return (time, key) }
            return (value, "the default")
        }
        let (low, lowFrom) = decided(\.napStartMin, flag: "--nap-start-min", key: "nap_start_min:", default: Settings.defaultNapStartMin)
        let (high, highFrom) = decided(\.napStartMax, flag: "--nap-start-max", key: "nap_start_max:", default: Settings.defaultNapStartMax)
        guard low >= high else { return }
        throw Diagnostic(.error, "naps must start before they stop being naps: the naps' start \(low) (\(lowFrom)) is not before night sleep's \(high) (\(highFrom))",
                         exitStatus: ExitStatus.usage)
    }
}
