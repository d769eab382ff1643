import ArgumentParser
import Foundation
import Importers
import Report
import Export
import Servers
import Timekeeping

/// Where the Baby Basics server is and how to talk to it. The token is never an argument:
/// it comes from BBREPORT_TOKEN or --token-file.
struct ServerFlags: ParsableArguments {
    @Option(help: ArgumentHelp("The server's address, e.g. https://baby.example.org.", valueName: "url"),
            transform: ServerFlags.url)
    var server: URL?

    @Option(help: ArgumentHelp("Where the data comes from: a server, babybasics (default) or babybuddy, or another app's export files (\(ImportKind.allCases.map(\.rawValue).joined(separator: ", "))).",
                               valueName: "kind"),
            transform: SourceKind.init)
    var source: SourceKind?

    @Option(name: .customLong("amount-unit"), help: ArgumentHelp("Baby Buddy: the unit of bottle amounts, ml (default) or oz.", valueName: "unit"),
            transform: SettingsFlags.unit)
    var amountUnit: VolumeUnit?

    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file (mode 600) holding the API token; otherwise BBREPORT_TOKEN is used.", valueName: "path"))
    var tokenFile: String?

    @Option(name: .customLong("retry-base"), help: ArgumentHelp("Seconds before the first retry, 0 to 60; later ones double (default 2).", valueName: "seconds"))
    var retryBase: Double?

    @Option(help: ArgumentHelp("Seconds for each whole answer, 1 to 600 (default 30).", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        for (flag, value, range) in [("--timeout", timeout, ServerOptions.timeoutRange), ("--retry-base", retryBase, ServerOptions.retryBaseRange)] {
            if let value, !range.contains(value) {
                throw ValidationError("\(flag) must be a number of seconds from \(ServerOptions.text(range.lowerBound)) to \(ServerOptions.text(range.upperBound)), not \(ServerOptions.text(value))")
            }
        }
    }

    /// The options for a server: from these flags, then the configuration file; `zone` is
    /// the family's, for a Baby Buddy server (which keeps none).
    func options(config: BuildConfig = BuildConfig(), zone: Zone? = nil) -> ServerOptions? {
        (server ?? config.server).map { url in
            var options = ServerOptions(url: url, tokenFile: tokenFile ?? config.tokenFile,
                                        policy: RetryPolicy(baseDelay: retryBase ?? config.retryBase ?? 2),
                                        timeout: timeout ?? config.timeout ?? 30)
            options.source = source?.server ?? config.source ?? .babybasics
            options.amountUnit = amountUnit ?? config.amountUnit ?? .ml
            options.zone = zone ?? config.timezone
            return options
        }
    }

    static func url(_ text: String) throws -> URL {
        try webAddress(text, otherwise: "is not a server address; use one such as https://baby.example.org")
    }

    /// `text` as an http or https address with a host; else `'text' <otherwise>`.
    static func webAddress(_ text: String, otherwise: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw ValidationError("'\(text)' \(otherwise)")
        }
        return url
    }
}

/// What `--source` names: a kind of server, or an app whose export files are read.
enum SourceKind: Equatable {
    case server(ServerSource)
    case app(ImportKind)

    init(_ text: String) throws {
        if let server = ServerSource(rawValue: text.lowercased()) {
            self = .server(server)
        } else if let app = ImportKind(rawValue: text.lowercased()) {
            self = .app(app)
        } else {
            let kinds = ServerSource.allCases.map(\.rawValue) + ImportKind.allCases.map(\.rawValue)
            throw ValidationError("'\(text)' is not a source; use one of \(kinds.joined(separator: ", "))")
        }
    }

    var server: ServerSource? {
        if case .server(let server) = self { server } else { nil }
    }

    var app: ImportKind? {
        if case .app(let app) = self { app } else { nil }
    }
}
