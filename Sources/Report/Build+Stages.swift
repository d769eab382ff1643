import Archive
import Dataset
import Days
import Foundation
import Hashing
import HTML
import Pages
import Speed
import Export
import Synchronization
import Theme
import Timekeeping
import Wording

/// The stages of a build, each a function of what the ones before gave, in the order
/// ``Report/build(_:progress:warn:)`` calls them. Work that overlaps on the other core is a
/// task started by one stage and awaited by a later one; a stage that gives up awaits the
/// tasks already started, so that none is left holding the output or its lock.
extension Report {
    /// How long each stage took, for `--verbose`.
    struct StageTimes {
        private let clock = ContinuousClock()
        let started: ContinuousClock.Instant
        private var lap: ContinuousClock.Instant
        private(set) var phases: [(String, Double)] = []

        init() {
            started = clock.now
            lap = started
        }

        mutating func mark(_ stage: String) {
            let now = clock.now
            phases.append((stage, (now - lap).seconds))
            lap = now
        }

        var elapsed: Double { (clock.now - started).seconds }
    }

    /// The templates: their sources, parsed on another core while the export is read (the
    /// built-in ones may be already). A template that cannot be used is the error reported,
    /// whatever else is wrong, so a stage that gives up asks for them first.
    struct TemplatesAside: Sendable {
        let sources: TemplateSources
        private let parsing: Task<Result<Templates, TemplateError>, Never>

        init(_ options: BuildOptions) throws(Diagnostic) {
            do {
                sources = try TemplateSources.load(overriding: options.templates)
            } catch {
                throw Diagnostic(error)
            }
            let sources = sources
            parsing = options.templates == nil ? Templates.builtIn
                : Templates.parsedAside { () throws(TemplateError) in try Templates(parsing: sources) }
        }

        func parsed() async throws(Diagnostic) -> Templates {
            switch await parsing.value {
            case .success(let templates): return templates
            case .failure(let error): throw Diagnostic(error)
            }
        }
    }

    /// The export as read: its bytes, its name in messages, the build's fingerprint and the
    /// previous build's index of its export.
    struct ReadExport: ~Copyable {
        let bytes: Data
        let name: String
        let fingerprint: String
        let previousIndex: ExportIndex?
    }

    /// Reads the input while the output is made ready; nil when the output was already built
    /// from the same input and options.
    static func readExport(_ options: BuildOptions, writer: ArchiveWriter, key: ArchiveKey?, templates: TemplatesAside,
                           progress: @escaping @Sendable (BuildProgress) -> Void, warn: (Diagnostic) -> Void) async throws(Diagnostic) -> ReadExport? {
        switch options.input {
        case .file, .bundledSample: break
        // Nothing is fetched or imported (with its warnings) for a build that cannot render.
        case .server, .imported: _ = try await templates.parsed()
        }
        // The output is made ready (its leftovers removed, its export index read) before an
        // export file is read, but whatever is wrong with the output is reported after what
        // is wrong with the input.
        let readied = if case .file = options.input { ready(writer, clean: options.clean, key: key) } else { nil as Result<ExportIndex?, ArchiveError>? }
        let bytes: Data, name: String
        do {
            (bytes, name) = try await read(options.input, progress: { progress(.fetching($0)) }, warn: warn)
        } catch {
            _ = try await templates.parsed()
            throw error
        }
        let fingerprint = BuildFingerprint.make(input: bytes, options: options, templates: templates.sources)
        let previousIndex: ExportIndex?
        switch readied ?? ready(writer, clean: options.clean, key: key) {
        case .success(let index): previousIndex = index
        case .failure(let error): throw Diagnostic(error)
        }
        if !options.clean, writer.isUpToDate(fingerprint: fingerprint) { return nil }
        return ReadExport(bytes: bytes, name: name, fingerprint: fingerprint, previousIndex: previousIndex)
    }

    /// The export decoded with the templates parsed, and the work started on the other
    /// core: which pages the previous build made the same way, and the export's index for
    /// the next build.
    struct Decoded {
        let name: String
        let fingerprint: String
        let sharedEvents: (shared: Int, readBack: Int)
        let knownIDs: KnownIDs?
        let templates: Templates
        let pageTemplates: [String: String]
        let renderFingerprint: String
        let reusableKeys: Task<[String: ContentHash], Never>
        let indexing: Task<Data?, Never>
    }

    static func decodeExport(_ input: consuming ReadExport, options: BuildOptions, writer: ArchiveWriter,
                             templates aside: TemplatesAside) async throws(Diagnostic) -> (Decoded, ExportDocument) {
        let name = input.name, fingerprint = input.fingerprint
        let reading: ExportReading
        do {
            // The export's bytes end with their decoding (mapped from the file, or memory
            // the validation and the days then take, when fetched or imported).
            reading = try decode(input.bytes, name: name, previous: input.previousIndex)
        } catch {
            _ = try await aside.parsed()
            throw error
        }
        let templates = try await aside.parsed()
        let pageTemplates = BuildFingerprint.pageTemplateDigests(templates)
        let renderFingerprint = BuildFingerprint.render(options: options, templates: templates, pageTemplates: pageTemplates)
        // Which pages the previous build made the same way: read (a stat of each file) on
        // the other core while the family is validated and its days worked out.
        let reusableKeys = Task.detached { [writer] in
            options.clean ? [:] : writer.reusableKeys(renderFingerprint: renderFingerprint)
        }
        let document = reading.document
        let shared = (reading.sharedEvents, reading.eventsReadBack), knownIDs = reading.knownIDs
        // The export's index for the next build, its bytes made there too (it reads only
        // what was decoded, and is dropped if the build gives up). The reading goes with
        // it, so that the previous index (megabytes) is freed once its records are copied.
        let indexing = Task.detached { [reading = consume reading] in reading.indexData() }
        return (Decoded(name: name, fingerprint: fingerprint, sharedEvents: shared, knownIDs: knownIDs,
                        templates: templates, pageTemplates: pageTemplates, renderFingerprint: renderFingerprint,
                        reusableKeys: reusableKeys, indexing: indexing), document)
    }

    /// The family validated, the children asked for, and the themes they are shown in.
    struct Checked {
        let family: Family
        let warnings: [DataWarning]
        let records: [ChildRecord]
        let themes: ThemeResolution
        let paper: Paper
        let eventCount: Int
    }

    /// The family validated with the settings decided from every level, the export's and
    /// `region`'s (the language's) among them.
    static func validateFamily(_ document: consuming ExportDocument, _ decoded: Decoded, options: BuildOptions, region: String?,
                               warn: (Diagnostic) -> Void) async throws(Diagnostic) -> Checked {
        try applyFacts(options, to: &document.children)
        let eventCount = document.events.count
        let exportTheme = document.settings.theme ?? ExportTheme()
        let global = ThemeResolution.checked(exportTheme, source: decoded.name, warn: warn)
        let decided = try options.levels.decided(export: SettingLevel(export: document.settings, theme: global), region: region)
        let (family, warnings) = validated(document, name: decoded.name, settings: decided.settings, options: options,
                                           knownIDs: decoded.knownIDs, warn: warn)
        // The events (4 MB for three years of two children) end once the next build's index
        // is made of them too, freed on another core, so that the days and the pages take
        // their memory instead of fresh pages.
        Task.detached { [document = consume document] in withExtendedLifetime(document) {} }
        let themes = ThemeResolution(family: decided.theme, levels: options.levels, configChildren: options.configChildren,
                                     export: exportTheme, global: global,
                                     children: family.children.map { ($0.child.id, $0.child.name) }, source: decoded.name, warn: warn)
        do throws(Diagnostic) {
            let records = try ChildSelection.records(family.children, asked: options.children)
            try ChildSelection.checkBounds(records, settings: family.settings, exportedAt: family.exportedAt, source: decoded.name)
            return Checked(family: family, warnings: warnings, records: records, themes: themes, paper: decided.paper, eventCount: eventCount)
        } catch {
            _ = await decoded.reusableKeys.value
            throw error
        }
    }

    /// Each child's days, on a core of their own, while the staging folder is made ready
    /// (the archive before last taken to be patched).
    struct WorkedOut {
        let allDays: [ChildDays]
        let children: [(days: ChildDays, theme: ThemeSelection)]
        let staging: Task<Result<StagedArchive, ArchiveError>, Never>
    }

    static func workOutDays(_ checked: Checked, options: BuildOptions, writer: ArchiveWriter,
                            findingSpare: Task<ArchiveWriter.FoundSpare?, Never>, reusableKeys: Task<[String: ContentHash], Never>,
                            warn: (Diagnostic) -> Void) async throws(Diagnostic) -> WorkedOut {
        let staging = Task.detached { [writer] () -> Result<StagedArchive, ArchiveError> in
            do throws(ArchiveError) {
                return .success(try writer.begin(clean: options.clean, spare: await findingSpare.value))
            } catch {
                return .failure(error)
            }
        }
        let family = checked.family
        let allDays = checked.records.concurrentMap { [settings = family.settings, exportedAt = family.exportedAt] in
            ChildDays(record: $0, settings: settings, exportedAt: exportedAt)
        }
        let selected: [ChildDays]
        do {
            selected = try ChildSelection.limited(allDays, from: options.from, to: options.to, warn: warn)
        } catch {
            if case .success(let staged) = await staging.value { staged.abandon() }
            _ = await reusableKeys.value
            throw error
        }
        let children = selected.map { days in (days: days, theme: checked.themes.theme(for: days.child.id)) }
        return WorkedOut(allDays: allDays, children: children, staging: staging)
    }

    /// The site of `children`, and the paper its visit summaries print on.
    static func makeSite(_ days: WorkedOut, checked: Checked, decoded: Decoded, options: BuildOptions, language: Language,
                         printing: Bool, warn: (Diagnostic) -> Void) -> (site: Site, paper: Paper) {
        let family = checked.family
        var site = Site(children: days.children, theme: checked.themes.family, scheme: options.scheme,
                        settings: family.settings, exportedAt: family.exportedAt, visit: (options.visitFrom, options.visitTo),
                        language: language)
        site.templateDigests = decoded.pageTemplates
        // Linked only when it will be there: printing needs a Chromium that answers.
        site.visitPDF = printing
        site.diaryDays = options.diaryDays
        for child in site.children where site.visitRange(for: child) == nil {
            let days = child.days.days
            let archive = days.first.map { "\($0.date) to \(days.last!.date)" } ?? "no days"
            warn(Diagnostic(.warning, "the visit range holds none of \(child.days.child.name)'s days (\(archive)); visit.html says so"))
        }
        for child in site.children where site.visitRangeLeavesEntriesAfter(for: child) {
            guard let range = site.visitRange(for: child), let last = child.days.days.last?.date else { continue }
            warn(Diagnostic(.note, "\(child.days.child.name)'s visit summary covers \(range.lowerBound) to \(range.upperBound), the last days with feeds, diapers, sleep, notes or doses logged: the \(Count.days(last.days(since: range.upperBound))) after it, to the export's \(last), have measurements, vaccinations or milestones only (shown to the export)",
                            hint: "--visit-from and --visit-to choose another range"))
        }
        return (site, checked.paper)
    }
}

extension Report {
    /// `children` with the sex and dates of birth the flags and the configuration give.
    static func applyFacts(_ options: BuildOptions, to children: inout [ExportChild]) throws(Diagnostic) {
        do throws(ChildFacts.Problem) {
            try ChildFacts.apply(options.childFacts, given: options.givenFacts, to: options.children.first, children: &children)
        } catch {
            throw factsDiagnostic(error)
        }
    }

    /// What to say when `--sex` or `--birthday` cannot be given to one child.
    static func factsDiagnostic(_ problem: ChildFacts.Problem) -> Diagnostic {
        switch problem {
        case .whichChild(let names):
            Diagnostic(.error, "--sex and --birthday are one child's, and the export has \(names.count) (\(names.joined(separator: ", ")))",
                       hint: "add --child NAME, or give each child's under children: in a configuration file (sex:, date_of_birth:); nothing was written",
                       exitStatus: ExitStatus.usage)
        case .noSuchChild(let name, let names):
            Diagnostic(.error, "--sex and --birthday are for \"\(name)\", and the export has no such child (it has \(names.joined(separator: ", ")))",
                       hint: "give --child the name or id of one of them; nothing was written", exitStatus: ExitStatus.usage)
        }
    }
}
