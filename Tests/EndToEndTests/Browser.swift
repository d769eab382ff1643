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
}
