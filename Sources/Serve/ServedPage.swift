import Foundation
import Report

/// An archive page as `serve` sends it: the page's own bytes with the reload script (and,
/// after a failed build, the error overlay) added before `</body>`, and its Content
/// Security Policy widened just enough to run that script and open its socket. The
/// files on disk are never touched.
enum ServedPage {
    /// `html` with the reload script for `state`, and the overlay when its build failed.
    static func html(_ html: String, state: ServeState.Snapshot) -> String {
        var page = widenedPolicy(html)
        let addition = (state.failure.map { ServeAssets.overlay(for: $0, archiveShown: true) } ?? "") + ServeAssets.reloadTag(state.generation)
        if let body = page.range(of: "</body>", options: [.backwards, .caseInsensitive]) {
            page.insert(contentsOf: addition, at: body.lowerBound)
        } else {
            page += addition
        }
        return page
    }

    /// The page's CSP `<meta>` with `'self'` allowed for scripts, styles and connections.
    static func widenedPolicy(_ html: String) -> String {
        let opening = #"http-equiv="Content-Security-Policy" content=""#
        guard let start = html.range(of: opening, options: .caseInsensitive),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { return html }
        var directives = html[start.upperBound..<end].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in ["script-src", "style-src", "connect-src"] {
            if let index = directives.firstIndex(where: { $0 == name || $0.hasPrefix(name + " ") }) {
                if !directives[index].split(separator: " ").contains("'self'") { directives[index] += " 'self'" }
            } else {
                directives.append("\(name) 'self'")
            }
        }
        return html.replacingCharacters(in: start.upperBound..<end, with: directives.joined(separator: "; "))
    }
}
