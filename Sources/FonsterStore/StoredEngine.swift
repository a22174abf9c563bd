import CreatureCore

extension StoreOptions {
    /// The engine that draws a Fonster whose row names `name`: that engine, or, for a name this
    /// build does not know (a newer program's engine, a hand edit), `defaultEngine` (the server's
    /// `--engine`), which has always drawn such rows. The one place a stored engine name is read.
    func engine(named name: String?) -> EngineVersion {
        name.flatMap(EngineVersion.init(rawValue:)) ?? defaultEngine
    }
}
