import FonsterStore

/// A request's flag is its writes' gate: a write begins only while the request is not
/// cancelled, commits only if no cancel came meanwhile (else it rolls back), and once it
/// committed, cancels no longer apply (the transport answers the result, never -32800).
extension RequestFlag: WriteGate {}
