import Foundation

// Writes every `.mustache`, `.css` and `.js` file under a folder into a Swift source file as
// string literals: `embeddedTemplates["partials/nav.mustache"]` is that file's text.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder <templates folder> <output.swift>\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL
var files: [(name: String, text: String)] = []
if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
    for case let url as URL in walker where ["mustache", "css", "js"].contains(url.pathExtension) {
        let name = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
        files.append((name, try String(contentsOf: url, encoding: .utf8)))
    }
}
files.sort { $0.name < $1.name }

/// A raw string literal whose delimiter cannot occur in `text`.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains(hashes + "\"") || text.contains("\\" + hashes) {
        hashes += "#"
    }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var source = "// Generated from templates/ by the EmbedTemplates plugin. Do not edit.\n\n"
source += "/// The default templates and styles, by path relative to `templates/`.\n"
source += "let embeddedTemplates: [String: String] = [\n"
for file in files {
    source += "    \"\(file.name)\": \(literal(file.text)),\n"
}
source += "]\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]))
