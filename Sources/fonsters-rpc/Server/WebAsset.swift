import Foundation
import RPC

/// One embedded file, ready to serve.
///
/// Every file is served at its own path (`/app/main.js`), to be checked each time it is used
/// (`no-cache` with its ETag), and — except the pages — also under this build's version
/// (`/v/<version>/app/main.js`), where it never changes and may be kept a year without asking
/// again (`immutable`). The pages name the versioned paths, so a page loaded again reuses every
/// file it needs without a request, and a new build's page asks for new paths. Modules import
/// each other by relative paths, which stay under the version.
struct WebAsset: Sendable {
    /// The file's bytes.
    let bytes: [UInt8]
    /// Its media type.
    let contentType: String
    /// A strong validator: the SHA-1 of the bytes, quoted.
    let etag: String
    /// `no-cache`, or, under the version, `public, max-age=31536000, immutable`.
    let cacheControl: String

    /// The `Cache-Control` of a file at its own path.
    static let checkEachTime = "no-cache"
    /// The `Cache-Control` of a file under the build's version.
    static let keep = "public, max-age=31536000, immutable"

    /// A file of these bytes, served from `path`.
    init(bytes: [UInt8], path: String, cacheControl: String = checkEachTime) {
        self.bytes = bytes
        contentType = ContentType.forPath(path)
        etag = "\"" + Self.hex(SHA1.hash(bytes).prefix(12)) + "\""
        self.cacheControl = cacheControl
    }

    /// Every file in `WebAssets`, by path: at its own path and under `/v/<version>/`, with the
    /// pages' references to the files rewritten to the versioned paths.
    static func table(_ files: [(path: String, base64: String)] = WebAssets.files) -> [String: WebAsset] {
        var sources: [String: [UInt8]] = [:]
        var whole = SHA1()
        for (path, base64) in files {
            guard let data = Data(base64Encoded: base64) else { fatalError("WebAssets.swift holds bad base64 for \(path); run scripts/embed-web.sh") }
            sources[path] = [UInt8](data)
            whole.update(Array(path.utf8) + [0] + Array(String(data.count).utf8) + [0])
            whole.update([UInt8](data))
        }
        let prefix = "/v/" + hex(whole.finish().prefix(8))
        var table: [String: WebAsset] = [:]
        for (path, bytes) in sources {
            if path.hasSuffix(".html") {
                table[path] = WebAsset(bytes: versioned(bytes, prefix: prefix, known: sources), path: path)
            } else {
                table[path] = WebAsset(bytes: bytes, path: path)
                table[prefix + path] = WebAsset(bytes: bytes, path: path, cacheControl: keep)
            }
        }
        return table
    }

    /// A page with each `href="/…"` and `src="/…"` that names an embedded file (other than a
    /// page) moved under `prefix`.
    static func versioned(_ page: [UInt8], prefix: String, known: [String: [UInt8]]) -> [UInt8] {
        let reference = #/(?<attribute>\s(?:href|src))="(?<path>/[^"]*)"/#
        let text = String(decoding: page, as: UTF8.self).replacing(reference) { match in
            let path = String(match.output.path)
            guard known[path] != nil, !path.hasSuffix(".html") else { return String(match.output.0) }
            return "\(match.output.attribute)=\"\(prefix)\(path)\""
        }
        return Array(text.utf8)
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
