import Encryption
import Foundation
import InputFiles

/// The keys derived from passphrases, kept for the next build in the user's own cache
/// (`$CACHE_DIRECTORY` under systemd, else `$XDG_CACHE_HOME/bbreport` or
/// `~/.cache/bbreport`; the file `keys`, mode 600 in a folder of mode 700) — never in or
/// beside the archive, which may be shared. Deriving a key takes 600,000 rounds of
/// PBKDF2 (a third of a second here): three times the work of a nightly build. Each entry is
/// a salt, the key derived with it and a keyed check of the passphrase (HMAC-SHA256 under
/// the key), so that only the passphrase it came from finds it. The file is as secret as
/// the passphrase file: deleting it costs only time.
struct KeyCache {
    struct Entry: Equatable {
        let salt: [UInt8]
        let rounds: Int
        let master: SealingKey
        let check: [UInt8]
    }

    /// The file.
    let path: String
    /// At most this many passphrases are remembered (a family has one or two archives).
    static let capacity = 8
    static let maximumBytes = 4096

    /// The cache of this user, or nil without a home for it.
    static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> KeyCache? {
        let folder: String
        if let systemd = environment["CACHE_DIRECTORY"]?.split(separator: ":").first, !systemd.isEmpty {
            folder = String(systemd)
        } else if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            folder = cache + "/bbreport"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/bbreport"
        } else {
            return nil
        }
        return KeyCache(path: folder + "/keys")
    }

    /// The entry `passphrase` made with `salt` (any salt when nil), if kept.
    func entry(for passphrase: Passphrase, salt: [UInt8]? = nil) -> Entry? {
        entries().first { entry in
            (salt == nil || entry.salt == salt) && entry.check == Self.check(passphrase, master: entry.master)
        }
    }

    /// Keeps `master`, derived from `passphrase` and `salt`, first in the file; a failure to
    /// write costs only the next build's time, so it is not reported.
    func keep(_ master: SealingKey, salt: [UInt8], rounds: Int, for passphrase: Passphrase) {
        guard let check = Self.check(passphrase, master: master) else { return }
        let entry = Entry(salt: salt, rounds: rounds, master: master, check: check)
        let kept = [entry] + entries().filter { $0.check != check }
        let lines = kept.prefix(Self.capacity).map { entry in
            [Data(entry.salt), Data(entry.master.bytes), Data(entry.check)].map { $0.base64EncodedString() }.joined(separator: " ") + " \(entry.rounds)\n"
        }
        write(Data(lines.joined().utf8))
    }

    /// The entries in the file; none when it is missing, readable by others or not as
    /// ``keep(_:salt:rounds:for:)`` writes it.
    func entries() -> [Entry] {
        guard let data = try? FileInput.readSecret(path, limit: Self.maximumBytes) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 4, let rounds = Int(fields[3]), rounds >= SealingKey.iterations,
                  let salt = Data(base64Encoded: String(fields[0])), salt.count == 16,
                  let key = Data(base64Encoded: String(fields[1])).flatMap({ SealingKey(bytes: [UInt8]($0)) }),
                  let check = Data(base64Encoded: String(fields[2])), check.count == KeyedHash.byteCount else { return nil }
            return Entry(salt: [UInt8](salt), rounds: rounds, master: key, check: [UInt8](check))
        }
    }

    /// HMAC-SHA256 of the passphrase under the key it made.
    static func check(_ passphrase: Passphrase, master: SealingKey) -> [UInt8]? {
        KeyedHash.sha256(Array("bbreport passphrase ".utf8) + passphrase.bytes, key: master.bytes)
    }

    /// `data` written in place of the file, created with mode 600 (never wider, not even
    /// for a moment) and renamed over it.
    private func write(_ data: Data) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != data.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
