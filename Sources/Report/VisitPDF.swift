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

    /// A Chromium ready to print, for a build with `--pdf`; nil, said in a warning, when
    /// there is none or it cannot be used (the pages then link no PDF).
    static func start(warn: (Diagnostic) -> Void) -> PDFPrinter? {
        guard let chromium = chromium() else {
            warn(Diagnostic(.warning, "--pdf: no PDF was written because Chromium is not installed (apt-get install chromium, or set BBREPORT_CHROMIUM to its path)"))
            return nil
        }
        do {
            return try PDFPrinter(executable: chromium)
        } catch {
            warn(Diagnostic(.warning, "--pdf: no PDF was written because \(chromium) could not be used to print (\(error))"))
            return nil
        }
    }

    /// Prints each page in `pages` (an HTML file in `folder`) to the PDF beside it with
    /// `printer`, and returns the PDFs written. Printing never fails the build: a page that
    /// could not be printed is said as a warning, and the pages after it are printed by a
    /// Chromium started afresh.
    static func print(_ pages: [SitePath], in folder: URL, with printer: PDFPrinter, warn: (Diagnostic) -> Void) -> [String] {
        let executable = printer.executable
        var printer: PDFPrinter? = printer
        defer { printer?.close() }
        var written: [String] = []
        for (index, page) in pages.enumerated() {
            let pdf = page.replacingExtension(with: "pdf")
            let output = folder.appendingPathComponent(pdf.description)
            do {
                printer = try printer ?? PDFPrinter(executable: executable)
            } catch {
                let left = pages[index...].map(\.description).joined(separator: ", ")
                warn(Diagnostic(.warning, "--pdf: Chromium could not be started again (\(error)); \(left) have no PDF"))
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
