import Foundation
import Source

/// Where to fetch from, and how patiently.
public struct ServerOptions: Sendable {
    public var url: URL
    /// A file holding the token; otherwise `BBREPORT_TOKEN`.
    public var tokenFile: String?
    public var policy: RetryPolicy
    public var timeout: Double

    public init(url: URL, tokenFile: String? = nil, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30) {
        self.url = url
        self.tokenFile = tokenFile
        self.policy = policy
        self.timeout = timeout
    }
}

extension Report {
    /// Fetches everything from the server into an export document; `progress` hears each page.
    public static func fetch(_ options: ServerOptions, progress: (ServerClient.Progress) -> Void = { _ in })
        async throws(Diagnostic) -> ExportDocument {
        let token: ServerToken
        do {
            token = try ServerToken.load(tokenFile: options.tokenFile)
        } catch {
            throw Diagnostic(.error, error.description, exitStatus: ExitStatus.usage)
        }
        let client = ServerClient(server: options.url, token: token, policy: options.policy, timeout: options.timeout)
        do {
            return try await client.document(progress: progress)
        } catch {
            throw Diagnostic(error)
        }
    }

    /// Fetches and writes an export file atomically (a temporary file, then a rename), so
    /// an interrupted fetch never leaves a partial file.
    public static func fetch(_ options: ServerOptions, to path: String,
                             progress: (ServerClient.Progress) -> Void = { _ in }) async throws(Diagnostic) -> FetchSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let document = try await fetch(options, progress: progress)
        let data: Data
        do {
            data = try ExportWriter.data(for: document)
        } catch {
            throw Diagnostic(.error, "could not encode the fetched data: \(error)")
        }
        try writeFile(data, to: path)
        return FetchSummary(children: document.children.count, events: document.events.count, server: options.url,
                            file: path, seconds: (clock.now - started).seconds)
    }
}

/// What a finished fetch did, for the summary line.
public struct FetchSummary: Sendable {
    public let children: Int
    public let events: Int
    public let server: URL
    public let file: String
    public let seconds: Double

    /// `Fetched 2 children and 45,678 events from https://… in 3.20 s → export.json`.
    public var line: String {
        "Fetched \(children) \(children == 1 ? "child" : "children") and \(Count.grouped(events)) \(events == 1 ? "event" : "events") from \(server.absoluteString) in \(String(format: "%.2f", seconds)) s → \(file)"
    }
}

extension Diagnostic {
    init(_ error: ServerError) {
        switch error.reason {
        case .tokenRejected:
            self.init(.error, error.description,
                      hint: "check the token in BBREPORT_TOKEN or the --token-file (it is never shown); nothing was written",
                      exitStatus: ExitStatus.tokenRejected)
        case .unreachable, .serverFailed, .rateLimited:
            self.init(.error, error.description,
                      hint: "the server may be down or the address wrong; the previous archive and files were left as they were",
                      exitStatus: ExitStatus.unavailable)
        case .refused:
            self.init(.error, error.description,
                      hint: "check --server: it should be the Baby Basics server's address, such as https://baby.example.org",
                      exitStatus: ExitStatus.other)
        case .invalidResponse, .cursorLoop, .tooLarge:
            self.init(.error, error.description,
                      hint: "the server answered with data bbreport cannot use; nothing was written",
                      exitStatus: ExitStatus.badData)
        }
    }
}
