import Dataset
import Export
import Report
import Testing
import Theme
import Timekeeping
import Wording

/// The one order every setting is decided by: a flag, else the configuration file, else the
/// export, else what is usual in the language's region, else the default.
@Suite struct SettingLevelsTests {
    /// A setting: two values it can take, how a level says each, and where to read it.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let values: (a: String, b: String)
        /// Says value `a` (true) or `b` (false) at a level.
        let say: @Sendable (inout SettingLevel, Bool) -> Void
        /// Whether the export can say it.
        let inExport: Bool
        /// A region whose usual value is `a`, and one whose usual value is `b`, where the
        /// region has a word on it.
        let regions: (a: String, b: String)?
        let defaultValue: String
        let read: @Sendable (DecidedSettings) -> String
        var testDescription: String { name }
    }

    static let berlin = Zone(identifier: "Europe/Berlin")!
    static let tokyo = Zone(identifier: "Asia/Tokyo")!

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

    static let rows: [Row] = [
        Row(name: "zone", values: ("Europe/Berlin", "Asia/Tokyo"), say: { $0.zone = $1 ? berlin : tokyo }, inExport: true, regions: nil,
            defaultValue: Zone.current.identifier, read: { $0.settings.zone.identifier }),
        Row(name: "day start", values: ("05:00", "07:00"), say: { $0.dayStart = time($1 ? "05:00" : "07:00") }, inExport: true, regions: nil,
            defaultValue: "00:00", read: { $0.settings.dayStart.description }),
        Row(name: "volume", values: ("oz", "ml"), say: { $0.volume = $1 ? .oz : .ml }, inExport: true, regions: ("US", "DE"),
            defaultValue: "ml", read: { $0.settings.units.volume.rawValue }),
        Row(name: "weight", values: ("lb", "kg"), say: { $0.weight = $1 ? .lb : .kg }, inExport: false, regions: ("US", "DE"),
            defaultValue: "kg", read: { $0.settings.units.weight.rawValue }),
        Row(name: "length", values: ("in", "cm"), say: { $0.length = $1 ? .in : .cm }, inExport: false, regions: ("LR", "GB"),
            defaultValue: "cm", read: { $0.settings.units.length.rawValue }),
        Row(name: "temperature", values: ("f", "c"), say: { $0.temperature = $1 ? .f : .c }, inExport: false, regions: ("US", "JP"),
            defaultValue: "c", read: { $0.settings.units.temperature.rawValue }),
        Row(name: "nap start", values: ("05:00", "07:00"), say: { $0.napStartMin = time($1 ? "05:00" : "07:00") }, inExport: false, regions: nil,
            defaultValue: "06:00", read: { $0.settings.napStartMin.description }),
        Row(name: "night start", values: ("19:00", "20:00"), say: { $0.napStartMax = time($1 ? "19:00" : "20:00") }, inExport: false, regions: nil,
            defaultValue: "18:00", read: { $0.settings.napStartMax.description }),
        Row(name: "palette", values: ("ocean-calm", "warm-nightlight"), say: { $0.theme.palette = $1 ? "ocean-calm" : "warm-nightlight" },
            inExport: true, regions: nil, defaultValue: "-", read: { $0.theme.palette ?? "-" }),
        Row(name: "categories", values: ("desaturated-jewel", "muted-earth"), say: { $0.theme.categoryStrategy = $1 ? "desaturated-jewel" : "muted-earth" },
            inExport: true, regions: nil, defaultValue: "-", read: { $0.theme.categoryStrategy ?? "-" }),
        Row(name: "icon style", values: ("filled", "tinted"), say: { $0.theme.iconStyle = $1 ? "filled" : "tinted" },
            inExport: true, regions: nil, defaultValue: "-", read: { $0.theme.iconStyle ?? "-" }),
        // The default paper is the zone's (A4 in Berlin, which every paper row's export names).
        Row(name: "paper", values: ("letter", "a4"), say: { $0.paper = $1 ? .letter : .a4 }, inExport: false, regions: ("MX", "FR"),
            defaultValue: "a4", read: { $0.paper.rawValue }),
    ]

    enum Level: CaseIterable { case flags, config, export, region }

    /// The settings decided when `level` says `row`'s value `a` (or `b`, with `a` false) and
    /// every level beneath says the other; the levels above are silent.
    static func decided(_ row: Row, saidAt level: Level, a: Bool) throws -> String {
        var levels = SettingLevels()
        var export = SettingLevel()
        if row.name == "paper" { export.zone = berlin }
        var region: String?
        let order = Level.allCases.drop { $0 != level }
        for below in order {
            let value = below == level ? a : !a
            switch below {
            case .flags: row.say(&levels.flags, value)
            case .config: row.say(&levels.config, value)
            case .export: if row.inExport { row.say(&export, value) }
            case .region: region = row.regions.map { value ? $0.a : $0.b }
            }
        }
        return row.read(try levels.decided(export: export, region: region))
    }

    @Test("each level wins over every level beneath it, for every setting", arguments: rows)
    func order(row: Row) throws {
        for level in Level.allCases {
            if level == .export && !row.inExport || level == .region && row.regions == nil { continue }
            #expect(try Self.decided(row, saidAt: level, a: true) == row.values.a, "\(row.name) said at \(level)")
            #expect(try Self.decided(row, saidAt: level, a: false) == row.values.b, "\(row.name) said at \(level), the other value")
        }
    }

    @Test("a setting no level says is the default", arguments: rows)
    func defaults(row: Row) throws {
        var export = SettingLevel()
        if row.name == "paper" { export.zone = Self.berlin }
        #expect(row.read(try SettingLevels().decided(export: export, region: nil)) == row.defaultValue)
    }

    @Test("the default paper is letter in a zone of the Americas; a region's paper wins over its zone's")
    func paperByZone() throws {
        var export = SettingLevel()
        export.zone = Zone(identifier: "America/Chicago")
        #expect(try SettingLevels().decided(export: export, region: nil).paper == .letter)
        #expect(try SettingLevels().decided(export: export, region: "DE").paper == .a4)
        #expect(try SettingLevels().decided(export: export, region: "US").paper == .letter)
    }

    @Test("the language: the flag, else the configuration file, else the environment, else US English")
    func language() throws {
        var levels = SettingLevels()
        let environment = ["LANG": "fr_FR.UTF-8"]
        #expect(try levels.languageRequest.resolve(environment: [:]).code == nil)
        #expect(try levels.languageRequest.resolve(environment: environment).code == "fr-FR")
        levels.config.language = "ja"
        levels.config.clock = .twelve
        #expect(try levels.languageRequest.resolve(environment: environment).code == "ja")
        levels.flags.language = "de-AT"
        let choice = try levels.languageRequest.resolve(environment: environment)
        #expect(choice.code == "de-AT" && choice.clock == .twelve)
        levels.flags.clock = .twentyFour
        #expect(try levels.languageRequest.resolve(environment: environment).clock == .twentyFour)
    }

    @Test("naps that would start after night sleep are refused, naming where each hour came from")
    func napCheck() {
        var levels = SettingLevels()
        levels.flags.napStartMin = Self.time("19:00")
        #expect(throws: Diagnostic.self) { try levels.checkNaps() }
        do { try levels.checkNaps() } catch {
            #expect(error.message.contains("19:00 (--nap-start-min)") && error.message.contains("18:00 (the default)"), "\(error.message)")
        }
        levels.config.napStartMax = Self.time("20:00")
        #expect(throws: Never.self) { try levels.checkNaps() }
        levels.flags.napStartMin = nil
        levels.config.napStartMin = Self.time("21:00")
        do { try levels.checkNaps() } catch {
            #expect(error.message.contains("21:00 (nap_start_min:)") && error.message.contains("20:00 (nap_start_max:)"), "\(error.message)")
        }
        #expect(throws: Diagnostic.self) { try levels.decided(export: SettingLevel(), region: nil) }
    }

    @Test("the zone another app's times are read in: the flag's, else the configuration file's")
    func givenZone() {
        var levels = SettingLevels()
        #expect(levels.givenZone == nil)
        levels.config.zone = Self.tokyo
        #expect(levels.givenZone == Self.tokyo)
        levels.flags.zone = Self.berlin
        #expect(levels.givenZone == Self.berlin)
    }
}
