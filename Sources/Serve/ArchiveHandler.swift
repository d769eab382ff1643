import Foundation
import InputFiles

/// Answers every request but the reload socket: its two files under `/_bbreport/`, and
/// otherwise the archive's files, read from disk at each request (a rebuild swaps the
/// whole folder at once, so a page is always from one build or the other).
struct ArchiveHandler: Sendable {
    let root: String
    let state: ServeState

    /// The largest file served: an archive's biggest is a visit PDF of a few hundred KB.
    static let maximumFileBytes = 64 << 20

    func reply(to request: RequestHead) -> HTTPReply {
        let path = request.path
        switch path {
        case ServeAssets.scriptPath:
            return Self.answer(Data(ServeAssets.reloadScript.utf8), type: ContentType.of(path))
        case ServeAssets.stylesheetPath:
            return Self.answer(Data(ServeAssets.overlayStylesheet.utf8), type: ContentType.of(path))
        default:
            return file(at: path)
        }
    }

    private func file(at path: String) -> HTTPReply {
        let snapshot = state.snapshot
        switch ServedPath.resolve(path, in: root) {
        case .file(let file):
            guard let data = try? FileInput.read(file, limit: Self.maximumFileBytes) else { return missing(path, snapshot) }
            guard file.hasSuffix(".html") else { return Self.answer(data, type: ContentType.of(file)) }
            let page = ServedPage.html(String(decoding: data, as: UTF8.self), state: snapshot)
            return Self.answer(Data(page.utf8), type: ContentType.of(file))
        case .folder(let location):
            return HTTPReply(status: 301, headers: [("Location", location), ("Cache-Control", "no-store")])
        case .missing where path == "/favicon.ico":
            // Browsers ask for it on their own; the archive has none, and that is no error.
            return HTTPReply(status: 204)
        case .missing:
            return missing(path, snapshot)
        }
    }

    private func missing(_ path: String, _ snapshot: ServeState.Snapshot) -> HTTPReply {
        if let failure = snapshot.failure, ServedPath.resolve("/", in: root) == .missing {
            // No archive to show beneath the error yet: the error is the page.
            let page = ServeAssets.page(title: "Build failed", body: ServeAssets.overlay(for: failure, archiveShown: false),
                                        generation: snapshot.generation)
            return Self.answer(Data(page.utf8), type: ContentType.of(".html"), status: 503)
        }
        let page = ServeAssets.notFound(path.removingPercentEncoding ?? path, generation: snapshot.generation)
        return Self.answer(Data(page.utf8), type: ContentType.of(".html"), status: 404)
    }

    private static func answer(_ body: Data, type: String, status: Int = 200) -> HTTPReply {
        // Never cached: after a rebuild the same address has new bytes.
        HTTPReply(status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store"),
                                            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")],
                  body: body)
    }
}
