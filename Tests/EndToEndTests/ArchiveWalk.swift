import Foundation

/// Reads a built archive the way a browser would follow it.
enum ArchiveWalk {
    /// Every `.html` file under `root`, relative paths sorted.
    static func pages(in root: URL) -> [String] {
        var pages: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".html") { pages.append(relative) }
        }
        return pages.sorted()
    }

    /// Every `href` and `src` value in `html`, entities read.
    static func references(in html: String) -> [String] {
        guard let page = try? HTMLDocument(html) else { return [] }
        return references(in: page.root)
    }

    static func references(in element: HTMLElement, outside notes: Bool = false) -> [String] {
        let outsideNotes = notes ? "[not(ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' note-text ')])]" : ""
        return element.all(xpath: ".//*[@href or @src]\(outsideNotes)").flatMap { element in
            [element.attribute("href"), element.attribute("src")].compactMap { $0 }
        }
    }

    /// Every file reached by following links from `start` (relative paths).
    static func reachable(from start: String, in root: URL) -> Set<String> {
        var seen: Set<String> = [start]
        var queue = [start]
        while let page = queue.popLast() {
            guard page.hasSuffix(".html"),
                  let html = try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8) else { continue }
            let base = URL(fileURLWithPath: "/" + page).deletingLastPathComponent()
            for reference in references(in: html) where !reference.isEmpty && !reference.hasPrefix("#") && !reference.contains(":") {
                let file = String(reference.split(separator: "#").first ?? "")
                let target = String(base.appendingPathComponent(file).standardizedFileURL.path.dropFirst())
                if seen.insert(target).inserted { queue.append(target) }
            }
        }
        return seen
    }

    /// Problems with the references of the page at `page` (relative to `root`): external
    /// addresses, links to folders, files that are missing or outside the archive, and
    /// fragments that name no element. A link a parent wrote in a note may lead to a web
    /// page (it loads nothing until followed); nothing else may leave the archive.
    static func problems(page: String, root: URL) throws -> [String] {
        try problems(of: HTMLDocument(contentsOf: root.appendingPathComponent(page)), page: page, root: root)
    }

    /// The problems of `document`, the page at `page`, as ``problems(page:root:)``.
    static func problems(of document: HTMLDocument, page: String, root: URL) -> [String] {
        let url = root.appendingPathComponent(page)
        let ids = Set(document.all("[id]").compactMap { $0.attribute("id") })
        let rootPath = root.standardizedFileURL.path + "/"
        var problems: [String] = []
        for note in document.all("div.note-text") {
            for target in note.all("a[href]").compactMap({ $0.attribute("href") })
            where !(target.isEmpty || target.hasPrefix("https://") || target.hasPrefix("http://") || target.hasPrefix("mailto:")) {
                problems.append("\(page): a note links to \(target)")
            }
            for source in note.all("[src]").compactMap({ $0.attribute("src") }) {
                problems.append("\(page): a note loads \(source)")
            }
        }
        for reference in references(in: document.root, outside: true) where !reference.isEmpty {
            if reference.hasPrefix("#") {
                if !ids.contains(String(reference.dropFirst())) { problems.append("\(page): \(reference) names no element") }
                continue
            }
            if reference.contains(":") || reference.hasPrefix("//") {
                problems.append("\(page): external reference \(reference)")
                continue
            }
            let file = reference.split(separator: "#", maxSplits: 1).first.map(String.init) ?? reference
            let target = url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
            var isFolder: ObjCBool = false
            if !target.path.hasPrefix(rootPath) {
                problems.append("\(page): \(reference) leaves the archive")
            } else if !FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) {
                problems.append("\(page): \(reference) is missing")
            } else if isFolder.boolValue {
                problems.append("\(page): \(reference) names a folder, not a file")
            }
        }
        return problems
    }
}
