import ArgumentParser
@testable import bbreport
import Foundation
import Report
import Testing

/// An archive built in the test's own process, as `bbreport build` builds it: the export's
/// text written to a file, the command line read by the command's own parser, and the
/// build run as a function, its warnings kept. For tests of what pages say; the command
/// line itself (exit statuses, messages, atomic writes) is tested by running the binary.
struct BuiltArchive: Sendable {
    /// The archive's folder.
    let root: URL
    /// Every warning and note the build gave, as the command prints them.
    let warnings: [String]

    /// Builds `export` (an export's text, or another app's file, named `file`) with the
    /// build's `arguments`. The build reads the environment's language as a shell with
    /// `LANG=C.UTF-8` would: US English unless `--language` says otherwise.
    static func build(_ export: String, file: String = "export.json", arguments: [String] = []) async throws -> BuiltArchive {
        let folder = HarnessFolder.fresh()
        let input = folder.appendingPathComponent(file)
        try Data(export.utf8).write(to: input)
        return try await build(arguments: [input.path] + arguments, in: folder)
    }

    /// Builds with the command line `arguments` (after `build`), whose `-o` is set to a
    /// folder of the archive's own unless given.
    static func build(arguments: [String], in folder: URL) async throws -> BuiltArchive {
        let output = arguments.contains("-o") ? [] : ["-o", folder.appendingPathComponent("out").path]
        guard let command = try BBReport.parseAsRoot(["build"] + arguments + output) as? BuildCommand else {
            throw BuildFailure(description: "not a build command: \(arguments)")
        }
        var options = try command.flags.options(config: try command.flags.loadConfig())
        options.language = try options.levels.languageRequest.resolve(environment: ["LANG": "C.UTF-8"])
        let warnings = Warnings()
        _ = try await Report.build(options) { warnings.add($0.description) }
        return BuiltArchive(root: URL(fileURLWithPath: options.output, relativeTo: folder).standardizedFileURL, warnings: warnings.all)
    }

    /// One page of the archive, by its path in it (`ava/2026/11/21.html`).
    func page(_ path: String) throws -> HTMLDocument {
        try HTMLDocument(contentsOf: root.appendingPathComponent(path))
    }

    /// A file of the archive as text.
    func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// A build the harness could not make.
struct BuildFailure: Error, CustomStringConvertible {
    let description: String
}

/// Builds made once and read by every test that asks for the same export and arguments.
final class SharedBuilds: Sendable {
    static let shared = SharedBuilds()
    private let builds = Memo<[String], BuiltArchive>()

    /// The archive of `export` built with `arguments`, built on the first asking.
    func archive(_ export: String, file: String = "export.json", arguments: [String] = []) async throws -> BuiltArchive {
        try await builds.value([export, file] + arguments) {
            try await BuiltArchive.build(export, file: file, arguments: arguments)
        }
    }
}

/// The folders in-process builds write to: one per build, under one removed as the run ends.
enum HarnessFolder {
    static let parent: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-harness-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: HarnessFolder.parent) }
        return parent
    }()

    static func fresh() -> URL {
        let folder = parent.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Warnings gathered from a build's callback.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
