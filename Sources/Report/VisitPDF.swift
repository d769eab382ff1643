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

    /// Prints each page in `pages` (an HTML file in `folder`) to the PDF beside it, and
    /// returns the PDFs written. Printing never fails the build: what could not be done
    /// is said once, as a warning.
    static func print(_ pages: [SitePath], in folder: URL, warn: (Diagnostic) -> Void) -> [String] {
        guard let chromium = chromium() else {
            warn(Diagnostic(.warning, "--pdf: no PDF was written because Chromium is not installed (apt-get install chromium, or set BBREPORT_CHROMIUM to its path)"))
            return []
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var written: [String] = []
        for page in pages {
            let html = folder.appendingPathComponent(page.description)
            let pdf = page.replacingExtension(with: "pdf")
            let output = folder.appendingPathComponent(pdf.description)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: chromium)
            process.arguments = ["--headless", "--disable-gpu", "--user-data-dir=\(profile.path)", "--no-pdf-header-footer",
                                 "--print-to-pdf=\(output.path)", html.absoluteString]
                + (getuid() == 0 ? ["--no-sandbox"] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                process.waitUntilExit()
            } catch {
                warn(Diagnostic(.warning, "--pdf: \(chromium) could not be started (\(error.localizedDescription)); no PDF was written"))
                return written
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
            guard process.terminationStatus == 0, size > 0 else {
                warn(Diagnostic(.warning, "--pdf: Chromium could not print \(page) (exit \(process.terminationStatus)); it has no PDF"))
                try? FileManager.default.removeItem(at: output)
                continue
            }
            written.append(pdf.description)
        }
        return written
    }
}
