import Archive
import Chromium
import Dataset
import Days
import Foundation
import Hashing
import HTML
import Pages
import Sealing
import Speed
import Sample
import Encryption
import Export
import Servers
import Synchronization
import Timekeeping

/// What a finished build did, for the summary line.
public struct BuildSummary: Sendable {
    public let pages: Int
    public let children: Int
    public let seconds: Double
    public let output: String
    /// Files written because their bytes changed (the rest were kept as they were).
    public var changed: Int?
    /// Files of the previous archive that are gone (a child or an option dropped).
    public var removed = 0
    /// Set when the output was already built from the same input and options.
    public var upToDate = false
    /// The morning message, with `--notify`, when the build changed something.
    public var digest: MorningDigest?

    /// The summary of a build that found `output` built from the same input and options.
    init(upToDate output: String, seconds: Double) {
        self.init(pages: 0, children: 0, seconds: seconds, output: output)
        upToDate = true
    }

    init(pages: Int, children: Int, seconds: Double, output: String) {
        self.pages = pages
        self.children = children
        self.seconds = seconds
        self.output = output
    }
    /// How long each stage took, in order, for `--verbose`.
    public var phases: [(stage: String, seconds: Double)] = []
    /// How many of the export's events the strict check stepped over as the previous
    /// build's, how many of those were read back decoded, of how many, for `--verbose`.
    public var sharedEvents: (shared: Int, readBack: Int, of: Int)?

    /// `Built 2,412 pages (37 files changed) for 2 children in 0.38 s → output/`.
    public var line: String {
        let folder = output.hasSuffix("/") ? output : output + "/"
        let time = String(format: "%.2f", seconds)
        if upToDate {
            return "Up to date: \(folder) was built from this input and these options (checked in \(time) s)"
        }
        let gone = removed == 0 ? "" : ", \(Count.grouped(removed)) removed"
        let changes = changed.map { " (\(Count.grouped($0)) \($0 == 1 ? "file" : "files") changed\(gone))" } ?? ""
        return "Built \(Count.grouped(pages)) \(pages == 1 ? "page" : "pages")\(changes) for \(children) \(children == 1 ? "child" : "children") in \(time) s → \(folder)"
    }
}

/// The pipeline (docs/architecture.md): source → dataset → days → pages → HTML → archive.
public enum Report {
    /// Starts, on other cores, what a build about to start needs first: the built-in
    /// templates parsed, and the first use of its stages (``FirstUse``) when there is
    /// another core for it.
    public static func prepareBuild() {
        _ = Templates.builtIn
        guard ProcessInfo.processInfo.activeProcessorCount > 1, SpeedMechanism.firstUse.isOn else { return }
        Thread { FirstUse.prepare() }.start()
    }

    /// Builds the archive described by `options`; warnings go to `warn` as they are found,
    /// and each step to `progress`. Nothing in the output folder changes unless every page was
    /// built. The stages are in ``Report`` (`Build+Stages.swift`, `Build+Writing.swift`).
    public static func build(_ options: BuildOptions, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void) async throws(Diagnostic) -> BuildSummary {
        var times = StageTimes()
        let templates = try TemplatesAside(options)
        times.mark("templates")
        let writer = ArchiveWriter(output: options.output)
        var options = options
        let key = try options.passphrase.map { passphrase throws(Diagnostic) in try ArchiveKey.choose(passphrase, writer: writer, clean: options.clean) }
        options.sealedIdentity = key?.identity
        times.mark("key")
        guard let input = try await readExport(options, writer: writer, key: key, templates: templates, progress: progress, warn: warn) else {
            return BuildSummary(upToDate: options.output, seconds: times.elapsed)
        }
        times.mark("read")
        // Read only now: a build with nothing new reads no catalog.
        let language = try options.language.language()
        if let note = language.missingWordsNote { warn(note) }
        if let warning = language.unknownWordsWarning { warn(warning) }
        progress(.reading(input.name))
        // The archive before last, read (not changed) on the other core while the export
        // is decoded, for the staging folder to start from.
        let findingSpare = Task.detached { [findSpare = writer.spareFinder, clean = options.clean] in clean ? nil : findSpare() }
        let (decoded, document) = try await decodeExport(input, options: options, writer: writer, templates: templates)
        times.mark("decode")
        let checked = try await validateFamily(document, decoded, options: options, region: language.region, warn: warn)
        times.mark("validate")
        let days = try await workOutDays(checked, options: options, writer: writer, findingSpare: findingSpare,
                                         reusableKeys: decoded.reusableKeys, warn: warn)
        times.mark("days")
        let printer = options.pdf ? VisitPDF.start(warn: warn) : nil
        defer { printer?.close() }
        var (site, paper) = makeSite(days, checked: checked, decoded: decoded, options: options, language: language,
                                     printing: printer != nil, warn: warn)
        site.sealed = key != nil
        let sealer = try key.map { key throws(Diagnostic) in try key.sealer(for: site, stylesheets: visitPrintStylesheets(site)) }
        times.mark("site")
        let renderer = SiteRenderer(templates: decoded.templates)
        let plans = site.plans()
        times.mark("plans")
        let work = sortPages(plans, site: site, reusable: await decoded.reusableKeys.value, markdown: options.markdown, sealer: sealer)
        times.mark("reusable")
        let staged: StagedArchive
        switch await days.staging.value {
        case .success(let begun): staged = begun
        case .failure(let error): throw Diagnostic(error)
        }
        let inputs = ArchiveInputs(site: site, paper: paper, renderer: renderer, templates: decoded.templates, work: work,
                                   exportIndex: await decoded.indexing.value, writer: writer,
                                   renderFingerprint: decoded.renderFingerprint, sealer: sealer, printer: printer)
        times.mark("begin")
        let report = try writeArchive(inputs, into: staged, options: options, fingerprint: decoded.fingerprint, progress: progress, warn: warn)
        times.mark("write")
        var summary = BuildSummary(pages: plans.count, children: days.children.count, seconds: times.elapsed, output: options.output)
        summary.changed = report.written
        summary.removed = report.removed
        summary.phases = times.phases
        summary.sharedEvents = (decoded.sharedEvents.shared, decoded.sharedEvents.readBack, checked.eventCount)
        // The morning message, made only when it is to be sent: after a build that changed something.
        if options.notify != nil, report.written > 0 || report.removed > 0 {
            summary.digest = site.morningDigest()
        }
        if options.leavesMemoryToExit {
            // Freeing the family, days and plans one by one took a twentieth of a
            // one-more-day build, all of it after the archive was in place; the staged
            // archive's tables of thousands of paths another millisecond.
            _ = Unmanaged.passRetained(Leftovers((decoded, checked, days, site, plans, work, inputs, staged)))
        }
        return summary
    }

    /// `writer`'s output made ready for a build: its lock taken and the staging folders that
    /// killed builds left removed (or why not), then, unless `clean`, the archive's index of
    /// the export it was built from read (with its manifest): the check of this export
    /// starts after what the two share (a nightly export is last night's and a day more).
    static func ready(_ writer: ArchiveWriter, clean: Bool, key: ArchiveKey? = nil) -> Result<ExportIndex?, ArchiveError> {
        do throws(ArchiveError) {
            try writer.removeLeftovers()
        } catch {
            return .failure(error)
        }
        guard !clean, SpeedMechanism.exportIndex.isOn else { return .success(nil) }
        guard let key else {
            return .success(writer.previousSelfCheckingFile(exportIndexName, limit: maximumExportIndex).flatMap(ExportIndex.init(bytes:)))
        }
        // An encrypted archive's index is sealed as its pages are.
        let sealed = writer.previousSelfCheckingFile(exportIndexName, limit: maximumExportIndex + Sealed.nonceCount + Sealed.tagCount)
        return .success(sealed.flatMap { key.open($0, at: exportIndexName) }.flatMap(ExportIndex.init(bytes:)))
    }

    /// The largest `days.json` of a previous build read to copy its lines (ten years of
    /// days take about 4 MB).
    static let maximumDaysJSON = 64 << 20
    /// The largest search index of a previous build read to copy its entries.
    static let maximumSearchIndex = 64 << 20
    /// Where the archive keeps the index of the export it was built from (``ExportIndex``).
    static let exportIndexName = ".bbreport-export-index"
    /// The largest export index read: an index is about half its export's size (the
    /// decoded events), so this covers the largest export read.
    static let maximumExportIndex = 64 << 20

    /// What a build leaves for the process's exit (``BuildOptions/leavesMemoryToExit``).
    private final class Leftovers {
        let values: Any
        init(_ values: Any) { self.values = values }
    }

    /// The family in `document`, its warnings said through `warn` as they read in `name`.
    static func validated(_ document: ExportDocument, name: String, settings: Settings, options: BuildOptions, knownIDs: KnownIDs?,
                          warn: (Diagnostic) -> Void) -> (Family, [DataWarning]) {
        var document = document
        document.neutraliseNotes()
        let (family, warnings) = Family.validated(from: document, settings: settings, knownIDs: knownIDs)
        if let note = options.unitsNote(family.settings.units) { warn(note) }
        let file: String? = if case .file(let path) = options.input { path } else { nil }
        let names = RecordNames(events: document.events)
        WarningGroups.diagnostics(for: warnings, in: name, file: file, all: options.everyWarning, names: names).forEach(warn)
        return (family, warnings)
    }

    /// `child`'s days.json, the line of each day whose page is kept copied from `previous`.
    static func daysJSON(of child: Site.Child, previous: Data?, kept: [Bool]) -> Data {
        guard let previous else { return child.days.json() }
        return child.days.json(reusing: previous) { kept.indices.contains($0) && kept[$0] }
    }

    /// The search index, each child's entries copied from `previous` for the days before
    /// the first whose page is made again (callers number caregivers through the days).
    static func searchIndex(site: Site, renderer: SiteRenderer, previous: PreviousSearchIndex?, kept: [ChildSlug: [Bool]]) -> String {
        let index = site.searchIndex { child in
            guard let previous, let first = child.days.days.first, let kept = kept[child.slug] else { return 0 }
            let days = kept.prefix(previous.days(of: child.slug, first: first.date))
            return days.firstIndex(of: false) ?? days.count
        }
        return renderer.searchIndexScript(index, previous: previous)
    }

    /// Each visit summary's print stylesheet (the child, birthday and range in the margins), by path.
    static func visitPrintStylesheets(_ site: Site) -> [String: String] {
        Dictionary(uniqueKeysWithValues: site.children.map { (SiteMap.visitPrintStylesheet($0.slug).description, site.visitPrintStylesheet(for: $0)) })
    }

    /// The archive's files that are not pages: stylesheets, the search script and index,
    /// each visit summary's paper stylesheet.
    static func sideFiles(site: Site, renderer: SiteRenderer, templates: Templates, paper: Paper, searchIndex: String) -> [ArchiveFile] {
        var files = [ArchiveFile(path: SiteMap.themeStylesheet.description, data: Data(renderer.themeStylesheet.utf8))]
        files.append(ArchiveFile(path: SiteMap.layoutStylesheet.description, data: Data(templates.layoutStylesheet.utf8)))
        files.append(ArchiveFile(path: SiteMap.searchScript.description, data: Data(templates.searchScript.utf8)))
        files.append(ArchiveFile(path: SiteMap.searchIndex.description, data: Data(searchIndex.utf8)))
        for (path, stylesheet) in visitPrintStylesheets(site).sorted(by: { $0.key < $1.key }) {
            files.append(ArchiveFile(path: path, data: Data(stylesheet.utf8)))
        }
        files.append(ArchiveFile(path: SiteMap.paperStylesheet.description,
                                 data: Data("@page { size: \(paper.cssSize); margin: 10mm; }\n".utf8)))
        files.append(ArchiveFile(path: SiteMap.landscapePaperStylesheet.description,
                                 data: Data("@page { size: \(paper.cssSize) landscape; margin: 8mm; }\n".utf8)))
        return files
    }

    /// `status.json` for dashboards and `feed.xml` for feed readers (docs/archive.md).
    static func filesForOtherPrograms(_ site: Site) -> [ArchiveFile] {
        let feed = site.atomFeed { name in NameUUID.urn(name, namespace: NameUUID.urlNamespace) ?? name }
        return [ArchiveFile(path: SiteMap.status.description, data: site.statusJSON()),
                ArchiveFile(path: SiteMap.feed.description, data: Data(feed.utf8))]
    }

    /// Adds `file` to the archive being staged (nil: a file the encrypted archive's pages carry within).
    static func add(_ file: ArchiveFile?, to staged: StagedArchive) throws(Diagnostic) {
        guard let file else { return }
        do {
            try staged.add(file)
        } catch {
            throw Diagnostic(error)
        }
    }

    /// Reads `path` and reports every data problem in it; throws if it cannot be read.
    public static func validate(path: String) throws(Diagnostic) -> [Diagnostic] {
        try warnings(in: try loadFile(path), name: path)
    }

    /// Reads another app's export files and reports what the import did and every data
    /// problem in what it read; throws if they cannot be read.
    public static func validate(_ options: ImportOptions) throws(Diagnostic) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let imported = try importFiles(options) { found.append($0) }
        let name = options.files.joined(separator: ", ")
        return found + (try warnings(in: try decode(imported.data, name: name), name: name))
    }

    /// The data problems in `document`, after the bounds a build holds it to: what `build`
    /// refuses, `validate` refuses too.
    private static func warnings(in document: ExportDocument, name: String) throws(Diagnostic) -> [Diagnostic] {
        let names = RecordNames(events: document.events)
        let (family, warnings) = Family.validated(from: document)
        try ChildSelection.checkBounds(family.children, settings: family.settings, exportedAt: family.exportedAt, source: name)
        return warnings.map { Diagnostic(.warning, "\(name): \(names.named($0.description))") }
    }

    /// The bytes of `input` as an export file, and the name to quote in messages.
    static func read(_ input: BuildOptions.Input, progress: (ServerClient.Progress) -> Void = { _ in },
                     warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> (Data, String) {
        switch input {
        case .file(let path):
            do {
                return (try ExportReader.data(path: path), path)
            } catch {
                throw Diagnostic(error)
            }
        case .bundledSample:
            return (try sample(BuildOptions.bundledSample), "bundled sample")
        case .server(let server):
            return (try await fetch(server, progress: progress, warn: warn).data, server.url.absoluteString)
        case .imported(let options):
            return (try importFiles(options, warn: warn).data, options.files.joined(separator: ", "))
        }
    }

    /// The document in `bytes`, called `name` in messages.
    static func decode(_ bytes: Data, name: String) throws(Diagnostic) -> ExportDocument {
        try decode(bytes, name: name, previous: nil).document
    }

    /// The export in `bytes`, read after what it shares with the file `previous` indexes.
    static func decode(_ bytes: Data, name: String, previous: ExportIndex?) throws(Diagnostic) -> ExportReading {
        do {
            return try ExportReader.decode(bytes, file: name, previous: previous, program: [UInt8](BuildFingerprint.program))
        } catch {
            throw Diagnostic(error)
        }
    }

    static func loadFile(_ path: String) throws(Diagnostic) -> ExportDocument {
        do {
            return try ExportReader.read(path: path)
        } catch {
            throw Diagnostic(error)
        }
    }
}

extension Swift.Duration {
    /// The length in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
