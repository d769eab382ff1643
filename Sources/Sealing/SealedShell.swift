import Bytes

/// The page a reader opens in an encrypted archive before the passphrase: in the page's
/// language and palette, a passphrase box, and the sealed file (base64 of `nonce ‖
/// ciphertext ‖ tag`) in a data block that `templates/open.js` opens. It says nothing of
/// the family: its title and words are the same on every page.
public enum SealedShell {
    /// The shell's words and look, the same on every page of a build.
    public struct Words: Sendable {
        /// `lang`, `dir` and the family theme's `data-` attributes of `<html>`.
        public let rootAttributes: String
        public let title: String
        public let label: String
        public let button: String
        /// What the page says without JavaScript.
        public let needsScript: String
        /// The opener's words (``openerKeys``) as the pages' script has its own
        /// (`Language.scriptWords`), for `data-unlock-words`.
        public let openerWords: String

        public init(rootAttributes: String, title: String, label: String, button: String, needsScript: String, openerWords: String) {
            self.rootAttributes = rootAttributes
            self.title = title
            self.label = label
            self.button = button
            self.needsScript = needsScript
            self.openerWords = openerWords
        }
    }

    /// The catalog keys the opener says itself.
    public static let openerKeys = ["unlock_ask", "unlock_opening", "unlock_wrong", "unlock_damaged", "unlock_no_crypto", "unlock_needs_https", "unlock_download"]

    /// What the shell says of the sealed file, in clear: a page to show, or a file to hand
    /// over (its name and type are sealed with it).
    enum Kind: String {
        case page, download
    }

    /// The shell's bytes before and after the sealed block of the file `name`: the same
    /// for every file but for its name, kind and way to the assets (every shell in the family's theme, even a
    /// child's page in a theme of its own, so that shells do not tell the children apart).
    /// Its policy is the one the opened page adds to, so it lets in what any page needs.
    static func frame(name: String, kind: Kind, words: Words, keyFile: ArchiveKeyFile) -> (head: String, tail: String) {
        let attributes = words.rootAttributes
        let root = ArchiveSealer.root(of: name)
        let security = "default-src 'none'; style-src 'self' file: data:; img-src 'self' file: data:; script-src 'self' file:; base-uri 'none'; form-action 'none'"
        let head = """
            <!DOCTYPE html>
            <html \(attributes) data-sealed="\(kind.rawValue)" data-name="\(name)" data-salt="\(keyFile.saltText)" data-rounds="\(keyFile.rounds)" data-check="\(keyFile.checkText)" data-unlock-words="\(MarkupText.escaped(words.openerWords))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(security)">
            <meta name="color-scheme" content="dark light">
            <meta name="referrer" content="no-referrer">
            <meta name="robots" content="noindex, nofollow">
            <title>\(MarkupText.escaped(words.title))</title>
            <link rel="stylesheet" href="\(root)assets/theme.css">
            <link rel="stylesheet" href="\(root)assets/bbreport.css">
            <script src="\(root)\(ArchiveSealer.openerPath)" defer></script>
            </head>
            <body class="sealed-page">
            <main class="unlock-main">
            <h1 class="unlock-title">\(MarkupText.escaped(words.title))</h1>
            <form class="unlock" hidden>
            <label for="passphrase">\(MarkupText.escaped(words.label))</label>
            <input id="passphrase" type="password" autocomplete="current-password" autocapitalize="off" spellcheck="false" required>
            <button type="submit">\(MarkupText.escaped(words.button))</button>
            </form>
            <p class="unlock-status" role="status" aria-live="polite"></p>
            <noscript><p class="unlock-needs-script">\(MarkupText.escaped(words.needsScript))</p></noscript>
            </main>
            <script type="application/octet-stream" id="sealed">
            """
        return (head, "</script>\n</body>\n</html>\n")
    }
}
