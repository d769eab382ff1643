import Foundation
import Sample
import Source

extension Report {
    /// The bytes of the sample export described by `options`.
    public static func sample(_ options: SampleOptions) throws(Diagnostic) -> Data {
        do {
            return try ExportWriter.data(for: SampleGenerator.document(options))
        } catch {
            throw Diagnostic(.error, "could not encode the sample: \(error)")
        }
    }

    /// Writes `data` to `path` atomically: a temporary file beside it, then a rename.
    public static func writeFile(_ data: Data, to path: String) throws(Diagnostic) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let nsError = error as NSError
            throw Diagnostic(.error, "\(path): \(nsError.localizedFailureReason ?? nsError.localizedDescription)",
                             hint: "choose a path in a folder you can write to", exitStatus: ExitStatus.other)
        }
    }
}
