import FlyingFox
import Foundation

/// Answers every request: the reload socket and its two files under `/_bbreport/`, and
/// otherwise the archive's files, read from disk at each request (a rebuild swaps the
/// whole folder at once, so a page is always from one build or the other).
struct ArchiveHandler: HTTPHandler {
    let root: String
    let state: ServeState
    let channel: ReloadChannel

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            let allowed: HTTPHeaders = [HTTPHeader("Allow"): "GET, HEAD"]
            return HTTPResponse(statusCode: .methodNotAllowed, headers: allowed)
        }
        let path = request.target.path(percentEncoded: true)
        switch path {
        case ServeAssets.socketPath:
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: channel)).handleRequest(request)
        case ServeAssets.scriptPath:
            return Self.answer(Data(ServeAssets.reloadScript.utf8), type: ContentType.of(path))
        case ServeAssets.stylesheetPath:
            return Self.answer(Data(ServeAssets.overlayStylesheet.utf8), type: ContentType.of(path))
        default:
            return try file(at: path)
        }
    }

    private func file(at path: String) throws -> HTTPResponse {
        let snapshot = state.snapshot
        switch ServedPath.resolve(path, in: root) {
        case .file(let file) where file.hasSuffix(".html"):
            let page = try String(contentsOfFile: file, encoding: .utf8)
            return Self.answer(Data(ServedPage.html(page, state: snapshot).utf8), type: ContentType.of(file))
        case .file(let file):
            return Self.answer(try HTTPBodySequence(file: URL(fileURLWithPath: file)), type: ContentType.of(file))
        case .folder(let location):
            let redirect: HTTPHeaders = [.location: location, .cacheControl: "no-store"]
            return HTTPResponse(statusCode: .movedPermanently, headers: redirect)
        case .missing where path == "/favicon.ico":
            // Browsers ask for it on their own; the archive has none, and that is no error.
            return HTTPResponse(statusCode: .noContent)
        case .missing:
            if let failure = snapshot.failure, ServedPath.resolve("/", in: root) == .missing {
                // No archive to show beneath the error yet: the error is the page.
                let page = ServeAssets.page(title: "Build failed", body: ServeAssets.overlay(for: failure, archiveShown: false),
                                            generation: snapshot.generation)
                return Self.answer(Data(page.utf8), type: ContentType.of(".html"), status: .serviceUnavailable)
            }
            let page = ServeAssets.notFound(path.removingPercentEncoding ?? path, generation: snapshot.generation)
            return Self.answer(Data(page.utf8), type: ContentType.of(".html"), status: .notFound)
        }
    }

    private static func answer(_ body: Data, type: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        answer(HTTPBodySequence(data: body), type: type, status: status)
    }

    private static func answer(_ body: HTTPBodySequence, type: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        // Never cached: after a rebuild the same address has new bytes.
        let headers: HTTPHeaders = [.contentType: type, .cacheControl: "no-store",
                                    HTTPHeader("X-Content-Type-Options"): "nosniff", HTTPHeader("Referrer-Policy"): "no-referrer"]
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }
}
