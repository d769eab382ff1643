import Export

/// What a server says, made fit to print: its words may hold the token it was sent (a
/// server that echoes requests), escape sequences or fake lines for the terminal, or a
/// megabyte of text. The secrets are replaced first, then control characters dropped,
/// then the rest cut to a sentence's length.
struct ServerWords {
    /// The longest server text shown.
    static let maximumLength = 200

    /// The token and the whole `Authorization` value: never shown, wherever they appear.
    let secrets: [String]

    func clean(_ text: String) -> String {
        var text = text
        for secret in secrets where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "(token)")
        }
        var shown = String(String.UnicodeScalarView(text.unicodeScalars.lazy.map { scalar in
            TerminalText.isUnsafe(scalar) ? " " : scalar
        }))
        shown = shown.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard shown.count > Self.maximumLength else { return shown }
        return String(shown.prefix(Self.maximumLength - 1)) + "…"
    }
}
