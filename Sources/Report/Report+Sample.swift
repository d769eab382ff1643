import Foundation
import Sample
import Export

extension Report {
    /// The bytes of the sample export described by `options`.
    public static func sample(_ options: SampleOptions) throws(Diagnostic) -> Data {
        do {
            return try ExportWriter.data(for: SampleGenerator.document(options))
        } catch {
            throw Diagnostic(.error, "could not encode the sample: \(error)")
        }
    }

    /// Writes `data` to `path` as ``ExportFileOutput`` does: never over one of `inputs`, nor
    /// over anything but an export file of ours; atomically; new files 0600.
    public static func writeFile(_ data: Data, to path: String, inputs: [String] = []) throws(Diagnostic) {
        try ExportFileOutput.write(data, to: path, inputs: inputs)
    }

    /// Throws unless `path` can take an export file (see ``ExportFileOutput/check(_:inputs:)``),
    /// before any work is done for it.
    public static func checkReplaceable(_ path: String, inputs: [String] = []) throws(Diagnostic) {
        try ExportFileOutput.check(path, inputs: inputs)
    }
}
