import Foundation

/// The bundled sample (or a test's export) built once per list of arguments, by the binary,
/// for every test that only reads it (a full build of the sample is the costliest step of
/// most tests). A test that changes an archive builds its own.
enum SampleBuilds {
    private static let registry = Registry()

    /// The builds asked for so far, by their arguments: each made by the first test that
    /// asks for it while the others wait.
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var builds: [[String]: Task<URL, any Error>] = [:]
    }

    /// The archive of the bundled sample built with `arguments` (`-q` and the output folder
    /// aside): its folder, or an error naming what the build said. `inputs` are files written
    /// into the build's folder first, by name (a name stands for the same bytes all run long).
    static func archive(_ arguments: [String] = [], inputs: [String: Data] = [:]) async throws -> URL {
        let key = inputs.keys.sorted() + ["--"] + arguments
        return try await registry.lock.withLock {
            if let build = registry.builds[key] { return build }
            let build = Task {
                let folder = HarnessFolder.fresh()
                for (name, data) in inputs { try data.write(to: folder.appendingPathComponent(name)) }
                let result = try await Tool.run(["build", "-q", "-o", "output"] + arguments, in: folder)
                guard result.status == 0 else {
                    throw BuildFailure(description: "the sample built with \(arguments) exited \(result.status): \(result.stderr)")
                }
                return folder.appendingPathComponent("output")
            }
            registry.builds[key] = build
            return build
        }.value
    }
}
