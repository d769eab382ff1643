import Archive
import Chromium
import Foundation
import Hashing
import HTML
import Pages
import Sealing
import Speed
import Synchronization

/// The last stages of a build: which pages are made and which kept, and the archive
/// written with them.
extension Report {
    /// A page kept, with its paths worded once (they are looked up again when it is kept).
    struct Kept: Sendable {
        let path: String
        let key: ContentHash
        /// Its Markdown's, with `--markdown`.
        let markdownPath: String?
    }

    /// The pages to make, spread over folders for the workers; the pages kept, whose key the
    /// previous build recorded (made the same way, they show the same thing); and each
    /// child's days whose pages are kept (their lines of days.json and their search entries
    /// are copied from the archive in use too).
    struct PageWork: Sendable {
        let toMake: [PagePlan]
        let toKeep: [Kept]
        let keptDays: [ChildSlug: [Bool]]
    }

    static func sortPages(_ plans: [PagePlan], site: Site, reusable: [String: ContentHash], markdown: Bool, sealer: ArchiveSealer? = nil) -> PageWork {
        // An encrypted archive's files are at their sealed places, with keyed keys.
        func place(_ path: SitePath) -> String {
            let plain = path.description
            return sealer.flatMap { $0.place(of: plain) } ?? plain
        }
        func kept(_ plan: PagePlan, at path: String) -> Kept? {
            guard let shown = plan.key else { return nil }
            let key = sealer?.recordedKey(shown) ?? shown
            guard reusable[path] == key else { return nil }
            guard markdown else { return Kept(path: path, key: key, markdownPath: nil) }
            let markdownPath = place(plan.path.replacingExtension(with: "md"))
            return reusable[markdownPath] == key ? Kept(path: path, key: key, markdownPath: markdownPath) : nil
        }
        var made: [PagePlan] = [], keep: [Kept] = []
        keep.reserveCapacity(plans.count)
        var keptDays = Dictionary(uniqueKeysWithValues: site.children.map { ($0.slug, [Bool](repeating: false, count: $0.days.days.count)) })
        for plan in plans {
            let path = place(plan.path)
            if let page = kept(plan, at: path) {
                keep.append(page)
                if let day = plan.day { keptDays[day.child]?[day.index] = true }
            } else {
                made.append(plan)
            }
        }
        return PageWork(toMake: ParallelWork.spreadOverFolders(made) { $0.path.description }, toKeep: keep, keptDays: keptDays)
    }

    /// The jobs of writing an archive, numbered for the workers: each child's days.json,
    /// the export's index, the listing of the family's own files in the archive and the files
    /// beside the pages go first, being the longest; then the pages made; the pages kept come
    /// last, in runs, so that a worker done with the pages links them while the other
    /// finishes its last page.
    enum ArchiveJob {
        case daysJSON(Site.Child)
        case exportIndex
        case foreignEntries
        case sideFiles
        case page(PagePlan)
        case kept(ArraySlice<Kept>)

        static func count(site: Site, work: PageWork, keptRuns: [Range<Int>]) -> Int {
            site.children.count + 3 + work.toMake.count + keptRuns.count
        }

        init(_ index: Int, site: Site, work: PageWork, keptRuns: [Range<Int>]) {
            let children = site.children.count, pages = children + 3 + work.toMake.count
            switch index {
            case ..<children: self = .daysJSON(site.children[index])
            case children: self = .exportIndex
            case children + 1: self = .foreignEntries
            case children + 2: self = .sideFiles
            case ..<pages: self = .page(work.toMake[index - children - 3])
            default: self = .kept(work.toKeep[keptRuns[index - pages]])
            }
        }
    }

    /// What writing the archive needs beside the pages.
    struct ArchiveInputs: Sendable {
        let site: Site
        let paper: Paper
        let renderer: SiteRenderer
        let templates: Templates
        let work: PageWork
        let exportIndex: Data?
        let writer: ArchiveWriter
        let renderFingerprint: String
        /// Set for an encrypted archive.
        let sealer: ArchiveSealer?
        /// Set with `--pdf` when Chromium is ready to print.
        let printer: PDFPrinter?
        /// An encrypted archive's printed pages (``SiteMap/printed(_:)``) as made, for `--pdf`.
        let visitPages = PlainPages()
    }

    /// Renders the pages into `staged` as they are made (the site is never held in memory
    /// whole, and writing overlaps rendering), with the other files, then puts the archive
    /// in place; the archive before is left as it was when anything fails.
    static func writeArchive(_ inputs: ArchiveInputs, into staged: StagedArchive, options: BuildOptions, fingerprint: String,
                             progress: @escaping @Sendable (BuildProgress) -> Void, warn: (Diagnostic) -> Void) throws(Diagnostic) -> ArchiveWriter.Report {
        do throws(Diagnostic) {
            let keptRuns = inputs.work.toKeep.indices.runs(each: 128)
            let pagesDone = Atomic(0)
            let toMake = inputs.work.toMake.count
            progress(.pages(done: 0, total: toMake))
            try ParallelWork.run(ArchiveJob.count(site: inputs.site, work: inputs.work, keptRuns: keptRuns)) { index throws(Diagnostic) in
                let job = ArchiveJob(index, site: inputs.site, work: inputs.work, keptRuns: keptRuns)
                try run(job, inputs: inputs, into: staged, markdown: options.markdown)
                if case .page = job { progress(.pages(done: pagesDone.add(1, ordering: .relaxed).newValue, total: toMake)) }
            }
            progress(.writing(files: inputs.work.toKeep.count, folder: options.output))
            do {
                return try staged.finish(fingerprint: fingerprint, renderFingerprint: inputs.renderFingerprint) { staging in
                    // Printed from the staging folder, so the PDFs arrive with the rest or not at all.
                    guard let printer = inputs.printer else { return [] }
                    progress(.printing)
                    let printed = inputs.site.children.flatMap { SiteMap.printed($0.slug) }
                    guard inputs.sealer != nil else { return VisitPDF.print(printed, in: staging, with: printer, warn: warn) }
                    return VisitPDF.printSealed(inputs, pages: inputs.visitPages.taken(), into: staging, with: printer, warn: warn)
                }
            } catch {
                throw Diagnostic(error)
            }
        } catch {
            staged.abandon()
            throw error
        }
    }

    /// One job of writing the archive.
    private static func run(_ job: ArchiveJob, inputs: ArchiveInputs, into staged: StagedArchive, markdown: Bool) throws(Diagnostic) {
        let work = inputs.work
        // The archive in use's file at `path`, to copy from, when some page is kept (an
        // encrypted archive's files are sealed: made anew).
        func previousFile(_ path: SitePath, limit: Int) -> Data? {
            work.toKeep.isEmpty || inputs.sealer != nil ? nil
                : inputs.writer.previousFile(path.description, renderFingerprint: inputs.renderFingerprint, limit: limit)
        }
        let files = ArchiveFiles(sealer: inputs.sealer)
        switch job {
        case .daysJSON(let child):
            let path = SiteMap.daysJSON(child.slug)
            let json = daysJSON(of: child, previous: previousFile(path, limit: maximumDaysJSON), kept: work.keptDays[child.slug] ?? [])
            try add(files.download(json, at: path, type: "application/json"), to: staged)
        case .exportIndex:
            if let index = inputs.exportIndex { try add(files.whole(index, at: exportIndexName), to: staged) }
        case .foreignEntries:
            staged.listForeignEntries()
        case .sideFiles:
            let previous = SpeedMechanism.previousSearchIndex.isOn
                ? previousFile(SiteMap.searchIndex, limit: maximumSearchIndex).flatMap(PreviousSearchIndex.init) : nil
            let script = searchIndex(site: inputs.site, renderer: inputs.renderer, previous: previous, kept: work.keptDays)
            for file in sideFiles(site: inputs.site, renderer: inputs.renderer, templates: inputs.templates, paper: inputs.paper, searchIndex: script) {
                try add(files.sideFile(file, site: inputs.site), to: staged)
            }
            for file in files.sealingFiles(opener: inputs.templates.openerScript) {
                try add(file, to: staged)
            }
            if files.hasFilesForOtherPrograms {
                for file in filesForOtherPrograms(inputs.site) { try add(file, to: staged) }
            }
        case .page(let plan):
            let page = plan.make()
            let html: Data
            do throws(TemplateError) {
                html = try inputs.renderer.document(for: page)
            } catch {
                throw Diagnostic(error)
            }
            if inputs.sealer != nil, inputs.site.visitPDF, inputs.site.children.contains(where: { SiteMap.printed($0.slug).contains(plan.path) }) {
                inputs.visitPages.keep(html, at: plan.path.description)
            }
            try add(files.page(html, at: plan.path, key: plan.key), to: staged)
            if markdown {
                try add(files.download(Data(page.markdown.utf8), at: plan.path.replacingExtension(with: "md"), type: "text/markdown; charset=utf-8", key: plan.key),
                        to: staged)
            }
        case .kept(let pages):
            var paths = pages.map(\.path)
            var keys = pages.map(\.key)
            if markdown {
                paths += pages.map { $0.markdownPath! }
                keys += keys
            }
            do throws(ArchiveError) {
                try staged.keep(paths, keys: keys)
            } catch {
                throw Diagnostic(error)
            }
        }
    }
}
