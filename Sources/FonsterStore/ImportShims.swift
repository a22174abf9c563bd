import Foundation

// The `[Fonster]`-returning import calls the RPC handlers make today. The handlers move to the
// `ImportResult` forms (reporting `skipped`) on the RPC branch; then this file is deleted.
extension FonsterStore {
    /// `importSeeds(_:names:engine:)`'s created Fonsters (duplicates are skipped, not reported).
    @available(*, deprecated, message: "use importSeeds(_:names:engine:) -> ImportResult")
    public func importSeeds(_ seeds: [String]) throws(StoreError) -> [Fonster] {
        try importSeeds(seeds, names: nil, engine: .current).created
    }

    /// `importLibrary(_:select:engine:)`'s created Fonsters (duplicates are skipped, not reported).
    @available(*, deprecated, message: "use importLibrary(_:select:engine:) -> ImportResult")
    public func importLibrary(_ data: Data, select: [Int]?) throws(StoreError) -> [Fonster] {
        try importLibrary(data, select: select, engine: nil).created
    }
}
