import Archive
import Dataset
import Days
import Foundation
import HTML
import Pages
import Sample
import Source

/// What a finished build did, for the summary line.
public struct BuildSummary: Sendable {
    public let pages: Int
    public let children: Int
    public let seconds: Double
    public let output: String

    /// `Built 601 pages for 2 children in 0.41 s → output/`.
    public var line: String {
        let folder = output.hasSuffix("/") ? output : output + "/"
        return "Built \(Count.grouped(pages)) \(pages == 1 ? "page" : "pages") for \(children) \(children == 1 ? "child" : "children") in \(String(format: "%.2f", seconds)) s → \(folder)"
    }
}

/// The pipeline of §2: source → dataset → days → pages → HTML → archive.
public enum Report {
    /// Builds the archive described by `options`; warnings go to `warn` as they are found.
    /// Nothing in the output folder changes unless every page was built.
    public static func build(_ options: BuildOptions, warn: (Diagnostic) -> Void) async throws(Diagnostic) -> BuildSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let templates: Templates
        do {
            templates = try Templates.load(overriding: options.templates)
        } catch {
            throw Diagnostic(error)
        }
        let (document, name) = try await load(options.input)
        let (family, warnings) = Family.validated(from: document, overrides: options.overrides)
        for warning in warnings {
            warn(Diagnostic(.warning, "\(name): \(warning)"))
        }
        let themes = ThemeResolution(flags: options.theme, export: family.settings.theme,
                                     childIDs: family.children.map(\.child.id), source: name, warn: warn)
        let children = family.children.map { record in
            (days: ChildDays(record: record, settings: family.settings, exportedAt: family.exportedAt),
             theme: themes.theme(for: record.child.id))
        }
        let site = Site(children: children, theme: themes.family, scheme: options.scheme,
                        settings: family.settings, exportedAt: family.exportedAt,
                        visit: (options.visitFrom, options.visitTo))
        let paper = options.paper ?? Paper.usual(in: family.settings.zone)
        for child in site.children where site.visitRange(for: child) == nil {
            let days = child.days.days
            let archive = days.first.map { "\($0.date) to \(days.last!.date)" } ?? "no days"
            warn(Diagnostic(.warning, "the visit range holds none of \(child.days.child.name)'s days (\(archive)); visit.html says so"))
        }
        let renderer = SiteRenderer(templates: templates)
        let pages = site.pages()
        var files: [ArchiveFile] = []
        files.reserveCapacity(pages.count + site.children.count + 2)
        do {
            for page in pages {
                files.append(ArchiveFile(path: page.path.description, data: Data(try renderer.html(for: page).utf8)))
            }
        } catch {
            throw Diagnostic(error)
        }
        for (path, text) in renderer.stylesheets {
            files.append(ArchiveFile(path: path.description, data: Data(text.utf8)))
        }
        files.append(ArchiveFile(path: SiteMap.paperStylesheet.description,
                                 data: Data("@page { size: \(paper.cssSize); margin: 10mm; }\n".utf8)))
        for child in site.children {
            files.append(ArchiveFile(path: SiteMap.daysJSON(child.slug).description, data: child.days.json()))
        }
        do {
            try ArchiveWriter(output: options.output).write(files) { staging in
                // Printed from the staging folder, so the PDFs arrive with the rest or not at all.
                options.pdf ? VisitPDF.print(site.children.map { SiteMap.visit($0.slug) }, in: staging, warn: warn) : []
            }
        } catch {
            throw Diagnostic(error)
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return BuildSummary(pages: pages.count, children: children.count, seconds: seconds, output: options.output)
    }

    /// Reads `path` and reports every data problem in it; throws if it cannot be read.
    public static func validate(path: String) throws(Diagnostic) -> [Diagnostic] {
        let (document, name) = try loadFile(path)
        return Family.validated(from: document).warnings.map { Diagnostic(.warning, "\(name): \($0)") }
    }

    /// The document for `input` and the name to quote in messages.
    static func load(_ input: BuildOptions.Input) async throws(Diagnostic) -> (ExportDocument, String) {
        switch input {
        case .file(let path):
            return try loadFile(path)
        case .bundledSample:
            return (SampleGenerator.document(BuildOptions.bundledSample), "bundled sample")
        case .server(let server):
            return (try await fetch(server), server.url.absoluteString)
        }
    }

    static func loadFile(_ path: String) throws(Diagnostic) -> (ExportDocument, String) {
        do {
            return (try ExportReader.read(path: path), path)
        } catch {
            throw Diagnostic(error)
        }
    }
}

/// Numbers for people: `1,214`.
enum Count {
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
