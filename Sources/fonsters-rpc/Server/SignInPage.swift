import Foundation
import RPC

/// The page a browser gets without the access token (HTTP 401): what the page is, and the two
/// ways in — the address `fonsters-rpc web` printed, or `fonsters-rpc open`. Plain HTML without
/// styles or scripts (the page's own assets need the token too).
enum SignInPage {
    /// The page for the server on `port`.
    static func html(port: Int) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><title>Fonsters — open the address with its token</title></head>
        <body>
        <main>
        <h1>This is a Fonsters library, waiting for its key</h1>
        <p>The page needs the access token that <code>fonsters-rpc web</code> printed when it started, so that
        no other web site can reach your library. To get in, do one of these:</p>
        <ul>
        <li>Open the whole address it printed: <code>http://127.0.0.1:\(port)/?token=…</code>
        (the token then stays in this browser, and this address works on its own).</li>
        <li>Or run <code>fonsters-rpc open</code> in a terminal: it opens the library's page with its token in your browser
        (and starts the server when none is running).</li>
        </ul>
        <p>Restarted the server? It has a new token: open the address it printed this time.</p>
        </main>
        </body>
        </html>

        """
    }

    /// The 401 response with the page, and `headers`.
    static func response(port: Int, headers: [(name: String, value: String)]) -> HTTPResponse {
        HTTPResponse(status: 401, headers: [("Content-Type", "text/html; charset=utf-8")] + headers, body: Array(html(port: port).utf8))
    }
}
