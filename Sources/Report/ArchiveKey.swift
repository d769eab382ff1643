import Archive
import Encryption
import Foundation
import Pages
import Sealing
import Wording

/// The key an encrypted build seals its archive with: derived from the passphrase and the
/// salt the archive in use keeps when the passphrase opens its check (its sealed files stay
/// as they are where nothing changed), or a fresh salt's when it does not (a new
/// passphrase: every file sealed anew).
struct ArchiveKey: Sendable {
    let master: SealingKey
    let keyFile: ArchiveKeyFile

    /// The key for the archive `writer` writes, with `passphrase`; one derived before is
    /// taken from `cache` (``KeyCache``), and one derived now is kept there.
    static func choose(_ passphrase: Passphrase, writer: ArchiveWriter, clean: Bool, cache: KeyCache? = .user()) throws(Diagnostic) -> ArchiveKey {
        if !clean, writer.lists(ArchiveKeyFile.name) {
            guard let data = writer.previousFile(ArchiveKeyFile.name, limit: ArchiveKeyFile.maximumBytes),
                  let kept = ArchiveKeyFile(data: data) else {
                throw Diagnostic(.error, "\(writer.displayPath)/\(ArchiveKeyFile.name): the encrypted archive's key file is missing or changed, so none of its files can be kept; nothing was written",
                                 hint: "build with --clean to seal every file anew under a new salt", exitStatus: ExitStatus.badData)
            }
            if let entry = cache?.entry(for: passphrase, salt: kept.salt), kept.opens(with: entry.master) {
                return ArchiveKey(master: entry.master, keyFile: kept)
            }
            let master = try derive(passphrase, salt: kept.salt, rounds: kept.rounds, keepingIn: nil)
            if kept.opens(with: master) {
                cache?.keep(master, salt: kept.salt, rounds: kept.rounds, for: passphrase)
                return ArchiveKey(master: master, keyFile: kept)
            }
        }
        // A new archive, or a new passphrase: the salt this passphrase was last used with
        // (its key kept), or a fresh one.
        let (salt, rounds, master): ([UInt8], Int, SealingKey)
        if let entry = cache?.entry(for: passphrase) {
            (salt, rounds, master) = (entry.salt, entry.rounds, entry.master)
        } else {
            guard let fresh = ArchiveKeyFile.fresh() else { throw libraryFailure("no random salt") }
            (salt, rounds) = fresh
            master = try derive(passphrase, salt: salt, rounds: rounds, keepingIn: cache)
        }
        guard let keyFile = ArchiveKeyFile(salt: salt, rounds: rounds, master: master) else { throw libraryFailure("the key's check could not be sealed") }
        return ArchiveKey(master: master, keyFile: keyFile)
    }

    /// The plaintext of a file of the archive sealed whole at `path` (not in a shell), or
    /// nil when it does not open.
    func open(_ sealed: [UInt8], at path: String) -> [UInt8]? {
        ArchiveSealer.open(sealed, at: path, master: master)
    }

    /// What stands for the key in the build's fingerprints.
    var identity: String {
        ArchiveSealer.identity(of: master)
    }

    /// The sealer of `site`'s archive: the shells in its language and family theme, each
    /// visit summary's margins carried in its page.
    func sealer(for site: Site, stylesheets inlined: [String: String]) throws(Diagnostic) -> ArchiveSealer {
        let language = site.language
        let theme = site.theme
        var attributes = "lang=\"\(language.code)\" dir=\"\(language.direction)\" data-palette=\"\(theme.palette.id)\" data-categories=\"\(theme.strategy.id)\" data-icons=\"\(theme.iconStyle.rawValue)\""
        if site.scheme != .auto { attributes += " data-scheme=\"\(site.scheme.rawValue)\"" }
        let words = SealedShell.Words(rootAttributes: attributes, title: language.text("unlock_title"), label: language.text("unlock_label"),
                                      button: language.text("unlock_button"), needsScript: language.text("unlock_needs_script"),
                                      openerWords: language.scriptWords(SealedShell.openerKeys))
        guard let sealer = ArchiveSealer(master: master, keyFile: keyFile, shell: words, inlined: inlined) else {
            throw Self.libraryFailure("the keys could not be expanded")
        }
        return sealer
    }

    private static func derive(_ passphrase: Passphrase, salt: [UInt8], rounds: Int, keepingIn cache: KeyCache?) throws(Diagnostic) -> SealingKey {
        guard let key = SealingKey.derive(passphrase: passphrase.bytes, salt: salt, iterations: rounds) else {
            throw libraryFailure("PBKDF2 could not derive the key")
        }
        cache?.keep(key, salt: salt, rounds: rounds, for: passphrase)
        return key
    }

    static func libraryFailure(_ what: String) -> Diagnostic {
        Diagnostic(.error, "OpenSSL could not encrypt the archive (\(what)); nothing was written",
                   hint: "check that libssl3 is installed and working (`openssl version`)")
    }
}
