import Chromium
import Foundation
import Pages

/// Prints visit summaries and sleep diaries to PDF with headless Chromium, when it is installed.
enum VisitPDF {
    /// Where Chromium is: `BBREPORT_CHROMIUM`, or the first of the usual names on `PATH`.
    static func chromium() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BBREPORT_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Prints each page in `pages` (an HTML file in `folder`) to the PDF beside it, all in one
    /// Chromium, and returns the PDFs written. Printing never fails the build: what could
    /// not be printed is said as a warning; after a page that failed, the next is printed by
    /// a Chromium started afresh.
    static func print(_ pages: [SitePath], in folder: URL, warn: (Diagnostic) -> Void) -> [String] {
        guard let chromium = chromium() else {
            warn(Diagnostic(.warning, "--pdf: no PDF was written because Chromium is not installed (apt-get install chromium, or set BBREPORT_CHROMIUM to its path)"))
            return []
        }
        var printer: PDFPrinter?
        defer { printer?.close() }
        var written: [String] = []
        for (index, page) in pages.enumerated() {
            let pdf = page.replacingExtension(with: "pdf")
            let output = folder.appendingPathComponent(pdf.description)
            do {
                printer = try printer ?? PDFPrinter(executable: chromium)
            } catch {
                let left = pages[index...].map(\.description).joined(separator: ", ")
                warn(Diagnostic(.warning, "--pdf: \(chromium) could not be used to print (\(error)); \(left) have no PDF"))
                return written
            }
            do {
                try printer?.print(folder.appendingPathComponent(page.description), to: output)
                written.append(pdf.description)
            } catch {
                warn(Diagnostic(.warning, "--pdf: Chromium could not print \(page) (\(error)); it has no PDF"))
                try? FileManager.default.removeItem(at: output)
                printer?.close()
                printer = nil
            }
        }
        return written
    }
}
