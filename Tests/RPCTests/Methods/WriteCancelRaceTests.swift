import Foundation
import Testing
import CreatureCore
import FonsterStore
import TestSupport
@testable import RPC

/// `-32800` tells the truth: in many races of a write and its `$/cancelRequest` (the cancel sent
/// after a varying number of turns), every write answered -32800 left no trace in the library
/// and was heard by no one (the store's change observers are what sends `fonsters/didChange`),
/// and every write answered with its result is in the library and was heard.
@Suite struct WriteCancelRaceTests {
    /// Races per write method (`FONSTERS_WRITE_RACES` sets another number).
    static let races = ProcessInfo.processInfo.environment["FONSTERS_WRITE_RACES"].flatMap(Int.init) ?? 1_000

    /// One write method: `prepare` readies race `n` (before it starts) and returns its params;
    /// `landed` reads the library after it and says whether the write is there.
    struct WriteCase: Sendable, CustomTestStringConvertible {
        let method: String
        let prepare: @Sendable (Racer, Int) async throws -> JSONValue
        let landed: @Sendable (Racer, Int) async throws -> Bool
        /// Whether the write is heard (a purge changes only the trash, which sends no didChange).
        var heard = true
        var testDescription: String { method }
    }

    /// A concurrent server (as `fonsters-rpc` runs) on an in-memory library, with what its
    /// store's observers hear.
    final class Racer: Sendable {
        let client: TestClient
        let context: ServerContext
        let heard = Locked<[StoreChange]>([])
        private let nextID = Locked<Int64>(1_000_000)
        /// Fonsters the cases keep between races.
        let kept = Locked<[String: UUID]>([:])
        /// How many Fonsters the library held when the race began.
        let countBefore = Locked(0)

        init() {
            let heard = self.heard
            context = ServerContext(location: .memory, options: StoreOptions(starterFonsters: false, randomSeed: 42),
                                    onChange: { change in heard.withLock { $0.append(change) } }, pictures: LibraryPictures())
            let server = RPCServer(mode: .concurrent, log: .silent)
            MethodTable.register(on: server, context: context)
            client = TestClient(server, framing: .newlineDelimited)
        }

        /// The store, straight (only between races: nothing else runs then).
        var store: FonsterStore { get throws { try context.store() } }

        /// A request that must succeed (an ordered library request: it also waits for every
        /// library request before it, cancelled ones included).
        func result(_ method: String, _ params: JSONValue) async throws -> JSONValue {
            let id = nextID.withLock { $0 += 1; return $0 }
            let response = try await answer(to: id, after: { client.request(id, method, params) })
            return try #require(response["result"], "\(method): \(response)")
        }

        /// Sends with `send`, then returns the response with `id` (no other answer is outstanding).
        func answer(to id: Int64, after send: () -> Void) async throws -> JSONValue {
            send()
            while true {
                let message = try await client.expectMessage()
                if message["method"] == nil {
                    #expect(message["id"] == .int(id), "an answer to another request: \(message)")
                    return message
                }
            }
        }

        /// Whether the Fonster `id` is in the library.
        func exists(_ id: UUID) throws -> Bool {
            do { _ = try store.get(id); return true } catch let error as StoreError where error == .notFound(id) { return false }
        }

        /// A Fonster kept under `key`, made once with `seed`.
        func keptFonster(_ key: String, seed: String) throws -> UUID {
            if let id = kept.current[key] { return id }
            let id = try store.create(seed: seed).id
            kept.withLock { $0[key] = id }
            return id
        }
    }

    static let cases: [WriteCase] = [
        WriteCase(method: "fonsters/create", prepare: { _, n in ["id": .string(raceID(n).uuidString), "seed": .string("create \(n)")] },
                  landed: { racer, n in try racer.exists(raceID(n)) }),
        WriteCase(method: "fonsters/update", prepare: { racer, n in
            ["id": .string(try racer.keptFonster("update", seed: "base").uuidString), "seed": .string("update \(n)")]
        }, landed: { racer, n in try racer.store.get(racer.kept.current["update"]!).seed == "update \(n)" }),
        WriteCase(method: "fonsters/delete", prepare: { racer, n in
            ["id": .string(try racer.store.create(seed: "delete \(n)", id: raceID(n)).id.uuidString)]
        }, landed: { racer, n in try !racer.exists(raceID(n)) }),
        WriteCase(method: "fonsters/duplicate", prepare: { racer, _ in
            let id = try racer.keptFonster("duplicate", seed: "original")
            let count = try racer.store.count()
            racer.countBefore.withLock { $0 = count }
            return ["id": .string(id.uuidString)]
        }, landed: { racer, _ in try racer.store.count() == racer.countBefore.current + 1 }),
        WriteCase(method: "fonsters/move", prepare: { racer, n in
            if n == 0 { for k in 0..<3 { _ = try racer.store.create(seed: "neighbour \(k)") } }
            let first = try racer.store.list()[0]
            racer.kept.withLock { $0["move"] = first.id }
            return ["id": .string(first.id.uuidString), "index": 2]
        }, landed: { racer, _ in try racer.store.list()[2].id == racer.kept.current["move"]! }),
        WriteCase(method: "fonsters/restore", prepare: { racer, n in
            let id = try racer.store.create(seed: "restore \(n)", id: raceID(n)).id
            try racer.store.delete(id)
            return ["id": .string(id.uuidString)]
        }, landed: { racer, n in try racer.exists(raceID(n)) }),
        WriteCase(method: "fonsters/purge", prepare: { racer, n in
            let id = try racer.store.create(seed: "purge \(n)", id: raceID(n)).id
            try racer.store.delete(id)
            return ["ids": [.string(id.uuidString)]]
        }, landed: { racer, n in try !racer.store.trash().fonsters.contains { $0.fonster.id == raceID(n) } }, heard: false),
        WriteCase(method: "library/settings", prepare: { _, n in ["defaultEngine": .string(engine(n).rawValue)] },
                  landed: { racer, n in try racer.store.defaultEngine() == engine(n) }),
        WriteCase(method: "fonsters/undo", prepare: { racer, n in
            let id = try racer.keptFonster("undo", seed: "undo base")
            _ = try racer.store.setSeed(id, to: "undo \(n)")
            return ["id": .string(id.uuidString)]
        }, landed: { racer, n in try racer.store.get(racer.kept.current["undo"]!).seed != "undo \(n)" }),
        WriteCase(method: "fonsters/redo", prepare: { racer, n in
            let id = try racer.keptFonster("redo", seed: "redo base")
            _ = try racer.store.setSeed(id, to: "redo \(n)")
            _ = try racer.store.undo(id)
            return ["id": .string(id.uuidString)]
        }, landed: { racer, n in try racer.store.get(racer.kept.current["redo"]!).seed == "redo \(n)" }),
        WriteCase(method: "fonsters/useFrame", prepare: { racer, n in
            let id = try racer.keptFonster("useFrame", seed: "frames")
            _ = try racer.store.setSeed(id, to: "frames \(n)")
            return ["id": .string(id.uuidString), "frame": 1]
        }, landed: { racer, n in try racer.store.get(racer.kept.current["useFrame"]!).seed != "frames \(n)" }),
        WriteCase(method: "fonsters/random", prepare: { racer, n in
            let id = try racer.keptFonster("random", seed: "random base")
            _ = try racer.store.setSeed(id, to: "before random \(n)")
            return ["id": .string(id.uuidString), "source": "words"]
        }, landed: { racer, n in try racer.store.get(racer.kept.current["random"]!).seed != "before random \(n)" }),
        WriteCase(method: "share/import", prepare: { racer, n in
            let link = try await racer.result("share/build", ["seeds": [.string("shared \(n) a"), .string("shared \(n) b")]])
            return ["url": try #require(link["url"])]
        }, landed: { racer, n in try racer.store.seeds().contains { $0.seed == "shared \(n) a" } }),
    ]

    /// Race `n`'s own id (fixed, so a cancelled race can be looked for).
    static func raceID(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }
    /// The engine race `n` of the settings asks for: each differs from the one before.
    static func engine(_ n: Int) -> EngineVersion { EngineVersion.allCases[n % 2 == 0 ? 0 : 1] }

    @Test(arguments: cases) func cancelsOfWritesTellTheTruth(_ write: WriteCase) async throws {
        let racer = Racer()
        var cancelled = 0, answered = 0
        for n in 0..<Self.races {
            let params = try await write.prepare(racer, n)
            if write.method == "library/settings" { _ = try racer.store.setDefaultEngine(Self.engine(n + 1)) }
            let before = try racer.store.version()
            let heardBefore = racer.heard.current.count
            let id = Int64(n)
            let response = try await racer.answer(to: id) {
                racer.client.request(id, write.method, params)
                // The cancel goes after 0 to 15 turns: before the write starts, while it runs, or after.
                if n % 16 > 0 {
                    Task {
                        for _ in 0..<(n % 16) { await Task.yield() }
                        racer.client.notify("$/cancelRequest", ["id": .int(id)])
                    }
                } else {
                    racer.client.notify("$/cancelRequest", ["id": .int(id)])
                }
            }
            // An ordered read after the race: every library request before it is over.
            _ = try await racer.result("fonsters/list", ["count": 1])
            let heard = racer.heard.current.count - heardBefore
            if response["result"] != nil {
                answered += 1
                #expect(try await write.landed(racer, n), "\(write.method) race \(n) answered its result but is not in the library")
                #expect(heard > 0 || !write.heard, "\(write.method) race \(n) answered its result but no change was heard")
            } else {
                #expect(errorCode(response) == -32800, "\(write.method) race \(n): \(response)")
                cancelled += 1
                #expect(try racer.store.version() == before, "\(write.method) race \(n) answered -32800 but changed the library")
                #expect(try await !write.landed(racer, n), "\(write.method) race \(n) answered -32800 but is in the library")
                #expect(heard == 0, "\(write.method) race \(n) answered -32800 but \(heard) change(s) were heard")
            }
        }
        print("\(write.method): \(Self.races) races, \(cancelled) answered -32800 with no trace, \(answered) answered with their result")
        #expect(cancelled + answered == Self.races)
    }
}
