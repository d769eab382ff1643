import Foundation
import Source
import Timekeeping

/// Which kind of server holds the family's data.
public enum ServerSource: String, Sendable, CaseIterable {
    /// The Baby Basics server API (v1).
    case babybasics
    /// A Baby Buddy server (API 2.x).
    case babybuddy
}

/// Where to fetch from, and how patiently.
public struct ServerOptions: Sendable {
    public var url: URL
    public var source: ServerSource = .babybasics
    /// A file holding the token; otherwise `BBREPORT_TOKEN`.
    public var tokenFile: String?
    public var policy: RetryPolicy
    public var timeout: Double
    /// Baby Buddy: the unit of its unit-less bottle amounts.
    public var amountUnit: VolumeUnit = .ml
    /// Baby Buddy: the family's zone, which the server does not keep.
    public var zone: Zone?

    public init(url: URL, tokenFile: String? = nil, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30) {
        self.url = url
        self.tokenFile = tokenFile
        self.policy = policy
        self.timeout = timeout
    }
}

extension Report {
    /// Fetches everything from the server into an export document; `progress` hears each
    /// page, `warn` what was left out (Baby Buddy's records that have no place here).
    public static func fetch(_ options: ServerOptions, progress: (ServerClient.Progress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> ExportDocument {
        let token: ServerToken
        do {
            token = try ServerToken.load(tokenFile: options.tokenFile)
        } catch {
            throw Diagnostic(.error, error.description, exitStatus: ExitStatus.usage)
        }
        let access = ServerAccess(server: options.url, token: token, policy: options.policy, timeout: options.timeout)
        do {
            switch options.source {
            case .babybasics:
                return try await ServerClient(access).document(progress: progress)
            case .babybuddy:
                let client = BabyBuddyClient(access, amountUnit: options.amountUnit, zone: options.zone)
                let fetched = try await client.document(progress: progress)
                for (reason, count) in fetched.skipped {
                    warn(Diagnostic(.warning, "\(options.url.absoluteString): \(reason.sentence(count: count))"))
                }
                if options.zone == nil {
                    warn(Diagnostic(.warning, "Baby Buddy does not keep the family's time zone: days are cut in this computer's (\(Zone.current.identifier))",
                                    hint: "give --timezone (or timezone: in the configuration file), such as --timezone America/Chicago"))
                }
                return fetched.document
            }
        } catch {
            throw Diagnostic(error, source: options.source)
        }
    }

    /// Fetches and writes an export file atomically (a temporary file, then a rename), so
    /// an interrupted fetch never leaves a partial file.
    public static func fetch(_ options: ServerOptions, to path: String, progress: (ServerClient.Progress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> FetchSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let document = try await fetch(options, progress: progress, warn: warn)
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
    init(_ error: ServerError, source: ServerSource) {
        let server = source == .babybuddy ? "Baby Buddy server's address, such as https://babybuddy.example.org"
                                          : "Baby Basics server's address, such as https://baby.example.org"
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
                      hint: "check --server: it should be the \(server)",
                      exitStatus: ExitStatus.other)
        case .invalidResponse, .cursorLoop, .tooLarge:
            self.init(.error, error.description,
                      hint: "the server answered with data bbreport cannot use; nothing was written",
                      exitStatus: ExitStatus.badData)
        }
    }
}
