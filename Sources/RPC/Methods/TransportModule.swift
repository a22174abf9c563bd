/// The transport (framing, sessions, requests' contexts, WebSocket, HTTP, back-pressure, the
/// memory budget) is its own module, which knows no engine and no store; RPC's users get it with RPC.
@_exported import RPCTransport
