import Foundation
@testable import Report
import Testing

/// The passphrase of `build --encrypt`: from the environment or a private file, refused
/// with its reason when it could not protect the archive or could not be typed.
@Suite struct PassphraseTests {
    func file(_ bytes: [UInt8], mode: Int = 0o600) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("passphrase-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func refusal(file path: String? = nil, environment: [String: String] = [:]) -> Diagnostic? {
        do {
            _ = try Passphrase.load(file: path, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test("from a file (its last line break dropped) or from BBREPORT_PASSPHRASE; the file wins; printing it shows nothing")
    func sources() throws {
        let path = try file(Array("correct horse battery staple\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try Passphrase.load(file: path, environment: ["BBREPORT_PASSPHRASE": "another one entirely"])
        #expect(fromFile.bytes == Array("correct horse battery staple".utf8))
        #expect(try Passphrase.load(file: nil, environment: ["BBREPORT_PASSPHRASE": "another one entirely"]).bytes == Array("another one entirely".utf8))
        #expect("\(fromFile)" == "(passphrase)")
        let windows = try file(Array("correct horse battery staple\r\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: windows) }
        #expect(try Passphrase.load(file: windows, environment: [:]).bytes == fromFile.bytes)
    }

    @Test("12 characters are enough in any script; 11 are not, with the count; é typed as e and an accent is é")
    func length() throws {
        #expect(try Passphrase.checked(Array("おばあちゃんの台所でお茶".utf8), from: "x").bytes.count == 36)
        let short = try #require(refusal(environment: ["BBREPORT_PASSPHRASE": "eleven char"]))
        #expect(short.exitStatus == 64 && short.message.contains("has 11 characters") && short.message.contains("at least 12"))
        let decomposed = try Passphrase.checked(Array("cafe\u{301} au lait!!".utf8), from: "x")
        #expect(decomposed.bytes == Array("caf\u{E9} au lait!!".utf8))
    }

    @Test("refused, each with its reason and exit 64: none at all, a file others can read, a file of 10 MB, a folder, a FIFO, NUL, a tab, bytes that are not UTF-8")
    func refusals() throws {
        #expect(refusal()?.message.contains("set BBREPORT_PASSPHRASE") == true)
        let shared = try file(Array("correct horse battery staple".utf8), mode: 0o644)
        let huge = try file([UInt8](repeating: 0x61, count: 10 << 20))
        let nul = try file(Array("correct horse\u{0}battery".utf8))
        let tab = try file(Array("correct horse\tbattery".utf8))
        let latin1 = try file([0x63, 0x61, 0x66, 0xE9] + Array(" au lait noir".utf8))
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("passphrase-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { for path in [shared, huge, nul, tab, latin1, fifo] { try? FileManager.default.removeItem(atPath: path) } }
        let expected: [(String, String)] = [
            (shared, "can be read by other users (mode 644)"), (huge, "is 10 MB, but a passphrase is one line"),
            (FileManager.default.temporaryDirectory.path, "is a folder"), (fifo, "named pipe"),
            (nul, "control character (U+0000, character 14)"), (tab, "control character (U+0009"), (latin1, "is not UTF-8 text"),
        ]
        for (path, words) in expected {
            let refused = try #require(refusal(file: path), "\(path)")
            #expect(refused.exitStatus == 64)
            #expect(refused.message.contains(words), "\(refused.message)")
            #expect(refused.message.contains(path), "\(refused.message)")
        }
    }
}
