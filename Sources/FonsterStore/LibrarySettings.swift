import CreatureCore

/// The library's settings, kept in the file (`meta`) so every program and window on it agrees,
/// and announced to other processes through the change log (`ChangeReason.settings`).
extension FonsterStore {
    /// The engine new Fonsters are drawn with when a request names none (create, share imports,
    /// the web page's new Fonsters): the library's setting. A new library starts with
    /// `StoreOptions.defaultEngine`; one made before the setting existed keeps fonsters-v1 when
    /// it held Fonsters.
    public func defaultEngine() throws(StoreError) -> EngineVersion {
        try locked { () throws(StoreError) in try storedDefaultEngine() }
    }

    /// Sets the library's default engine and returns it. Setting the one it has writes nothing
    /// and reports no change.
    public func setDefaultEngine(_ engine: EngineVersion) throws(StoreError) -> EngineVersion {
        try write { () throws(StoreError) in
            guard try storedDefaultEngine() != engine else { return (engine, []) }
            try db.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('default_engine', ?)", [.text(engine.rawValue)])
            return (engine, [StoreChange(ids: [], reason: .settings, external: false, defaultEngine: engine)])
        }
    }

    /// The default engine as stored (under the lock). An older library opened read-only has
    /// none: fonsters-v1 when it holds Fonsters, as its migration would write.
    func storedDefaultEngine() throws(StoreError) -> EngineVersion {
        if let text = try db.scalarText("SELECT value FROM meta WHERE key = 'default_engine'") {
            return EngineVersion(rawValue: text) ?? options.defaultEngine
        }
        return try Self.count(db) > 0 ? .v1 : options.defaultEngine
    }
}
