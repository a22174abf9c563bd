/// A request id: JSON-RPC allows an integer or a string (LSP: `integer | string`).
public enum RPCID: Sendable, Hashable {
    /// An integer id.
    case int(Int64)
    /// A string id.
    case string(String)

    /// The id as it appears in JSON.
    public var json: JSONValue {
        switch self {
        case .int(let i): return .int(i)
        case .string(let s): return .string(s)
        }
    }

    /// Reads an id from JSON; `nil` for anything but an integer or a string.
    public init?(json: JSONValue) {
        switch json {
        case .int(let i): self = .int(i)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }
}

extension RPCID: ExpressibleByIntegerLiteral {
    /// An integer id literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension RPCID: ExpressibleByStringLiteral {
    /// A string id literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension RPCID: CustomStringConvertible {
    /// The id as JSON text (`7` or `"abc"`).
    public var description: String { json.serializedString() }
}
