import Foundation
import InputFiles

/// The passphrase of an encrypted archive, from `BBREPORT_PASSPHRASE` or a passphrase file
/// (mode 600, as the token's) — never a command-line argument. Printing it shows nothing.
/// It is kept as the UTF-8 of its canonical composition (NFC), as the pages' script takes
/// what a reader types, so "é" typed as one key or as "e" and an accent opens the same.
public struct Passphrase: Sendable, Equatable, CustomStringConvertible {
    /// Fewer characters are refused: a guessed passphrase opens every page.
    public static let minimumCharacters = 12
    /// The longest passphrase file read: a passphrase is a line.
    public static let maximumBytes = 1024

    public let bytes: [UInt8]

    public var description: String { "(passphrase)" }

    /// The passphrase in the file at `file`, or else in `BBREPORT_PASSPHRASE`.
    public static func load(file: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) -> Passphrase {
        if let path = file {
            let data: Data
            do {
                data = try FileInput.readSecret(path, limit: maximumBytes)
            } catch {
                throw usage(error.message(path: path, secret: "passphrase", limit: maximumBytes))
            }
            // The file's last line break is the editor's, not the passphrase's.
            var bytes = [UInt8](data)
            if bytes.last == 0x0A { bytes.removeLast() }
            if bytes.last == 0x0D { bytes.removeLast() }
            return try checked(bytes, from: "\(path): the passphrase")
        }
        guard let text = environment["BBREPORT_PASSPHRASE"], !text.isEmpty else {
            throw usage("an encrypted archive needs a passphrase: set BBREPORT_PASSPHRASE, or give a passphrase file (mode 600) with --passphrase-file or passphrase_file:")
        }
        return try checked(Array(text.utf8), from: "BBREPORT_PASSPHRASE")
    }

    /// `bytes` as a passphrase: UTF-8 text of at least 12 characters, none of them a control
    /// character (a NUL, a tab, a line break), in its canonical composition.
    static func checked(_ bytes: [UInt8], from source: String) throws(Diagnostic) -> Passphrase {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw usage("\(source) is not UTF-8 text", hint: "write it again in an editor that saves UTF-8")
        }
        if let index = text.unicodeScalars.firstIndex(where: { $0.properties.generalCategory == .control }) {
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1
            let scalar = text.unicodeScalars[index]
            throw usage("\(source) holds a control character (U+\(String(format: "%04X", scalar.value)), character \(position))",
                        hint: "a passphrase is what a reader types: letters, digits, spaces and signs, on one line")
        }
        let composed = text.precomposedStringWithCanonicalMapping
        guard composed.count >= minimumCharacters else {
            throw usage("\(source) has \(composed.count) characters; an encrypted archive needs at least \(minimumCharacters)",
                        hint: "a few words that belong together make one that is long and easy to type")
        }
        return Passphrase(bytes: Array(composed.utf8))
    }

    /// A passphrase held by the caller, for tests and embedding.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static func usage(_ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, hint: hint, exitStatus: ExitStatus.usage)
    }
}
