/// How a server loop ended, and the process exit code it implies.
public struct ServerExit: Sendable, Hashable {
    /// Why the loop returned.
    public enum Reason: Sendable, Hashable {
        /// The client sent the `exit` notification.
        case exitNotification
        /// The input ended (or became unreadable) without `exit`.
        case endOfInput
        /// The client closed its end of the output (a write failed, e.g. EPIPE): nothing more
        /// can be answered, so running requests were cancelled.
        case outputClosed
    }

    /// Why the loop returned.
    public var reason: Reason
    /// Whether a `shutdown` request came before the end.
    public var shutdownRequested: Bool

    /// LSP's rule: after `exit`, 0 if `shutdown` came first, else 1. End of input (a script
    /// closing its pipe) is a normal end: 0.
    public var exitCode: Int32 {
        switch reason {
        case .exitNotification: return shutdownRequested ? 0 : 1
        case .endOfInput, .outputClosed: return 0
        }
    }
}
