/// A JSON-RPC error code. Open: the handler layer defines its application codes as
/// further static members (JSON-RPC reserves -32768...-32000 for the protocol and LSP).
public struct ErrorCode: RawRepresentable, Sendable, Hashable {
    /// The numeric code sent on the wire.
    public var rawValue: Int

    /// A code with the given number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Invalid JSON was received (JSON-RPC -32700).
    public static let parseError = ErrorCode(rawValue: -32700)
    /// The JSON is not a valid request object (JSON-RPC -32600).
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// The method does not exist or is not available (JSON-RPC -32601).
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// Invalid method parameters (JSON-RPC -32602).
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// Internal JSON-RPC error (JSON-RPC -32603).
    public static let internalError = ErrorCode(rawValue: -32603)
    /// The response would be larger than the server sends (-32001, in JSON-RPC's range for
    /// server errors); ask for less at a time.
    public static let responseTooLarge = ErrorCode(rawValue: -32001)
    /// The client cancelled the request (LSP -32800).
    public static let requestCancelled = ErrorCode(rawValue: -32800)
}

extension ErrorCode: ExpressibleByIntegerLiteral {
    /// A code literal, e.g. `let notFound: ErrorCode = -31001`.
    public init(integerLiteral value: Int) { self.init(rawValue: value) }
}

extension ErrorCode: CustomStringConvertible {
    /// The number, e.g. `-32601`.
    public var description: String { String(rawValue) }
}
