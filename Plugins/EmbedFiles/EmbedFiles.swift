import Foundation
import PackagePlugin

/// Compiles a folder of the repository into the target that uses this plugin, so the
/// files travel inside the executable and it works from any folder: the default
/// templates into HTML, the WHO growth tables, as published, into Growth; the languages' catalogs into Wording.
@main
struct EmbedFiles: BuildToolPlugin {
    /// What each target embeds: the folder, the dictionary's name, the files' extensions.
    static let folders: [String: (folder: String, name: String, extensions: [String])] = [
        "HTML": ("templates", "embeddedTemplates", ["mustache", "css", "js"]),
        "Growth": ("growth-standards", "embeddedGrowthStandards", ["txt"]),
        "Wording": ("languages", "embeddedCatalogs", ["yaml"]),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let (folder, name, extensions) = Self.folders[target.name] else {
            throw PluginError.noFolder(target.name)
        }
        let root = context.package.directoryURL.appendingPathComponent(folder)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Embedded-\(folder).swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where extensions.contains(url.pathExtension) {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files of \(folder)/",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [root.path, output.path, name, extensions.joined(separator: ",")],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            ),
        ]
    }

    enum PluginError: Error, CustomStringConvertible {
        case noFolder(String)
        var description: String {
            switch self {
            case .noFolder(let target): "EmbedFiles: no folder is set to embed into \(target)"
            }
        }
    }
}
