import Foundation
import Testing

/// Runs the built `bbreport` executable, as a user would.
enum Tool {
    /// The executable that `swift test` built beside the test bundle.
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bbreport")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/bbreport")
    }()

    /// The repository's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A test fixture's path.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `bbreport arguments…` in `folder` and waits for it; `environment` replaces the
    /// test's own when given. The locale the tests run in is not passed on (pages are in
    /// US English, as with `LANG=C`) unless `environment` sets one of its own.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil) throws -> Result {
        let (status, stdout, stderr) = try runProcess(executable, arguments, in: folder, environment: withoutInheritedLocale(environment))
        return Result(status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension Tool {
    /// `environment` (or the test's own) with the locale variables it got from the test
    /// process set to `C`.
    static func withoutInheritedLocale(_ environment: [String: String]?) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var result = environment ?? inherited
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] where result[name] == inherited[name] {
            result[name] = name == "LANG" ? "C.UTF-8" : nil
        }
        return result
    }
}

/// Runs a program to its end and returns its exit status and both outputs. The outputs
/// go to temporary files, not pipes: a chatty program cannot fill a pipe and stall.
func runProcess(_ executable: URL, _ arguments: [String], in folder: URL? = nil,
                environment: [String: String]? = nil) throws -> (Int32, Data, Data) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return (process.terminationStatus, try Data(contentsOf: outURL), try Data(contentsOf: errURL))
}



/// A fresh folder under the system's temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Every file under `root`: relative path → (bytes, modification date).
func snapshot(of root: URL) throws -> [String: (Data, Date)] {
    var files: [String: (Data, Date)] = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
        let url = root.appendingPathComponent(relative)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
        files[relative] = (try Data(contentsOf: url), attributes[.modificationDate] as! Date)
    }
    return files
}

/// Expects `built` to equal the golden file at the fixture path `golden`;
/// `BBREPORT_REGENERATE_GOLDEN=1` writes it instead, to accept a change on purpose.
func expectGolden(_ built: Data, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: Tool.fixture(golden))
    if ProcessInfo.processInfo.environment["BBREPORT_REGENERATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try built.write(to: url)
    }
    #expect(built == (try? Data(contentsOf: url)), "\(golden) differs (set BBREPORT_REGENERATE_GOLDEN=1 to accept on purpose)", sourceLocation: sourceLocation)
}
