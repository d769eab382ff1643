import Foundation
import PackagePlugin

/// Compiles the repository's `templates/` folder into the target that uses this plugin,
/// so the default templates travel inside the executable and it works from any folder.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTemplates.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where ["mustache", "css", "js"].contains(url.pathExtension) {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            ),
        ]
    }
}
