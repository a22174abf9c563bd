/// Which Host headers and Origins a local server accepts: its bound address, `localhost` and
/// `127.0.0.1`, each alone or with the server's own port. Anything else is refused, which
/// defeats DNS rebinding (a hostile name resolving to 127.0.0.1 still sends its own name as
/// Host) and cross-site WebSocket hijacking (a page elsewhere sends its own Origin).
public struct OriginPolicy: Sendable, Hashable {
    /// The server's port.
    public let port: Int
    /// The host names accepted, lower-case (IPv6 addresses in brackets).
    public let hostNames: Set<String>

    /// The policy for a server bound to `boundHost` (a numeric address) and `port`.
    public init(boundHost: String, port: Int) {
        self.port = port
        let bound = boundHost.contains(":") ? "[\(boundHost.lowercased())]" : boundHost.lowercased()
        hostNames = ["localhost", "127.0.0.1", bound]
    }

    /// Whether a Host header value (`name` or `name:port`) names this server.
    public func allowsHost(_ value: String) -> Bool {
        let text = value.lowercased()
        var name = text
        var portText: Substring? = nil
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            name = String(text[...close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return false }
                portText = rest.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        if let portText {
            guard portText.allSatisfy({ $0.isASCII && $0.isNumber }), let given = Int(portText), given == port,
                  portText.first != "0" || portText == "0" else { return false }
        }
        return hostNames.contains(name)
    }

    /// Whether an Origin header value is this server's own origin: `http://NAME:PORT` (the port
    /// may be left out only when it is 80).
    public func allowsOrigin(_ value: String) -> Bool {
        let prefix = "http://"
        guard value.lowercased().hasPrefix(prefix) else { return false }
        let authority = String(value.dropFirst(prefix.count))
        guard !authority.contains("/"), !authority.contains("@") else { return false }
        let hasPort = authority.hasSuffix("]") ? false : authority.contains(":")
        return allowsHost(authority) && (hasPort || port == 80)
    }
}

/// Comparison of secrets in time that depends on their length only, not on where they differ.
public enum ConstantTime {
    /// Whether `a` and `b` are equal, looking at every byte whatever the first difference.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}
