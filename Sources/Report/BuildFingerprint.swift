import Archive
import Foundation
import Hashing
import HTML
import Export
import Theme

/// Everything a build's bytes depend on, hashed: this program, the input's bytes, every
/// option, and the templates. Two builds with the same fingerprint write the same archive,
/// so the second can stop as soon as it has compared fingerprints.
enum BuildFingerprint {
    static func make(input: Data, options: BuildOptions, templates: TemplateSources) -> String {
        let hashes = ([program, Data(describe(options).utf8)] + pieces(of: templates.texts)).map { ContentHash(file: $0) }
        return ContentHash(combining: hashes + [ContentHash(file: input)]).description
    }

    /// Everything but the input that shapes pages: while it stays the same, a page's key
    /// (what it shows, and its own template's digest) tells whether its bytes would change.
    /// Stylesheets and scripts are files of their own, and templates with a digest of their
    /// own (`pageTemplateDigests`) are in their pages' keys instead.
    static func render(options: BuildOptions, templates: Templates, pageTemplates own: [String: String]) -> String {
        let shared = templates.sources.filter { $0.name.hasSuffix(".mustache") && own[String($0.name.dropLast(".mustache".count))] == nil }
        return ContentHash(combining: [program, Data(describe(options).utf8)] + pieces(of: shared)).description
    }

    /// The kinds of pages about days, whose templates get a digest each.
    static let pageKinds = ["day", "week", "month"]

    /// Each day, week and month template's digest, by kind; empty when some template
    /// includes or extends one of them (`{{>day}}`), since a change to it would then reach
    /// other pages.
    static func pageTemplateDigests(_ templates: Templates) -> [String: String] {
        let named = Set(templates.references.values.joined().map(\.name))
        guard named.isDisjoint(with: pageKinds) else { return [:] }
        let texts = Dictionary(uniqueKeysWithValues: templates.sources.map { ($0.name, $0.text) })
        var digests: [String: String] = [:]
        for kind in pageKinds {
            digests[kind] = ContentHash(Data((texts[kind + ".mustache"] ?? "").utf8)).description
        }
        return digests
    }

    private static func pieces(of sources: [(name: String, text: String)]) -> [Data] {
        sources.flatMap { [Data($0.name.utf8), Data($0.text.utf8)] }
    }

    /// The running executable, by its file's identity and time (a rebuilt bbreport may lay
    /// pages out differently, and linking writes a new file): as a build tool tells a
    /// changed file, without reading twelve megabytes on every build.
    static let program: Data = {
        let path = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        var info = stat()
        guard stat(path, &info) == 0 else { return Data() }
        let identity = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
                        UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec)]
        return Data(identity.map(String.init).joined(separator: ":").utf8)
    }()

    static func describe(_ theme: ThemeRequest) -> String {
        "\(theme.palette ?? "")/\(theme.categoryStrategy ?? "")/\(theme.iconStyle ?? "")"
    }

    /// What `level` says, in a fixed order.
    static func describe(_ level: SettingLevel) -> String {
        let units = [level.volume?.rawValue, level.weight?.rawValue, level.length?.rawValue, level.temperature?.rawValue].map { $0 ?? "" }
        return ["zone=\(level.zone?.identifier ?? "")", "day-start=\(level.dayStart?.description ?? "")", "units=\(units)",
                "nap=\(level.napStartMin?.description ?? "")-\(level.napStartMax?.description ?? "")", "theme=\(describe(level.theme))",
                "paper=\(level.paper?.rawValue ?? "")"].joined(separator: " ")
    }

    /// Every option that shapes the output, in a fixed order.
    static func describe(_ options: BuildOptions) -> String {
        let visit = "visit=\(options.visitFrom?.description ?? "")..\(options.visitTo?.description ?? "") diary=\(options.diaryDays)"
        return [
            "flags: \(describe(options.levels.flags))", "config: \(describe(options.levels.config))",
            "scheme=\(options.scheme.rawValue)", visit,
            "pdf=\(options.pdf)", "markdown=\(options.markdown)",
            "children=\(options.children.joined(separator: "\u{1F}"))",
            "range=\(options.from?.description ?? "")..\(options.to?.description ?? "")",
            "language=\(options.language.identity)", "facts=\(options.givenFacts)", "sealed=\(options.sealedIdentity ?? "no")",
        ].joined(separator: "\n") + options.childFacts.keys.sorted().map { "\nfacts \($0)=\(options.childFacts[$0]!)" }.joined() + options.configChildren.keys.sorted().map { "\nchild \($0)=\(describe(options.configChildren[$0]!))" }.joined()
    }
}
