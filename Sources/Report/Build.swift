import Archive
import Dataset
import Days
import Foundation
import Hashing
import HTML
import Pages
import Parallel
import Sample
import Source
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
    /// templates parsed, and the export file it names read (see ``ReadAhead``).
    public static func prepareBuild(exportFile: String?) {
        _ = Templates.builtIn
        if let exportFile { ReadAhead.start(exportFile) }
    }

    /// Builds the archive described by `options`; warnings go to `warn` as they are found,
    /// and each step to `progress`. Nothing in the output folder changes unless every page was built.
    public static func build(_ options: BuildOptions, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void) async throws(Diagnostic) -> BuildSummary {
        let clock = ContinuousClock()
        let started = clock.now
        var phases: [(String, Double)] = []
        var lap = started
        func mark(_ stage: String) {
            let now = clock.now
            phases.append((stage, (now - lap).seconds))
            lap = now
        }
        let sources: TemplateSources
        do {
            sources = try TemplateSources.load(overriding: options.templates)
        } catch {
            throw Diagnostic(error)
        }
        // Parsed while the export is read and decoded (the built-in ones may be already);
        // a template that cannot be used is still the error reported, whatever else is wrong.
        let parsing = options.templates == nil ? Templates.builtIn
            : Templates.parsedAside { () throws(TemplateError) in try Templates(parsing: sources) }
        func parsed() async throws(Diagnostic) -> Templates {
            switch await parsing.value {
            case .success(let templates): return templates
            case .failure(let error): throw Diagnostic(error)
            }
        }
        mark("templates")
        switch options.input {
        case .file, .bundledSample: break
        // Nothing is fetched or imported (with its warnings) for a build that cannot render.
        case .server, .imported: _ = try await parsed()
        }
        let writer = ArchiveWriter(output: options.output)
        // An export file is read and hashed on another core (``ReadAhead``) while the
        // output is made ready: its lock, its leftovers, its manifest and its export index
        // (2.5 ms of a one-more-day build) no longer wait for the read. Whatever is wrong
        // with the output is still reported after what is wrong with the input.
        let readied = if case .file = options.input { ready(writer, clean: options.clean) } else { nil as Result<ExportIndex?, ArchiveError>? }
        let bytes: Data, name: String, inputHash: ContentHash?
        do {
            (bytes, name, inputHash) = try await read(options.input, progress: { progress(.fetching($0)) }, warn: warn)
        } catch {
            _ = try await parsed()
            throw error
        }
        let fingerprint = BuildFingerprint.make(input: bytes, inputHash: inputHash, options: options, templates: sources)
        let previousIndex: ExportIndex?
        switch readied ?? ready(writer, clean: options.clean) {
        case .success(let index): previousIndex = index
        case .failure(let error): throw Diagnostic(error)
        }
        if !options.clean, writer.isUpToDate(fingerprint: fingerprint) {
            var summary = BuildSummary(pages: 0, children: 0, seconds: (clock.now - started).seconds, output: options.output)
            summary.upToDate = true
            return summary
        }
        mark("read")
        progress(.reading(name))
        // The archive before last, read (not changed) on the other core while the export
        // is decoded, for the staging folder to start from.
        let findingSpare = Task.detached { [findSpare = writer.spareFinder] in options.clean ? nil : findSpare() }
        let reading: ExportReading
        do {
            // The export's bytes end with their decoding (mapped from the file, or memory
            // the validation and the days then take, when fetched or imported).
            reading = try decode(consume bytes, name: name, previous: consume previousIndex)
        } catch {
            _ = try await parsed()
            throw error
        }
        let document = reading.document
        let (sharedEvents, eventsReadBack, knownIDs) = (reading.sharedEvents, reading.eventsReadBack, reading.knownIDs)
        let templates = try await parsed()
        let pageTemplates = BuildFingerprint.pageTemplateDigests(templates)
        let renderFingerprint = BuildFingerprint.render(options: options, templates: templates, pageTemplates: pageTemplates)
        mark("decode")
        // Which pages the previous build made the same way: read (a stat of each file) on
        // the other core while the family is validated and its days worked out. A build
        // that gives up waits for it, so the writer and its lock are never left to it.
        let reusableKeys = Task.detached { [writer] in
            options.clean ? [:] : writer.reusableKeys(renderFingerprint: renderFingerprint)
        }
        // The export's index for the next build, its bytes made there too (it reads only
        // what was decoded, and is dropped if the build gives up). The reading goes with
        // it, so that the previous index (megabytes) is freed once its records are copied,
        // for the days and pages to take.
        let indexing = Task.detached { [reading = consume reading] in reading.indexData() }
        let eventCount = document.events.count
        let (family, warnings) = validated(document, name: name, options: options, knownIDs: knownIDs, warn: warn)
        // The events (4 MB for three years of two children) end once the next build's index
        // is made of them too, freed on another core, so that the days and the pages take
        // their memory instead of fresh pages.
        Task.detached { [document = consume document] in withExtendedLifetime(document) {} }
        let themes = ThemeResolution(flags: options.theme, config: options.configTheme, configChildren: options.configChildren,
                                     export: family.settings.theme,
                                     children: family.children.map { ($0.child.id, $0.child.name) }, source: name, warn: warn)
        mark("validate")
        let records: [ChildRecord]
        do {
            records = try ChildSelection.records(family.children, asked: options.children)
            try ChildSelection.checkBounds(records, settings: family.settings, exportedAt: family.exportedAt, source: name)
        } catch {
            _ = await reusableKeys.value
            throw error
        }
        // The staging folder is made ready (the archive before last taken to be patched)
        // while the days are worked out.
        let beginning = Task.detached { [writer] () -> Result<StagedArchive, ArchiveError> in
            do throws(ArchiveError) {
                return .success(try writer.begin(clean: options.clean, spare: await findingSpare.value))
            } catch {
                return .failure(error)
            }
        }
        // Each child's days on a core of their own.
        let allDays = records.concurrentMap { [settings = family.settings, exportedAt = family.exportedAt] in
            ChildDays(record: $0, settings: settings, exportedAt: exportedAt)
        }
        let selected: [ChildDays]
        do {
            selected = try ChildSelection.limited(allDays, from: options.from, to: options.to, warn: warn)
        } catch {
            if case .success(let staged) = await beginning.value { staged.abandon() }
            _ = await reusableKeys.value
            throw error
        }
        let children = selected.map { days in (days: days, theme: themes.theme(for: days.child.id)) }
        mark("days")
        let site = {
            var site = Site(children: children, theme: themes.family, scheme: options.scheme,
                            settings: family.settings, exportedAt: family.exportedAt,
                            visit: (options.visitFrom, options.visitTo))
            site.templateDigests = pageTemplates
            // Linked only when it will be there: printing needs Chromium.
            site.visitPDF = options.pdf && VisitPDF.chromium() != nil
            return site
        }()
        let paper = options.paper ?? Paper.usual(in: family.settings.zone)
        for child in site.children where site.visitRange(for: child) == nil {
            let days = child.days.days
            let archive = days.first.map { "\($0.date) to \(days.last!.date)" } ?? "no days"
            warn(Diagnostic(.warning, "the visit range holds none of \(child.days.child.name)'s days (\(archive)); visit.html says so"))
        }
        mark("site")
        let renderer = SiteRenderer(templates: templates)
        let plans = site.plans()
        mark("plans")
        // A page whose key the previous build recorded (made the same way) shows the same
        // thing: keep its file instead of making it again.
        let reusable = await reusableKeys.value
        // A page kept, with its paths worded once (they are looked up again when it is kept).
        struct Kept {
            let path: String
            let key: ContentHash
            /// Its Markdown's, with `--markdown`.
            let markdownPath: String?
        }
        func kept(_ plan: PagePlan, at path: String) -> Kept? {
            guard let key = plan.key, reusable[path] == key else { return nil }
            guard options.markdown else { return Kept(path: path, key: key, markdownPath: nil) }
            let markdown = plan.path.replacingExtension(with: "md").description
            return reusable[markdown] == key ? Kept(path: path, key: key, markdownPath: markdown) : nil
        }
        // Each plan's path worded and looked up once. Each child's days whose pages are
        // kept: they read the same, so their lines of days.json and their search entries
        // are copied from the archive in use too.
        let (toMake, toKeep, keptDays) = {
            var made: [PagePlan] = [], keep: [Kept] = []
            keep.reserveCapacity(plans.count)
            var keptDays = Dictionary(uniqueKeysWithValues: site.children.map { ($0.slug, [Bool](repeating: false, count: $0.days.days.count)) })
            for plan in plans {
                let path = plan.path.description
                if let page = kept(plan, at: path) {
                    keep.append(page)
                    if let day = plan.day { keptDays[day.child]?[day.index] = true }
                } else {
                    made.append(plan)
                }
            }
            return (ParallelWork.spreadOverFolders(made) { $0.path.description }, keep, keptDays)
        }()
        // The archive in use's file at `path`, to copy from, when some page is kept.
        @Sendable func previousFile(_ path: SitePath, limit: Int) -> Data? {
            toKeep.isEmpty ? nil : writer.previousFile(path.description, renderFingerprint: renderFingerprint, limit: limit)
        }
        mark("reusable")
        let staged: StagedArchive
        switch await beginning.value {
        case .success(let begun): staged = begun
        case .failure(let error): throw Diagnostic(error)
        }
        let exportIndex = await indexing.value
        mark("begin")
        let report: ArchiveWriter.Report
        do throws(Diagnostic) {
            // Each page goes to the staging folder as soon as it is rendered: the site is
            // never held in memory whole, and writing overlaps rendering.
            // Each child's days.json, the export's index, the listing of the family's own
            // files in the archive and the files beside the pages (stylesheets, the search
            // index) are jobs of their own; they go first, being the longest.
            // The pages kept from the archive in use come last, in runs, so that a worker
            // done with the pages links them while the other finishes its last page.
            let jsonJobs = site.children.count
            let indexJob = jsonJobs
            let foreignJob = jsonJobs + 1
            let sideJobs = jsonJobs + 3
            let pageJobs = sideJobs + toMake.count
            let keptRuns = toKeep.indices.runs(each: 128)
            let pagesDone = Atomic(0)
            progress(.pages(done: 0, total: toMake.count))
            try ParallelWork.run(pageJobs + keptRuns.count) { index throws(Diagnostic) in
                guard index >= jsonJobs else {
                    let child = site.children[index]
                    let path = SiteMap.daysJSON(child.slug)
                    let json = daysJSON(of: child, previous: previousFile(path, limit: maximumDaysJSON), kept: keptDays[child.slug] ?? [])
                    try add(ArchiveFile(path: path.description, data: json), to: staged)
                    return
                }
                guard index != indexJob else {
                    if let exportIndex {
                        try add(ArchiveFile(path: exportIndexName, data: exportIndex), to: staged)
                    }
                    return
                }
                guard index != foreignJob else {
                    staged.listForeignEntries()
                    return
                }
                guard index >= sideJobs else {
                    let previous = previousFile(SiteMap.searchIndex, limit: maximumSearchIndex).flatMap(PreviousSearchIndex.init)
                    let script = searchIndex(site: site, renderer: renderer, previous: previous, kept: keptDays)
                    let themeKept = reusable[SiteMap.themeStylesheet.description] == themeStylesheetKey
                    for file in sideFiles(site: site, renderer: renderer, templates: templates, paper: paper, searchIndex: script, themeKept: themeKept) {
                        try add(file, to: staged)
                    }
                    return
                }
                guard index < pageJobs else {
                    let pages = toKeep[keptRuns[index - pageJobs]]
                    var paths = pages.map(\.path)
                    var keys = pages.map(\.key)
                    if options.markdown {
                        paths += pages.map { $0.markdownPath! }
                        keys += keys
                    }
                    do throws(ArchiveError) {
                        try staged.keep(paths, keys: keys)
                    } catch {
                        throw Diagnostic(error)
                    }
                    return
                }
                let plan = toMake[index - sideJobs]
                let page = plan.make()
                let html: Data
                do throws(TemplateError) {
                    html = try renderer.document(for: page)
                } catch {
                    throw Diagnostic(error)
                }
                try add(ArchiveFile(path: plan.path.description, data: html, key: plan.key), to: staged)
                if options.markdown {
                    try add(ArchiveFile(path: plan.path.replacingExtension(with: "md").description, data: Data(page.markdown.utf8), key: plan.key),
                            to: staged)
                }
                progress(.pages(done: pagesDone.add(1, ordering: .relaxed).newValue, total: toMake.count))
            }
            mark("pages")
            progress(.writing(files: toKeep.count, folder: options.output))
            do {
                report = try staged.finish(fingerprint: fingerprint, renderFingerprint: renderFingerprint) { staging in
                    // Printed from the staging folder, so the PDFs arrive with the rest or not at all.
                    guard options.pdf else { return [] }
                    progress(.printing)
                    return VisitPDF.print(site.children.map { SiteMap.visit($0.slug) }, in: staging, warn: warn)
                }
            } catch {
                throw Diagnostic(error)
            }
        } catch {
            staged.abandon()
            throw error
        }
        mark("write")
        var summary = BuildSummary(pages: plans.count, children: children.count, seconds: (clock.now - started).seconds,
                                   output: options.output)
        summary.changed = report.written
        summary.removed = report.removed
        summary.phases = phases
        summary.sharedEvents = (sharedEvents, eventsReadBack, eventCount)
        if options.leavesMemoryToExit {
            // Freeing the family, days and plans one by one took a twentieth of a
            // one-more-day build (with the events, now freed as the days are worked out),
            // all of it after the archive was in place; the staged archive's tables of
            // thousands of paths another millisecond.
            _ = Unmanaged.passRetained(Leftovers((family, warnings, records, site, allDays, children, plans, toMake, toKeep, keptDays, renderer, templates, reusable, staged)))
        }
        return summary
    }

    /// `writer`'s output made ready for a build: its lock taken and the staging folders that
    /// killed builds left removed (or why not), then, unless `clean`, the archive's index of
    /// the export it was built from read (with its manifest): the check of this export
    /// starts after what the two share (a nightly export is last night's and a day more).
    private static func ready(_ writer: ArchiveWriter, clean: Bool) -> Result<ExportIndex?, ArchiveError> {
        do throws(ArchiveError) {
            try writer.removeLeftovers()
        } catch {
            return .failure(error)
        }
        guard !clean else { return .success(nil) }
        return .success(writer.previousSelfCheckingFile(exportIndexName, limit: maximumExportIndex).flatMap(ExportIndex.init(bytes:)))
    }

    /// The largest `days.json` of a previous build read to copy its lines (ten years of
    /// days take about 4 MB).
    private static let maximumDaysJSON = 64 << 20
    /// The largest search index of a previous build read to copy its entries.
    private static let maximumSearchIndex = 64 << 20
    /// Where the archive keeps the index of the export it was built from (``ExportIndex``).
    static let exportIndexName = ".bbreport-export-index"
    /// The largest export index read: an index is about half its export's size (the
    /// decoded events), so this covers the largest export read.
    private static let maximumExportIndex = 64 << 20

    /// What a build leaves for the process's exit (``BuildOptions/leavesMemoryToExit``).
    private final class Leftovers {
        let values: Any
        init(_ values: Any) { self.values = values }
    }

    /// The family in `document`, its warnings said through `warn` as they read in `name`.
    private static func validated(_ document: ExportDocument, name: String, options: BuildOptions, knownIDs: KnownIDs?,
                                  warn: (Diagnostic) -> Void) -> (Family, [DataWarning]) {
        let (family, warnings) = Family.validated(from: document, overrides: options.overrides, knownIDs: knownIDs)
        let file: String? = if case .file(let path) = options.input { path } else { nil }
        let names = RecordNames(events: document.events)
        WarningGroups.diagnostics(for: warnings, in: name, file: file, all: options.everyWarning, names: names).forEach(warn)
        return (family, warnings)
    }

    /// `child`'s days.json, the line of each day whose page is kept copied from `previous`.
    private static func daysJSON(of child: Site.Child, previous: Data?, kept: [Bool]) -> Data {
        guard let previous else { return child.days.json() }
        return child.days.json(reusing: previous) { kept.indices.contains($0) && kept[$0] }
    }

    /// The search index, each child's entries copied from `previous` for the days before
    /// the first whose page is made again (callers number caregivers through the days).
    private static func searchIndex(site: Site, renderer: SiteRenderer, previous: PreviousSearchIndex?, kept: [ChildSlug: [Bool]]) -> String {
        let index = site.searchIndex { child in
            guard let previous, let first = child.days.days.first, let kept = kept[child.slug] else { return 0 }
            let days = kept.prefix(previous.days(of: child.slug, first: first.date))
            return days.firstIndex(of: false) ?? days.count
        }
        return renderer.searchIndexScript(index, previous: previous)
    }

    /// The key the theme stylesheet is recorded with: the program's own, the same in every
    /// archive it makes, it is kept from an archive made the same way (the render
    /// fingerprint, which covers the program) instead of being made again (0.4 ms).
    static let themeStylesheetKey = ContentHash(file: Data("the theme stylesheet".utf8))

    /// The archive's files that are not pages: stylesheets (the theme's kept when
    /// `themeKept`), the search script and index, each visit summary's paper stylesheet.
    private static func sideFiles(site: Site, renderer: SiteRenderer, templates: Templates, paper: Paper, searchIndex: String,
                                  themeKept: Bool) -> [ArchiveFile] {
        let theme = SiteMap.themeStylesheet.description
        var files = [themeKept ? .unchanged(path: theme, key: themeStylesheetKey)
                     : ArchiveFile(path: theme, data: Data(renderer.themeStylesheet.utf8), key: themeStylesheetKey)]
        files.append(ArchiveFile(path: SiteMap.layoutStylesheet.description, data: Data(templates.layoutStylesheet.utf8)))
        files.append(ArchiveFile(path: SiteMap.searchScript.description, data: Data(templates.searchScript.utf8)))
        files.append(ArchiveFile(path: SiteMap.searchIndex.description, data: Data(searchIndex.utf8)))
        for child in site.children {
            files.append(ArchiveFile(path: SiteMap.visitPrintStylesheet(child.slug).description,
                                     data: Data(site.visitPrintStylesheet(for: child).utf8)))
        }
        files.append(ArchiveFile(path: SiteMap.paperStylesheet.description,
                                 data: Data("@page { size: \(paper.cssSize); margin: 10mm; }\n".utf8)))
        return files
    }

    /// Adds `file` to the archive being staged.
    private static func add(_ file: ArchiveFile, to staged: StagedArchive) throws(Diagnostic) {
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

    /// The bytes of `input` as an export file, the name to quote in messages, and the bytes'
    /// file hash when it was taken as they were read ahead (``ReadAhead``).
    static func read(_ input: BuildOptions.Input, progress: (ServerClient.Progress) -> Void = { _ in },
                     warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> (Data, String, ContentHash?) {
        switch input {
        case .file(let path):
            if let ahead = ReadAhead.take(path) { return (ahead.bytes, path, ahead.hash) }
            do {
                return (try ExportReader.data(path: path), path, nil)
            } catch {
                throw Diagnostic(error)
            }
        case .bundledSample:
            return (try sample(BuildOptions.bundledSample), "bundled sample", nil)
        case .server(let server):
            return (try await fetch(server, progress: progress, warn: warn).data, server.url.absoluteString, nil)
        case .imported(let options):
            return (try importFiles(options, warn: warn).data, options.files.joined(separator: ", "), nil)
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
