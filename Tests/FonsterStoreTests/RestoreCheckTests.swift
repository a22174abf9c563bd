import Foundation
import Testing
import CreatureCore
@testable import FonsterStore

/// A trash row is restored only if the library could import it (as `library/import` checks a
/// bundle entry): a row another program or version wrote with an unknown engine, an over-long
/// name, seed or history entry is refused with an error naming what is wrong, stays in the trash,
/// and the library keeps accepting its own export.
@Suite struct RestoreCheckTests {
    /// A library with one good Fonster and one deleted one whose trash row `damage` then spoils.
    private func library(_ damage: String, _ value: String) throws -> (FonsterStore, kept: Fonster, deleted: UUID) {
        let store = try FonsterStore(location: .memory, options: testOptions())
        let kept = try store.create(name: "kept", seed: "kept seed")
        let deleted = try store.create(name: "deleted", seed: "deleted seed").id
        _ = try store.setSeed(deleted, to: "deleted seed, edited")
        try store.delete(deleted)
        try store.locked { () throws(StoreError) in
            try store.db.query("UPDATE trash SET \(damage) = ? WHERE id = ?", [.text(value), .text(deleted.text)])
        }
        return (store, kept, deleted)
    }

    static let tooLong = String(repeating: "x", count: TextLimit.maxLength + 1)
    static let damages: [(column: String, value: String, says: String)] = [
        ("engine", "fonsters-v9", "its engine is \"fonsters-v9\", an engine this program does not know"),
        ("name", tooLong, "its name is 10,001 characters long"),
        ("seed", tooLong, "its seed is 10,001 characters long"),
        ("history", SeedListCoding.encode(["fine", tooLong]), "its history[1] is 10,001 characters long"),
    ]

    @Test(arguments: damages.indices) func aDamagedTrashRowIsRefusedNamingWhatIsWrong(_ index: Int) throws {
        let damage = Self.damages[index]
        let (store, kept, deleted) = try library(damage.column, damage.value)
        let before = try store.version()
        do {
            _ = try store.restore(deleted)
            Issue.record("a trash row with a bad \(damage.column) was restored")
        } catch {
            guard case .invalidArgument(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.hasPrefix("The Fonster \(deleted.uuidString) in the trash cannot be restored: \(damage.says)"), "\(message)")
            #expect(message.hasSuffix("It stays in the trash, where purging removes it."))
        }
        #expect(try store.version() == before)
        #expect(try store.list() == [kept])
        #expect(try store.trash().fonsters.map(\.fonster.id) == [deleted])
        // The library still accepts its own export: into itself (all there already) and into a new one.
        let export = try store.exportLibrary()
        #expect(try store.importLibrary(export).skipped == [0])
        let other = try FonsterStore(location: .memory, options: testOptions())
        #expect(try other.importLibrary(export).created.map(\.seed) == ["kept seed"])
        // Purging removes it.
        #expect(try store.purge([deleted]) == 1)
    }

    @Test func aSoundTrashRowComesBackAndTheExportStillImports() throws {
        let (store, kept, deleted) = try library("name", "renamed by another program")
        let restored = try store.restore(deleted)
        #expect(restored.name == "renamed by another program" && restored.history.past == ["deleted seed"])
        let export = try store.exportLibrary()
        let other = try FonsterStore(location: .memory, options: testOptions())
        #expect(try other.importLibrary(export).created.map(\.seed) == [kept.seed, "deleted seed, edited"])
    }
}
