import Foundation
import Pages
import Servers

extension Report {
    /// The token of the morning message, read before the build so that a token file others
    /// can read is refused at once (exit 64), as the server's is.
    public static func notifyToken(_ options: NotifyOptions) throws(Diagnostic) -> ServerToken? {
        do {
            return try Notifier.token(for: options)
        } catch {
            throw Diagnostic(.error, error.description, hint: "the morning message's token comes from --notify-token-file (notify_token_file:), a file of mode 600, or from BBREPORT_NOTIFY_TOKEN; nothing was built",
                             exitStatus: ExitStatus.usage)
        }
    }

    /// Sends `digest` as `options` say. A message that could not be sent is a warning, never
    /// the build's failure: the archive is in place by then.
    public static func notify(_ digest: MorningDigest, options: NotifyOptions, token: ServerToken?, transport: any HTTPTransport = CurlTransport(),
                              warn: (Diagnostic) -> Void) async {
        let (body, type) = message(digest, format: options.format)
        do {
            try await Notifier(options, token: token, transport: transport).send(body, type: type, title: digest.title)
        } catch {
            warn(Diagnostic(.warning, "the morning message was not sent: \(error.description)",
                            hint: "the archive is built; the next build that changes it sends one again"))
        }
    }

    /// The message's body and content type: the text, or a JSON object of it.
    static func message(_ digest: MorningDigest, format: NotifyOptions.Format) -> (Data, String) {
        switch format {
        case .text:
            return (Data(digest.text.utf8), "text/plain; charset=utf-8")
        case .json:
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let body = DigestBody(title: digest.title, message: digest.text, exportedAt: digest.exportedAt, children: digest.children)
            return ((try? encoder.encode(body)) ?? Data("{}".utf8), "application/json")
        }
    }

    /// `--notify-format json`: the message whole, and each child's part (docs/nightly.md).
    private struct DigestBody: Encodable {
        let title: String
        let message: String
        let exportedAt: String
        let children: [MorningDigest.Child]
    }
}
