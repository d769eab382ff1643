import Encryption
import Foundation
@testable import Report
import Testing

@Suite struct KeyCacheTests {
    static let passphrase = Passphrase(bytes: Array("the kettle sings at dawn".utf8))

    func cache() throws -> (KeyCache, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-keys-\(UUID().uuidString)")
        return (KeyCache(path: folder.appendingPathComponent("cache/keys").path), folder)
    }

    @Test("a key kept is found by its passphrase only, in a file of mode 600 in a folder of mode 700")
    func keeps() throws {
        let (cache, folder) = try cache()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = try #require(SealingKey(bytes: Array(repeating: 3, count: 32)))
        let salt = [UInt8](repeating: 9, count: 16)
        #expect(cache.entry(for: Self.passphrase) == nil)
        cache.keep(master, salt: salt, rounds: SealingKey.iterations, for: Self.passphrase)
        #expect(cache.entry(for: Self.passphrase)?.master == master)
        #expect(cache.entry(for: Self.passphrase, salt: salt)?.master == master)
        #expect(cache.entry(for: Self.passphrase, salt: [UInt8](repeating: 8, count: 16)) == nil)
        #expect(cache.entry(for: Passphrase(bytes: Array("the kettle sings at dusk".utf8))) == nil)
        let file = try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int
        let parent = try FileManager.default.attributesOfItem(atPath: (cache.path as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(file == 0o600 && parent == 0o700)
        // Others could read it: not used.
        chmod(cache.path, 0o644)
        #expect(cache.entry(for: Self.passphrase) == nil)
    }

    @Test("at most eight passphrases are kept, the latest first; lines not as written are passed over")
    func bounded() throws {
        let (cache, folder) = try cache()
        defer { try? FileManager.default.removeItem(at: folder) }
        for number in 0..<10 {
            let passphrase = Passphrase(bytes: Array("passphrase number \(number)".utf8))
            cache.keep(SealingKey(bytes: Array(repeating: UInt8(number), count: 32))!, salt: Array(repeating: 1, count: 16),
                       rounds: SealingKey.iterations, for: passphrase)
        }
        #expect(cache.entries().count == 8)
        #expect(cache.entry(for: Passphrase(bytes: Array("passphrase number 9".utf8))) != nil)
        #expect(cache.entry(for: Passphrase(bytes: Array("passphrase number 1".utf8))) == nil)
        var text = try String(contentsOfFile: cache.path, encoding: .utf8)
        text.replaceSubrange(try #require(text.range(of: " 600000\n")), with: " 1000\n")
        text = "garbage\n" + text
        try Data(text.utf8).write(to: URL(fileURLWithPath: cache.path))
        chmod(cache.path, 0o600)
        #expect(cache.entries().count == 7)
    }

    @Test("the cache's folder: systemd's CACHE_DIRECTORY, else XDG_CACHE_HOME, else ~/.cache; none without a home")
    func folder() {
        #expect(KeyCache.user(environment: ["CACHE_DIRECTORY": "/var/cache/bbreport/family", "HOME": "/root"])?.path == "/var/cache/bbreport/family/keys")
        #expect(KeyCache.user(environment: ["XDG_CACHE_HOME": "/home/a/.c", "HOME": "/home/a"])?.path == "/home/a/.c/bbreport/keys")
        #expect(KeyCache.user(environment: ["HOME": "/home/a"])?.path == "/home/a/.cache/bbreport/keys")
        #expect(KeyCache.user(environment: ["XDG_CACHE_HOME": "relative"]) == nil)
    }
}
