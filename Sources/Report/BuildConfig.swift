import Foundation
import Export
import Servers
import Theme
import Timekeeping
import Wording
import Yams

/// A configuration file (YAML): every build option has a key. Values here give way to
/// flags and win over the export's own settings. Relative paths are relative to the file.
public struct BuildConfig: Sendable {
    public var input: String?
    public var server: URL?
    public var tokenFile: String?
    public var output: String?
    public var timezone: Zone?
    public var dayStart: TimeOfDay?
    public var napStartMin: TimeOfDay?
    public var napStartMax: TimeOfDay?
    public var volume: VolumeUnit?
    public var weight: WeightUnit?
    public var length: LengthUnit?
    public var temperature: TemperatureUnit?
    /// `units:`, read as `volume:` as in earlier versions.
    public var units: VolumeUnit?
    public var language: String?
    public var languageFile: String?
    public var clock: Clock?
    public var palette: String?
    public var categories: String?
    public var iconStyle: String?
    public var scheme: Scheme?
    public var templates: String?
    public var visitFrom: LocalDate?
    public var visitTo: LocalDate?
    /// How many days the sleep diary shows.
    public var diaryDays: Int?
    public var paper: Paper?
    public var pdf: Bool?
    public var markdown: Bool?
    /// An encrypted archive (docs/safety.md), and the file holding its passphrase.
    public var encrypt: Bool?
    public var passphraseFile: String?
    public var retryBase: Double?
    public var timeout: Double?
    /// Where the morning message goes, as what, and the file holding its token.
    public var notify: URL?
    public var notifyFormat: NotifyOptions.Format?
    public var notifyTokenFile: String?
    /// Per-child looks, by child id or name.
    public var children: [String: ThemeRequest] = [:]
    /// Per-child sex and date of birth, by child id or name.
    public var childFacts: [String: ChildFacts] = [:]
    /// Only these children, by id or name.
    public var child: [String]?
    /// Only the days from `from` through `to`.
    public var from: LocalDate?
    public var to: LocalDate?
    /// Which kind of server `server` is, and Baby Buddy's amount unit.
    public var source: ServerSource?
    public var amountUnit: VolumeUnit?
    /// Where `serve` listens.
    public var port: Int?
    public var host: String?
    /// When `build --nightly` builds: the time of night in the family's zone.
    public var nightlyAt: TimeOfDay?

    public init() {}

    /// What the file says of the settings a build is decided by (``SettingLevels``);
    /// `units:` is read as `volume:`, as in earlier versions.
    public var level: SettingLevel {
        SettingLevel(zone: timezone, dayStart: dayStart, volume: volume ?? units, weight: weight, length: length, temperature: temperature,
                     napStartMin: napStartMin, napStartMax: napStartMax,
                     theme: ThemeRequest(palette: palette, categoryStrategy: categories, iconStyle: iconStyle),
                     language: language, languageFile: languageFile, clock: clock, paper: paper)
    }

    /// Every key a configuration file may hold, in the order docs/configuration.md lists them.
    public static let keys = ["input", "server", "source", "amount_unit", "token_file", "output", "timezone", "day_start", "nap_start_min",
                              "nap_start_max", "volume", "weight", "length", "temperature", "units", "language", "language_file", "clock", "palette", "categories", "icon_style", "scheme", "templates",
                              "visit_from", "visit_to", "diary_days", "paper", "pdf", "markdown", "retry_base", "timeout", "children",
                              "child", "from", "to", "port", "host", "nightly_at", "encrypt", "passphrase_file",
                              "notify", "notify_format", "notify_token_file"]
    static let childKeys = ["palette", "categories", "icon_style", "sex", "date_of_birth"]

    /// The configuration in the file at `path`.
    public static func load(path: String) throws(Diagnostic) -> BuildConfig {
        // A configuration is a few dozen lines; a megabyte is not one.
        let text = try SmallTextFile.read(path, kind: "configuration file")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let reader = ConfigReader(file: path, folder: folder)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw reader.syntaxError(error)
        } catch {
            throw Diagnostic(.error, "\(path): not readable as YAML (\(error))", exitStatus: ExitStatus.usage)
        }
        guard let root else { return BuildConfig() }
        return try reader.config(from: root)
    }
}

/// Reads a composed YAML tree into a ``BuildConfig``, with errors at file:line:col.
struct ConfigReader {
    let file: String
    let folder: URL

    func config(from root: Node) throws(Diagnostic) -> BuildConfig {
        guard let mapping = root.mapping else {
            throw error(at: root, "expected keys such as \"output: archive\" at the top of the file")
        }
        var config = BuildConfig()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw error(at: keyNode, "expected a key name") }
            switch key {
            case "input": config.input = try path(value)
            case "server": config.server = try url(value)
            case "source": config.source = try parsed(value, "babybasics or babybuddy") { ServerSource(rawValue: $0) }
            case "amount_unit": config.amountUnit = try parsed(value, "ml or oz") { VolumeUnit(rawValue: $0) }
            case "token_file": config.tokenFile = try path(value)
            case "output": config.output = try path(value)
            case "timezone": config.timezone = try parsed(value, "an IANA time zone such as \"America/Chicago\"") { Zone(identifier: $0) }
            case "day_start": config.dayStart = try time(value)
            case "nap_start_min": config.napStartMin = try time(value)
            case "nap_start_max": config.napStartMax = try time(value)
            case "volume": config.volume = try unit(value)
            case "weight": config.weight = try unit(value)
            case "length": config.length = try unit(value)
            case "temperature": config.temperature = try unit(value)
            case "units": config.units = try unit(value)
            case "language": config.language = try scalar(value, "a language code such as de or de-AT")
            case "language_file": config.languageFile = try path(value)
            case "clock": config.clock = try parsed(value, "24 or 12") { Clock(rawValue: $0) }
            case "palette": config.palette = try themeID(value, ThemeRequest(palette: value.string))
            case "categories": config.categories = try themeID(value, ThemeRequest(categoryStrategy: value.string))
            case "icon_style": config.iconStyle = try themeID(value, ThemeRequest(iconStyle: value.string))
            case "scheme": config.scheme = try parsed(value, "auto, light or dark") { Scheme(rawValue: $0) }
            case "templates": config.templates = try path(value)
            case "visit_from": config.visitFrom = try date(value)
            case "visit_to": config.visitTo = try date(value)
            case "diary_days": config.diaryDays = try parsed(value, "a number of days from 7 to 42") { Int($0).flatMap { BuildOptions.diaryDaysAllowed.contains($0) ? $0 : nil } }
            case "paper": config.paper = try parsed(value, "a4 or letter") { Paper(rawValue: $0.lowercased()) }
            case "pdf": config.pdf = try flag(value)
            case "markdown": config.markdown = try flag(value)
            case "encrypt": config.encrypt = try flag(value)
            case "passphrase_file": config.passphraseFile = try path(value)
            case "retry_base": config.retryBase = try seconds(value, in: ServerOptions.retryBaseRange)
            case "timeout": config.timeout = try seconds(value, in: ServerOptions.timeoutRange)
            case "children": (config.children, config.childFacts) = try children(value)
            case "child": config.child = try names(value)
            case "from": config.from = try date(value)
            case "to": config.to = try date(value)
            case "port": config.port = try parsed(value, "a port number from 0 to 65535") { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }
            case "host": config.host = try scalar(value, "an address to listen on, such as 127.0.0.1")
            case "nightly_at": config.nightlyAt = try time(value)
            case "notify": config.notify = try url(value)
            case "notify_format": config.notifyFormat = try parsed(value, "text or json") { NotifyOptions.Format(rawValue: $0.lowercased()) }
            case "notify_token_file": config.notifyTokenFile = try path(value)
            default: throw unknown(key, at: keyNode, known: BuildConfig.keys)
            }
        }
        return config
    }

    private func unit<Unit: NamedUnit>(_ node: Node) throws(Diagnostic) -> Unit {
        try parsed(node, Unit.choices) { Unit(named: $0) }
    }

    private func children(_ node: Node) throws(Diagnostic) -> ([String: ThemeRequest], [String: ChildFacts]) {
        guard let mapping = node.mapping else {
            throw error(at: node, "expected each child's id or name, with its palette, categories, icon_style, sex or date_of_birth")
        }
        var looks: [String: ThemeRequest] = [:], facts: [String: ChildFacts] = [:]
        for (keyNode, value) in mapping {
            guard let child = keyNode.string, let settings = value.mapping else {
                throw error(at: value, "expected the child's palette, categories, icon_style, sex or date_of_birth")
            }
            var request = ThemeRequest(), known = ChildFacts()
            for (settingNode, setting) in settings {
                switch settingNode.string {
                case "palette": request.palette = try themeID(setting, ThemeRequest(palette: setting.string))
                case "categories": request.categoryStrategy = try themeID(setting, ThemeRequest(categoryStrategy: setting.string))
                case "icon_style": request.iconStyle = try themeID(setting, ThemeRequest(iconStyle: setting.string))
                case "sex": known.sex = try parsed(setting, "female or male") { ChildSex(rawValue: $0.lowercased()) }
                case "date_of_birth": known.dateOfBirth = try date(setting)
                default: throw unknown(settingNode.string ?? "", at: settingNode, known: BuildConfig.childKeys)
                }
            }
            looks[child] = request
            if !known.isEmpty { facts[child] = known }
        }
        return (looks, facts)
    }

    // MARK: Values

    /// A name, or a list of names.
    private func names(_ node: Node) throws(Diagnostic) -> [String] {
        guard let sequence = node.sequence else { return [try scalar(node, "a child's name or id, or a list of them")] }
        var names: [String] = []
        for item in sequence {
            names.append(try scalar(item, "a child's name or id"))
        }
        return names
    }

    private func scalar(_ node: Node, _ expected: String) throws(Diagnostic) -> String {
        guard let scalar = node.scalar else { throw error(at: node, "expected \(expected), found \(found(node))") }
        return scalar.string
    }

    private func parsed<T>(_ node: Node, _ expected: String, _ parse: (String) -> T?) throws(Diagnostic) -> T {
        let text = try scalar(node, expected)
        guard let value = parse(text) else { throw error(at: node, "expected \(expected), found \"\(text)\"") }
        return value
    }

    private func path(_ node: Node) throws(Diagnostic) -> String {
        let text = try scalar(node, "a path")
        let expanded = (text as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : folder.appendingPathComponent(expanded).standardizedFileURL.path
    }

    private func url(_ node: Node) throws(Diagnostic) -> URL {
        try parsed(node, "a server address such as https://baby.example.org") { text in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else { return nil }
            return url
        }
    }

    private func time(_ node: Node) throws(Diagnostic) -> TimeOfDay {
        // YAML 1.1 reads 07:00 as the number 420 (sexagesimal); the scalar's text is kept.
        try parsed(node, "a time as HH:MM (24-hour clock), quoted, e.g. \"07:00\"") { TimeOfDay($0) }
    }

    private func date(_ node: Node) throws(Diagnostic) -> LocalDate {
        try parsed(node, "a date as YYYY-MM-DD") { LocalDate($0) }
    }

    private func flag(_ node: Node) throws(Diagnostic) -> Bool {
        try parsed(node, "true or false") { ["true": true, "false": false, "yes": true, "no": false][$0.lowercased()] }
    }

    private func seconds(_ node: Node, in range: ClosedRange<Double>) throws(Diagnostic) -> Double {
        try parsed(node, "a number of seconds from \(ServerOptions.text(range.lowerBound)) to \(ServerOptions.text(range.upperBound))") {
            Double($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    private func themeID(_ node: Node, _ request: ThemeRequest) throws(Diagnostic) -> String {
        let text = try scalar(node, "a name")
        if let problem = request.withoutUnknownIDs().unknown.first {
            throw error(at: node, problem.description)
        }
        return text
    }

    // MARK: Errors

    private func found(_ node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .alias: "an alias"
        }
    }

    private func unknown(_ key: String, at node: Node, known: [String]) -> Diagnostic {
        let nearest = known.min { distance(key, $0) < distance(key, $1) }
        let suggestion = nearest.flatMap { distance(key, $0) <= 2 ? "; did you mean \"\($0)\"?" : nil }
            ?? "; known keys: " + known.joined(separator: ", ")
        return error(at: node, "unknown key \"\(key)\"" + suggestion)
    }

    func error(at node: Node, _ message: String) -> Diagnostic {
        let location = node.mark.map { "\(file):\($0.line):\($0.column)" } ?? file
        return Diagnostic(.error, message, at: location, exitStatus: ExitStatus.usage)
    }

    func syntaxError(_ error: YamlError) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return Diagnostic(.error, "not valid YAML: \(problem)", at: "\(file):\(mark.line):\(mark.column)", exitStatus: ExitStatus.usage)
        default:
            return Diagnostic(.error, "not valid YAML (\(error))", at: file, exitStatus: ExitStatus.usage)
        }
    }

    /// Edit distance, for suggesting the key a typo meant.
    private func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
