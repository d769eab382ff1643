import Export
import Pages
import Servers
import Sample
import Theme
import Timekeeping
import Wording

/// Paper for printing and for `visit.pdf`.
public enum Paper: String, Sendable, CaseIterable {
    case a4, letter

    /// Letter in the Americas, A4 elsewhere.
    public static func usual(in zone: Zone) -> Paper {
        zone.identifier.hasPrefix("America/") ? .letter : .a4
    }

    /// The paper of a region (`US`, `MX`: letter; CLDR's list), as a family chooses it
    /// with its language (`en-US`, `es-MX`).
    public static func usual(inRegion region: String) -> Paper {
        letterRegions.contains(region) ? .letter : .a4
    }

    /// Where letter paper is usual, by CLDR's supplemental data (`paperSize`).
    static let letterRegions: Set<String> = ["BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"]

    /// The CSS `@page` size.
    var cssSize: String { self == .a4 ? "A4" : "letter" }
}

/// Everything a build needs to know.
public struct BuildOptions: Sendable, Equatable {
    /// Where the data comes from.
    public enum Input: Sendable, Equatable {
        /// An export file at this path.
        case file(String)
        /// The sample that ships with bbreport.
        case bundledSample
        /// The family's server.
        case server(ServerOptions)
        /// Another app's export files.
        case imported(ImportOptions)

        public static func == (lhs: Input, rhs: Input) -> Bool {
            switch (lhs, rhs) {
            case let (.file(a), .file(b)): a == b
            case (.bundledSample, .bundledSample): true
            case let (.server(a), .server(b)): a.url == b.url
            case let (.imported(a), .imported(b)): a == b
            default: false
            }
        }
    }

    public var input: Input
    /// The archive folder.
    public var output: String
    /// The settings the flags and the configuration file give (zone, day start, units, nap
    /// hours, look, language, paper), decided with the export's by ``SettingLevels``.
    public var levels: SettingLevels
    public var scheme: Scheme
    /// A folder whose templates replace the built-in ones of the same name.
    public var templates: String?
    /// The visit summary's first and last day (default: the 14 days ending with the export's day).
    public var visitFrom: LocalDate?
    public var visitTo: LocalDate?
    /// How many days the sleep diary shows, ending with the visit summary's last.
    public var diaryDays = Site.defaultDiaryDays
    public static let defaultDiaryDays = Site.defaultDiaryDays
    public static let diaryDaysAllowed = Site.diaryDaysAllowed
    /// Also print each visit summary to `visit.pdf` with headless Chromium.
    public var pdf: Bool
    /// Also write each page's Markdown beside its HTML (`21.md` beside `21.html`).
    public var markdown = false
    /// Make and write every file, keeping nothing from the previous archive.
    public var clean = false
    /// Print every data warning in full, not the first few of each kind and a count.
    public var everyWarning = false
    /// Only these children, by id or name (all when empty).
    public var children: [String] = []
    /// Only the days from `from` through `to` (either end open).
    public var from: LocalDate?
    public var to: LocalDate?
    /// The configuration file's looks per child, by id or name. They give way to the
    /// flags' and win over the configuration's for everyone and the export's.
    public var configChildren: [String: ThemeRequest] = [:]
    /// Each child's sex and date of birth from the configuration file, by id or name.
    public var childFacts: [String: ChildFacts] = [:]
    /// The sex and date of birth given by flags (`--sex`, `--birthday`), for the child
    /// named by `--child` or the only one.
    public var givenFacts = ChildFacts()
    /// The pages' language, with its words and formats (US English unless chosen).
    public var language: LanguageChoice = .english
    /// How the family said the volume unit the way earlier versions read as every unit
    /// (`--units`, `units:`), for the note that it now sets volumes only.
    public var unitsSaidAs: String?
    /// Set for an encrypted archive: every file holding the family's data sealed with a key
    /// from this passphrase (docs/safety.md).
    public var passphrase: Passphrase?
    /// Where the morning message goes after a build that changed something (`--notify`).
    public var notify: NotifyOptions?
    /// What stands for the encrypted archive's key in the fingerprints, once chosen.
    var sealedIdentity: String?
    /// Set when the process ends right after the build (the command line): what the build
    /// made in memory is left for the exit to reclaim instead of being freed piece by piece,
    /// as compilers do.
    public var leavesMemoryToExit = false

    /// The archive folder when none is named, on the command line or in a configuration file.
    public static let defaultOutput = "output"

    public init(input: Input, output: String = defaultOutput, levels: SettingLevels = SettingLevels(), scheme: Scheme = .auto,
                templates: String? = nil, visitFrom: LocalDate? = nil, visitTo: LocalDate? = nil, pdf: Bool = false) {
        self.input = input
        self.output = output
        self.levels = levels
        self.scheme = scheme
        self.templates = templates
        self.visitFrom = visitFrom
        self.visitTo = visitTo
        self.pdf = pdf
    }

    /// The sample built when no input is given: two children over 300 days ending
    /// 2026-11-21, crossing both DST changes.
    public static let bundledSample = SampleOptions()

    /// What a build or serve says when it builds the bundled sample.
    public static var bundledSampleNote: Diagnostic {
        Diagnostic(.note, "no export file given: building the bundled sample (\(bundledSample.children) children, \(bundledSample.days) days)",
                   hint: "to build your own data, run `bbreport build path/to/export.json`")
    }
}

extension BuildOptions {
    /// The note for a family whose `--units oz` once set pounds, inches and °F as well,
    /// when some of those are now metric; nil otherwise.
    func unitsNote(_ units: Units) -> Diagnostic? {
        guard let said = unitsSaidAs, units.volume == .oz, units.weight == .kg || units.length == .cm || units.temperature == .c else { return nil }
        let volume = said == "--units" ? "--volume" : "volume:"
        return Diagnostic(.note, "\(said) oz sets volumes only (as \(volume) does): weights, lengths and temperatures are shown in \(units.weight.rawValue), \(units.length.rawValue) and °\(units.temperature.rawValue.uppercased())",
                          hint: "for pounds, inches and °F, add --weight lb --length in --temperature f (weight:, length:, temperature: in a configuration file)")
    }
}
