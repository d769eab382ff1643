import Foundation

// Writes every file under a folder whose name ends in one of the given extensions into a
// Swift source file as string literals in one dictionary, by path relative to the folder:
// `FileEmbedder templates out.swift embeddedTemplates mustache,css,js` gives
// `embeddedTemplates["partials/nav.mustache"]`, that file's text.
let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: FileEmbedder <folder> <output.swift> <name> <extension,…>\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let name = arguments[3]
let extensions = Set(arguments[4].split(separator: ",").map(String.init))
var files: [(name: String, text: String)] = []
if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
    for case let url as URL in walker where extensions.contains(url.pathExtension) {
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

var source = "// Generated from \(root.lastPathComponent)/ by FileEmbedder. Do not edit.\n\n"
source += "/// The files of `\(root.lastPathComponent)/`, by path relative to it.\n"
source += "let \(name): [String: String] = [\n"
for file in files {
    source += "    \"\(file.name)\": \(literal(file.text)),\n"
}
source += "]\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]))
