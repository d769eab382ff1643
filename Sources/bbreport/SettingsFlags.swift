import ArgumentParser
import Export
import Report
import Timekeeping
import Wording

/// The flags that override the export's settings.
struct SettingsFlags: ParsableArguments {
    @Option(help: ArgumentHelp("The family's IANA time zone, e.g. America/Chicago.", valueName: "zone"),
            transform: SettingsFlags.zone)
    var timezone: Zone?

    @Option(name: .customLong("day-start"), help: ArgumentHelp("When the day begins, HH:MM (24-hour clock).", valueName: "time"),
            transform: SettingsFlags.time)
    var dayStart: TimeOfDay?

    @Option(help: ArgumentHelp("Volumes shown in ml or oz (default: the export's, else the region's; the data stays metric).", valueName: "ml|oz"),
            transform: SettingsFlags.unit)
    var volume: VolumeUnit?

    @Option(help: ArgumentHelp("Weights shown in kg or lb (default: the region's, from the language).", valueName: "kg|lb"),
            transform: SettingsFlags.unit)
    var weight: WeightUnit?

    @Option(help: ArgumentHelp("Lengths shown in cm or in (default: the region's).", valueName: "cm|in"),
            transform: SettingsFlags.unit)
    var length: LengthUnit?

    @Option(help: ArgumentHelp("Temperatures shown in °C or °F (default: the region's).", valueName: "c|f"),
            transform: SettingsFlags.unit)
    var temperature: TemperatureUnit?

    @Option(help: ArgumentHelp("The same as --volume, as in earlier versions: it no longer sets weights, lengths and temperatures.", valueName: "ml|oz"),
            transform: SettingsFlags.unit)
    var units: VolumeUnit?

    @Option(help: ArgumentHelp("The pages' language: en-US, en-GB, de, fr, es, ja, ar, with a region for its formats, e.g. de-AT (default: from LANG).",
                               valueName: "code"))
    var language: String?

    @Option(name: .customLong("language-file"), help: ArgumentHelp("Your own catalog of the pages' words, in the format of languages/en.yaml.", valueName: "file"))
    var languageFile: String?

    @Option(help: ArgumentHelp("Times on a 24- or 12-hour clock (default: the language's).", valueName: "24|12"),
            transform: SettingsFlags.clock)
    var clock: Clock?

    @Option(name: .customLong("nap-start-min"), help: ArgumentHelp("Sleeps starting at or after this time are naps (default 06:00).", valueName: "time"),
            transform: SettingsFlags.time)
    var napStartMin: TimeOfDay?

    @Option(name: .customLong("nap-start-max"), help: ArgumentHelp("Sleeps starting at or after this time are night sleep (default 18:00).", valueName: "time"),
            transform: SettingsFlags.time)
    var napStartMax: TimeOfDay?

    static func unit<Unit: NamedUnit>(_ text: String) throws -> Unit {
        guard let unit = Unit(named: text) else { throw ValidationError("'\(text)' is not a unit here; use \(Unit.choices)") }
        return unit
    }

    static func clock(_ text: String) throws -> Clock {
        guard let clock = Clock(rawValue: text.lowercased().replacingOccurrences(of: "h", with: "")) else {
            throw ValidationError("'\(text)' is not a clock; use 24 or 12")
        }
        return clock
    }

    /// What these flags say of the settings (the look and paper are other groups' flags).
    var level: SettingLevel {
        SettingLevel(zone: timezone, dayStart: dayStart, volume: volume ?? units, weight: weight, length: length, temperature: temperature,
                     napStartMin: napStartMin, napStartMax: napStartMax, language: language, languageFile: languageFile, clock: clock)
    }

    func validate() throws {
        if let volume, let units, volume != units {
            throw ValidationError("--units \(units.rawValue) and --volume \(volume.rawValue) say the same thing differently; give --volume only")
        }
    }

    static func zone(_ text: String) throws -> Zone {
        guard let zone = Zone(identifier: text) else {
            throw ValidationError("'\(text)' is not a time zone; use an IANA name such as America/Chicago or Europe/Berlin")
        }
        return zone
    }

    static func time(_ text: String) throws -> TimeOfDay {
        guard let time = TimeOfDay(text) else {
            throw ValidationError("'\(text)' is not a time; use HH:MM on the 24-hour clock, e.g. 07:00")
        }
        return time
    }
}
