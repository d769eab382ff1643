import ArgumentParser
import Foundation
import Report
import Servers

/// Where the morning message goes after a build that changed something. The token is never
/// an argument: it comes from BBREPORT_NOTIFY_TOKEN or --notify-token-file.
struct NotifyFlags: ParsableArguments {
    @Option(name: .customLong("notify"), help: ArgumentHelp("After a build that changed something, POST the morning message here: an ntfy topic or any webhook.", valueName: "url"),
            transform: NotifyFlags.url)
    var url: URL?

    @Option(name: .customLong("notify-format"), help: ArgumentHelp("The message as text (default) or json.", valueName: "format"),
            transform: NotifyFlags.format)
    var format: NotifyOptions.Format?

    @Option(name: .customLong("notify-token-file"), help: ArgumentHelp("A file (mode 600) holding the token sent with the message; otherwise BBREPORT_NOTIFY_TOKEN, if set.", valueName: "path"))
    var tokenFile: String?

    static func url(_ text: String) throws -> URL {
        try ServerFlags.webAddress(text, otherwise: "is not a web address to send the message to; use one such as https://ntfy.sh/your-topic")
    }

    static func format(_ text: String) throws -> NotifyOptions.Format {
        guard let format = NotifyOptions.Format(rawValue: text.lowercased()) else {
            throw ValidationError("'\(text)' is not a message format; use text or json")
        }
        return format
    }

    /// The message's options, from these flags, then the configuration file; sent as
    /// patiently as the server's requests (`--retry-base`, `--timeout`).
    func options(config: BuildConfig, retryBase: Double?, timeout: Double?) throws(Diagnostic) -> NotifyOptions? {
        guard let url = url ?? config.notify else {
            guard format == nil, tokenFile == nil else {
                throw Diagnostic(.error, "--notify-format and --notify-token-file are for the morning message, and no --notify URL is given",
                                 hint: "add --notify URL (or notify: in the configuration file)", exitStatus: ExitStatus.usage)
            }
            return nil
        }
        return NotifyOptions(url: url, format: format ?? config.notifyFormat ?? .text, tokenFile: tokenFile ?? config.notifyTokenFile,
                             policy: RetryPolicy(baseDelay: retryBase ?? config.retryBase ?? 2), timeout: timeout ?? config.timeout ?? 30)
    }
}
