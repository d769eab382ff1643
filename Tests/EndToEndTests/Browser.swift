import Foundation

/// Where headless Chromium is, for looking at pages as a reader's browser does.
enum Browser {
    /// The Chromium executable, if one is installed (`scripts/test` installs it).
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    static var available: Bool { executable != nil }

    /// `text` as a JavaScript string literal, quotes and escapes included.
    static func literal(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// axe-core's script, for the accessibility tests: `BBREPORT_AXE` names it (`scripts/test`
    /// installs it under `.build/test-tools` and sets it), else the copy there is used.
    static let axe: String? = {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["BBREPORT_AXE"] ?? FileManager.default.currentDirectoryPath + "/.build/test-tools/axe/axe_playwright_python/axe.min.js"
        return try? String(contentsOfFile: path, encoding: .utf8)
    }()

    /// Whether a test that needs axe may be skipped: only when nobody asked for it.
    static var axeAvailable: Bool { axe != nil || ProcessInfo.processInfo.environment["BBREPORT_AXE"] != nil }
}
