/// A deleted Fonster comes back only if the library could import it: rows written by another
/// program or an older version may hold what this program refuses (an unknown engine, an
/// over-long name, seed or history), and a library must always accept its own export.
extension FonsterStore {
    /// Throws `invalidArgument` naming what is wrong when `library/import` would refuse `fonster`
    /// (a trash row whose engine column holds `engineName`) in this library's export: the same
    /// check, run on the same bundle entry, with the engine as the row names it.
    func checkRestorable(_ fonster: Fonster, engineName: String) throws(StoreError) {
        do {
            var (bundle, _) = try LibraryBundle.read(exportBundle(of: [fonster]), select: nil)
            bundle.fonsters[0].engine = engineName
            _ = try bundle.fonster(at: 0, engine: nil, now: options.now(), timeZone: options.timeZone)
        } catch {
            guard case .invalidBundle(let detail) = error else { throw error }
            let entry = "fonsters[0]."
            let what = detail.hasPrefix(entry) ? String(detail.dropFirst(entry.count)) : detail
            throw .invalidArgument("The Fonster \(fonster.id.uuidString) in the trash cannot be restored: its \(what). "
                                   + "It stays in the trash, where purging removes it.")
        }
    }
}
