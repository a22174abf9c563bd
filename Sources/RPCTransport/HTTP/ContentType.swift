/// Media types of the static files served, from the file name's extension.
public enum ContentType {
    /// The Content-Type for `path` (`application/octet-stream` when the extension is unknown).
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "ico": return "image/x-icon"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
