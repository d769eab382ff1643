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

    /// Every `href="…"` and `src="…"` value in `html`.
    static func references(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b(?:href|src)="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        return pattern.matches(in: html, range: range).map { String(html[Range($0.range(at: 1), in: html)!]) }
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

    /// Every `id="…"` in `html`.
    static func ids(in html: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"\bid="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        return Set(pattern.matches(in: html, range: range).map { String(html[Range($0.range(at: 1), in: html)!]) })
    }

    /// The text of parents' notes, cut out of `html`, and what is left.
    static func splitNotes(_ html: String) -> (notes: [String], rest: String) {
        let pattern = try! NSRegularExpression(pattern: #"<div class="note-text">(.*?)</div>"#, options: [.dotMatchesLineSeparators])
        let range = NSRange(html.startIndex..., in: html)
        let notes = pattern.matches(in: html, range: range).map { String(html[Range($0.range(at: 1), in: html)!]) }
        return (notes, pattern.stringByReplacingMatches(in: html, range: range, withTemplate: ""))
    }

    /// Problems with the references of the page at `page` (relative to `root`): external
    /// addresses, links to folders, files that are missing or outside the archive, and
    /// fragments that name no element. A link a parent wrote in a note may lead to a web
    /// page (it loads nothing until followed); nothing else may leave the archive.
    static func problems(page: String, root: URL) throws -> [String] {
        let url = root.appendingPathComponent(page)
        let whole = try String(contentsOf: url, encoding: .utf8)
        let ids = ids(in: whole)
        let (notes, html) = splitNotes(whole)
        let rootPath = root.standardizedFileURL.path + "/"
        var problems: [String] = []
        for note in notes {
            let links = try! NSRegularExpression(pattern: #"<a href="([^"]*)""#)
            for match in links.matches(in: note, range: NSRange(note.startIndex..., in: note)) {
                let target = String(note[Range(match.range(at: 1), in: note)!])
                if !(target.isEmpty || target.hasPrefix("https://") || target.hasPrefix("http://") || target.hasPrefix("mailto:")) {
                    problems.append("\(page): a note links to \(target)")
                }
            }
            let sources = try! NSRegularExpression(pattern: #"\bsrc="([^"]+)""#)
            for match in sources.matches(in: note, range: NSRange(note.startIndex..., in: note)) {
                problems.append("\(page): a note loads \(note[Range(match.range(at: 1), in: note)!])")
            }
        }
        for reference in references(in: html) where !reference.isEmpty {
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
