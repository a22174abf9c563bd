/// The JSON value, parser and serializer live in their own module, shared by the engine's
/// records, share links, the store's bundles and the protocol; RPC's users get them with RPC.
@_exported import JSON
