import Foundation
import RPC

/// Decides every HTTP request of `fonsters-rpc web`: the Host check (DNS rebinding), GET and
/// HEAD only, the access token (cookie or `?token=`), the WebSocket upgrade at `/rpc` (with
/// the Origin check), and the embedded static files with their caching and security headers.
/// `refusal` alone screens a connection's first request in the lobby, before it takes a slot.
struct WebRouter: Sendable {
    /// The cookie that carries the token, named after the port as each server has its own
    /// token: cookies are shared by every port of a host, so one name would let the last
    /// server to set it lock out the others.
    var cookieName: String { "fonsters_token_\(policy.port)" }

    /// The access token.
    let token: String
    /// The accepted Host and Origin values.
    let policy: OriginPolicy
    /// The embedded files by path.
    let assets: [String: WebAsset]
    /// Serves an upgraded connection as a JSON-RPC session.
    let upgrade: @Sendable (_ stream: SocketStream, _ leftover: [UInt8], _ response: [UInt8]) -> Void

    /// The answer to a request that may not be served, after which the connection is closed;
    /// nil when the request names this server as Host, is GET or HEAD, has a well-formed path
    /// and shows the token (in any of the cookies of its name, or as `?token=`).
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host"), policy.allowsHost(host) else {
            return refuse(403, "This server answers only to 127.0.0.1:\(policy.port) and localhost:\(policy.port).")
        }
        let headers = securityHeaders(host: host)
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Only GET and HEAD are served here.", headers: headers + [("Allow", "GET, HEAD")])
        }
        guard request.path != nil else { return refuse(400, "The request path has a broken %-escape.") }
        guard tokenInQuery(request) || request.cookies(cookieName).contains(where: { ConstantTime.equal($0, token) }) else {
            return SignInPage.response(port: policy.port, headers: headers + [("Cache-Control", "no-store")])
        }
        return nil
    }

    func route(_ request: HTTPRequest) -> HTTPRoute {
        if let refusal = refusal(request) { return .respond(refusal, close: true) }
        let host = request.header("host") ?? ""
        let path = request.path ?? ""
        let headers = securityHeaders(host: host)
        if path == "/rpc" {
            if let origin = request.header("origin"), !policy.allowsOrigin(origin) {
                return .respond(refuse(403, "WebSocket connections are accepted only from this server's own pages."), close: true)
            }
            switch WebSocketHandshake.validate(request) {
            case .failure(let refusal):
                var extra = headers
                if refusal.status == 426 { extra += [("Sec-WebSocket-Version", "13"), ("Upgrade", "websocket")] }
                return .respond(.text(refusal.status, refusal.message, headers: extra))
            case .success(let accept):
                return .upgrade(HTTPResponse(status: 101, headers: [
                    ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept),
                ]), then: upgrade)
            }
        }
        if tokenInQuery(request) {
            // The token moves from the address into an HttpOnly cookie, and out of the address bar.
            return .respond(HTTPResponse(status: 303, headers: headers + [
                ("Location", "/"),
                ("Set-Cookie", "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"),
                ("Cache-Control", "no-store"),
            ]))
        }
        guard let asset = assets[path == "/" ? "/index.html" : path] else {
            return .respond(.text(404, path == "/" ? "This build has no web GUI embedded (clients/web was empty)." : "Not found.",
                                  headers: headers))
        }
        let caching = [("ETag", asset.etag), ("Cache-Control", asset.cacheControl)]
        let ifNoneMatch = request.headerTokens("if-none-match").map { $0.hasPrefix("w/") ? String($0.dropFirst(2)) : $0 }
        if ifNoneMatch.contains(asset.etag) || ifNoneMatch.contains("*") {
            return .respond(HTTPResponse(status: 304, headers: headers + caching))
        }
        return .respond(HTTPResponse(status: 200, headers: headers + caching + [("Content-Type", asset.contentType)],
                                     body: asset.bytes))
    }

    /// Whether the request's `?token=` is the token.
    private func tokenInQuery(_ request: HTTPRequest) -> Bool {
        request.queryValue("token").map { ConstantTime.equal($0, token) } ?? false
    }

    /// A refusal sent before the Host is known to be ours: plain text, no page headers.
    private func refuse(_ status: Int, _ message: String) -> HTTPResponse {
        .text(status, message, headers: [("X-Content-Type-Options", "nosniff")])
    }

    /// The headers on every response to a request for this server: the page may load only its
    /// own scripts and styles, `data:`/`blob:` images, and connect only to its own WebSocket.
    private func securityHeaders(host: String) -> [(name: String, value: String)] {
        [("Content-Security-Policy",
          "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            + "connect-src 'self' ws://\(host); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
         ("X-Content-Type-Options", "nosniff"),
         ("Referrer-Policy", "no-referrer")]
    }
}
