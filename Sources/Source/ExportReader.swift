import Foundation

/// Reads export files from disk into ``ExportDocument``s.
public enum ExportReader {
    /// The document in the file at `path`; the path is quoted in errors as given.
    public static func read(path: String) throws(SourceError) -> ExportDocument {
        try decode(try data(path: path), file: path)
    }

    /// The bytes of the file at `path`, with the file's problems said as for `read`.
    public static func data(path: String) throws(SourceError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SourceError(file: path, reason: .missingFile)
        }
        guard !isFolder.boolValue else {
            throw SourceError(file: path, reason: .isFolder)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw SourceError(file: path, reason: .unreadable(reason))
        }
        return data
    }

    /// The document in `data`; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(SourceError) -> ExportDocument {
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw SourceError(file: file, reason: .empty)
        }
        if let document = ParallelExportDecoding.decode(data) {
            return document
        }
        do {
            return try JSONDecoding.decode(ExportDocument.self, from: data)
        } catch let failure where failure.isSyntax {
            throw SourceError(file: file, reason: .notJSON(location: failure.syntaxLocation))
        } catch {
            throw SourceError(file: file, reason: .invalidValue(path: error.path, message: error.message))
        }
    }
}
