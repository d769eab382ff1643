/// The `Content-Type` of each kind of file an archive holds.
enum ContentType {
    /// The type for a file named `path`, by its extension; unknown kinds are plain bytes.
    static func of(_ path: String) -> String {
        let dot = path.lastIndex(of: ".").map { path[path.index(after: $0)...].lowercased() } ?? ""
        return switch dot {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "md": "text/markdown; charset=utf-8"
        case "xml": "application/xml; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "pdf": "application/pdf"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
