import Foundation
import InputFiles

/// The texts of the templates, the layout stylesheet and the search script before any is
/// parsed: the defaults built into bbreport, each replaceable by a file of the same name in
/// a folder the user names. Enough to fingerprint a build; parsing (``Templates``) can
/// then run beside reading the export.
public struct TemplateSources: Sendable {
    /// Each file's text and the name to quote in messages, by path (`partials/nav.mustache`).
    let files: [String: (text: String, file: String)]

    /// The defaults, with any file in `folder` (`day.mustache`, `partials/nav.mustache`,
    /// `bbreport.css`, `search.js`) taking the place of the default of the same name.
    public static func load(overriding folder: String? = nil) throws(TemplateError) -> TemplateSources {
        var files: [String: (text: String, file: String)] = [:]
        for (name, text) in embeddedTemplates {
            files[name] = (text, "templates/\(name) (built in)")
        }
        if let folder {
            for (name, text) in try read(folder) {
                files[name] = (text, (folder as NSString).appendingPathComponent(name))
            }
        }
        return TemplateSources(files: files)
    }

    /// Every file's name and text, in name order: what the pages are made with.
    public var texts: [(name: String, text: String)] {
        files.sorted { $0.key < $1.key }.map { ($0.key, $0.value.text) }
    }

    /// The `.mustache`, `.css` and `.js` files under `folder`, by path relative to it.
    private static func read(_ folder: String) throws(TemplateError) -> [String: String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            var error = TemplateError(file: folder, line: nil, column: nil, message: "no such templates folder")
            error.isMissingFolder = true
            throw error
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard ["mustache", "css", "js"].contains(url.pathExtension) else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            let path = (folder as NSString).appendingPathComponent(name)
            let isTemplate = url.pathExtension == "mustache"
            let limit = isTemplate ? maximumTemplateBytes : maximumStyleBytes
            let bytes: Data
            do {
                bytes = try FileInput.read(url.path, limit: limit)
            } catch {
                let problem = switch error {
                case .tooLarge(let size, _):
                    "is \(FileInput.size(size)), more than the \(FileInput.size(Int64(limit))) \(isTemplate ? "a template" : "a stylesheet or script") may be"
                case .folder: "is a folder, not a file"
                case .notRegular(let kind): "is \(kind), not a file"
                case .missing, .unreadable: "cannot be read"
                }
                throw TemplateError(file: path, line: nil, column: nil, message: problem)
            }
            guard let text = String(data: bytes, encoding: .utf8) else {
                throw TemplateError(file: path, line: nil, column: nil, message: "cannot be read as UTF-8 text")
            }
            files[name] = text
        }
        return files
    }

    /// The largest template read: 40 times the largest built-in one. A template that only
    /// swift-mustache parses (it uses transforms, or is refused) takes it time that grows
    /// with the square of its length: 3.4 s for 120 KB.
    static let maximumTemplateBytes = 128 << 10
    /// The largest stylesheet or script read (the built-in stylesheet is 19 KB).
    static let maximumStyleBytes = 4 << 20
}
