/// The JSON value, parser and serializer live in their own module, shared by the engine's
/// records, share links, the store's bundles and the protocol; the transport's users get them with it.
@_exported import JSON
