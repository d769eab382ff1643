import Foundation

/// The bundled sample (or a test's export) built once per list of arguments, by the binary,
/// for every test that only reads it (a full build of the sample is the costliest step of
/// most tests). A test that changes an archive builds its own.
enum SampleBuilds {
    private static let builds = Memo<[String], URL>()

    /// The archive of the bundled sample built with `arguments` (`-q` and the output folder
    /// aside): its folder, or an error naming what the build said. `inputs`, asked for on the
    /// first build only, are files written into the build's folder first, by the names the
    /// arguments give them; `environment`, when given, is the build's.
    static func archive(_ arguments: [String] = [], environment: [String: String]? = nil,
                        inputs: @escaping @Sendable () throws -> [String: Data] = { [:] }) async throws -> URL {
        try await builds.value(arguments) {
            let folder = HarnessFolder.fresh()
            for (name, data) in try inputs() { try data.write(to: folder.appendingPathComponent(name)) }
            let result = try await Tool.run(["build", "-q", "-o", "output"] + arguments, in: folder, environment: environment)
            guard result.status == 0 else {
                throw BuildFailure(description: "the sample built with \(arguments) exited \(result.status): \(result.stderr)")
            }
            return folder.appendingPathComponent("output")
        }
    }
}
