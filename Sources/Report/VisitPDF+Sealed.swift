import Chromium
import Foundation
import Pages

extension VisitPDF {
    /// Prints an encrypted archive's visit summaries (`pages`, as made, by path) from a
    /// private temporary folder (mode 700, removed as soon as they are printed), and puts
    /// each PDF sealed into `staging`; returns the sealed files' places.
    static func printSealed(_ inputs: Report.ArchiveInputs, pages: [String: Data], into staging: URL, with printer: PDFPrinter,
                            warn: (Diagnostic) -> Void) -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-visit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ArchiveFiles(sealer: inputs.sealer)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let beside = Report.sideFiles(site: inputs.site, renderer: inputs.renderer, templates: inputs.templates, paper: inputs.paper, searchIndex: "")
            for (path, data) in beside.compactMap({ file -> (String, Data)? in
                guard case .bytes(let data) = file.content else { return nil }
                return (file.path, data)
            }) + pages.map({ ($0.key, $0.value) }) {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            var sealed: [String] = []
            for pdf in print(pages.keys.sorted().map { SitePath($0) }, in: folder, with: printer, warn: warn) {
                guard let file = try files.download(try Data(contentsOf: folder.appendingPathComponent(pdf)), at: SitePath(pdf), type: "application/pdf"),
                      case .bytes(let data) = file.content else { continue }
                let target = staging.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
                sealed.append(file.path)
            }
            return sealed
        } catch {
            warn(Diagnostic(.warning, "--pdf: the encrypted visit summaries could not be printed (\(error)); they have no PDF"))
            return []
        }
    }
}

/// Pages kept as made while the archive is written, by path, from any thread.
final class PlainPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: Data] = [:]

    func keep(_ page: Data, at path: String) {
        lock.withLock { pages[path] = page }
    }

    /// The pages kept, let go of here.
    func taken() -> [String: Data] {
        lock.withLock {
            defer { pages = [:] }
            return pages
        }
    }
}
