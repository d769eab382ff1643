import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test's handle on a Baby Basics API server running in its own process
/// (`bbreport-test-server`): starts it, injects faults, reads what it was asked.
public final class APITestServer: @unchecked Sendable {
    public typealias Fault = APIServer.Fault

    private let exportFile: Data
    private let token: String
    private var process: Process?
    private var folder: URL?
    private var base: URL?

    private let asBabyBuddy: Bool

    /// Serves `exportFile`; with `asBabyBuddy`, an export rewritten as Baby Buddy's records.
    public init(exportFile: Data, token: String, asBabyBuddy: Bool = false) throws {
        self.exportFile = exportFile
        self.token = token
        self.asBabyBuddy = asBabyBuddy
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
        if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The server program, built beside the test bundle.
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bbreport-test-server")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/bbreport-test-server")
    }()

    /// Starts the server and returns its base URL once it listens.
    public func start() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        let export = folder.appendingPathComponent("export.json")
        try exportFile.write(to: export)
        let output = folder.appendingPathComponent("stdout")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = (asBabyBuddy ? ["--babybuddy"] : []) + [export.path, token]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // Up to a minute: a loaded machine may take long to read and convert a big export.
        for _ in 0..<1200 {
            if let text = try? String(contentsOf: output, encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
               let url = URL(string: String(line.dropFirst("listening on ".count))) {
                base = url
                return url
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw StartFailure(description: "\(Self.executable.path) did not say it was listening within a minute")
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    public func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Queues `fault` for the next request whose path starts with `pathPrefix`, `times` times.
    public func inject(_ fault: Fault, times: Int = 1, on pathPrefix: String = "/api/v1/") async {
        await control("/_test/inject", fault.queryItems + [URLQueryItem(name: "times", value: String(times)),
                                                           URLQueryItem(name: "on", value: pathPrefix)])
    }

    /// Applies `fault` to every events page from now on.
    public func injectOnEveryEventsPage(_ fault: Fault) async {
        await control("/_test/every-events-page", fault.queryItems)
    }

    /// Ignore `limit` and send each child's events in one page.
    public func setOneHugePage() async {
        await control("/_test/huge-page", [])
    }

    /// Every API request seen so far: path with query, and the Authorization header.
    public var requests: [(target: String, authorization: String?)] {
        get async {
            guard let data = await control("/_test/requests", []),
                  let list = try? JSONSerialization.jsonObject(with: data) as? [[String: String]] else { return [] }
            return list.map { ($0["target"] ?? "", $0["authorization"].flatMap { $0.isEmpty ? nil : $0 }) }
        }
    }

    @discardableResult
    private func control(_ path: String, _ query: [URLQueryItem]) async -> Data? {
        guard let base else { return nil }
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query
        return try? await URLSession.shared.data(from: components.url!).0
    }
}
