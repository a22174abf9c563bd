import Foundation

/// The server side of the WebSocket opening handshake (RFC 6455 §4.2).
public enum WebSocketHandshake {
    /// The GUID the accept value is derived with (§1.3).
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`: base64(SHA-1(key + GUID)).
    public static func accept(key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// Why a request is not a valid WebSocket upgrade: the status to answer and a message.
    public struct Refusal: Error, Sendable, Hashable {
        /// 400, or 426 for an unsupported version.
        public var status: Int
        /// What is wrong.
        public var message: String
    }

    /// Checks that `request` asks for a version-13 WebSocket upgrade and returns the
    /// `Sec-WebSocket-Accept` value for the 101 response.
    public static func validate(_ request: HTTPRequest) -> Result<String, Refusal> {
        guard request.method == "GET" else {
            return .failure(Refusal(status: 400, message: "A WebSocket upgrade must be a GET request."))
        }
        guard request.headerTokens("upgrade").contains("websocket") else {
            return .failure(Refusal(status: 426, message: "This endpoint speaks WebSocket only (Upgrade: websocket)."))
        }
        guard request.headerTokens("connection").contains("upgrade") else {
            return .failure(Refusal(status: 400, message: "A WebSocket upgrade needs 'Connection: Upgrade'."))
        }
        guard request.header("sec-websocket-version") == "13" else {
            return .failure(Refusal(status: 426, message: "Only WebSocket version 13 is supported."))
        }
        guard let key = request.header("sec-websocket-key"),
              let decoded = Data(base64Encoded: key), decoded.count == 16 else {
            return .failure(Refusal(status: 400, message: "The Sec-WebSocket-Key header must be 16 bytes in base64."))
        }
        return .success(accept(key: key))
    }
}
