import Foundation
import Export
import Servers
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

    /// The seconds `--timeout` may be: a whole answer needs a moment, and a nightly job
    /// must not wait on one server for hours.
    public static let timeoutRange = 1.0...600.0
    /// The seconds `--retry-base` may be (0 for tests); the last of four waits is eight times it.
    public static let retryBaseRange = 0.0...60.0

    /// `1`, `0.5`: a number of seconds as a person writes it.
    public static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    public init(url: URL, tokenFile: String? = nil, policy: RetryPolicy = RetryPolicy(), timeout: Double = 30) {
        self.url = url
        self.tokenFile = tokenFile
        self.policy = policy
        self.timeout = timeout
    }
}

extension Report {
    /// Fetches everything from the server as the bytes of an export file, with the number
    /// of children and events; `progress` hears each page, `warn` what was left out (Baby
    /// Buddy's records that have no place here). Should the server's data hold the token
    /// itself, each copy is replaced, so that it reaches no file and no page.
    public static func fetch(_ options: ServerOptions, progress: (ServerClient.Progress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> (data: Data, children: Int, events: Int) {
        let token: ServerToken
        do {
            token = try ServerToken.load(tokenFile: options.tokenFile)
        } catch {
            throw Diagnostic(.error, error.description, exitStatus: ExitStatus.usage)
        }
        let access = ServerAccess(server: options.url, token: token, policy: options.policy, timeout: options.timeout)
        let document: ExportDocument
        do {
            switch options.source {
            case .babybasics:
                document = try await ServerClient(access).document(progress: progress)
            case .babybuddy:
                let client = BabyBuddyClient(access, amountUnit: options.amountUnit, zone: options.zone)
                let fetched = try await client.document(progress: progress)
                for (reason, ids) in fetched.skipped {
                    warn(Diagnostic(.warning, "\(options.url.absoluteString): \(reason.sentence(ids: ids))"))
                }
                if !fetched.absent.isEmpty {
                    warn(Diagnostic(.warning, "\(options.url.absoluteString): this Baby Buddy has no \(fetched.absent.joined(separator: ", ")); nothing of \(fetched.absent.count == 1 ? "that kind" : "those kinds") was read",
                                    hint: "a newer Baby Buddy keeps them"))
                }
                for (path, lacking) in fetched.forbidden {
                    // Never taken as "no data" in silence: a caregiver's token may not read some records.
                    warn(Diagnostic(.warning, "\(options.url.absoluteString)/\(path): this token may not read it (403); \(lacking) are not in the archive",
                                    hint: "give the token of a user who may read every record (docs/inputs.md)"))
                }
                if options.zone == nil {
                    warn(Diagnostic(.warning, "Baby Buddy does not keep the family's time zone: days are cut in this computer's (\(Zone.current.identifier))",
                                    hint: "give --timezone (or timezone: in the configuration file), such as --timezone America/Chicago"))
                }
                document = fetched.document
            }
        } catch {
            throw Diagnostic(error, source: options.source)
        }
        let encoded: Data
        do {
            encoded = try ExportWriter.data(for: document)
        } catch {
            throw Diagnostic(.error, "could not encode the fetched data: \(error)")
        }
        let (data, copies) = token.redacted(in: encoded)
        if copies > 0 {
            warn(Diagnostic(.warning, "\(options.url.absoluteString): the server's data holds the API token \(copies == 1 ? "once" : "\(copies) times"); each copy was replaced with (token)"))
        }
        return (data, document.children.count, document.events.count)
    }

    /// Fetches and writes an export file atomically (a temporary file, then a rename), so
    /// an interrupted fetch never leaves a partial file. Only a regular file is replaced,
    /// and that is checked before the server is asked anything.
    public static func fetch(_ options: ServerOptions, to path: String, progress: (ServerClient.Progress) -> Void = { _ in },
                             warn: (Diagnostic) -> Void = { _ in }) async throws(Diagnostic) -> FetchSummary {
        let clock = ContinuousClock()
        let started = clock.now
        try checkReplaceable(path)
        let fetched = try await fetch(options, progress: progress, warn: warn)
        try writeFile(fetched.data, to: path)
        return FetchSummary(children: fetched.children, events: fetched.events, server: options.url,
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
        case .redirectedAway, .tooManyRedirects, .outsideServer:
            self.init(.error, error.description,
                      hint: "if the server has moved, give its new address with --server; nothing was written",
                      exitStatus: ExitStatus.unavailable)
        case .refused:
            self.init(.error, error.description,
                      hint: "check --server: it should be the \(server)",
                      exitStatus: ExitStatus.other)
        case .invalidResponse, .cursorLoop, .cursorTooLong, .tooManyPages, .tooLarge, .tooMuchData:
            self.init(.error, error.description,
                      hint: "the server answered with data bbreport cannot use; nothing was written",
                      exitStatus: ExitStatus.badData)
        }
    }
}
