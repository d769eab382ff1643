import Foundation

/// The bundled sample built once per list of arguments, by the binary, for every test that
/// only reads it (a full build of the sample is the costliest step of most tests). A test that
/// changes an archive builds its own.
enum SampleBuilds {
    private static let registry = Registry()

    /// The builds asked for so far, by their arguments.
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var builds: [[String]: Build] = [:]
    }

    /// One build, made by the first test that asks for it while the others wait.
    private final class Build: @unchecked Sendable {
        let folder: URL
        let lock = NSLock()
        var result: Tool.Result?

        init(folder: URL) { self.folder = folder }
    }

    /// The archive of the bundled sample built with `arguments` (`-q` and the output folder
    /// aside): its folder, or an error naming what the build said.
    static func archive(_ arguments: [String] = []) throws -> URL {
        let build = registry.lock.withLock {
            if let build = registry.builds[arguments] { return build }
            let build = Build(folder: HarnessFolder.fresh())
            registry.builds[arguments] = build
            return build
        }
        let result = try build.lock.withLock {
            if let result = build.result { return result }
            let result = try Tool.run(["build", "-q", "-o", "output"] + arguments, in: build.folder)
            build.result = result
            return result
        }
        guard result.status == 0 else {
            throw BuildFailure(description: "the sample built with \(arguments) exited \(result.status): \(result.stderr)")
        }
        return build.folder.appendingPathComponent("output")
    }
}
