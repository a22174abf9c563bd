import Foundation
import JSON
import Testing
import TestSupport
@testable import FonsterStore

/// New Fonsters get time-ordered ids (RFC 9562 version 7), so their rows append to the id index:
/// valid UUIDs, each greater than the last, unique in a burst from many threads; the list order
/// stays the positions', whatever the ids.
@Suite(.offTheCooperativeThreads) struct TimeOrderedIDTests {
    let dir = TempDir()
    var quick: StoreOptions {
        var options = testOptions()
        options.durability = .processCrash
        return options
    }

    /// Version 7, the RFC variant, and text that reads back as the same UUID.
    static func isVersion7(_ id: UUID) -> Bool {
        id.uuid.6 >> 4 == 7 && id.uuid.8 >> 6 == 0b10 && UUID(uuidString: id.text) == id
    }

    @Test func theLayoutIsRFC9562Version7() {
        let id = TimeOrderedID.make(milliseconds: 0x0123_4567_89AB, high: 0xCDE, low: 0x3FFF_FFFF_FFFF_FFFF)
        #expect(id.text == "01234567-89AB-7CDE-BFFF-FFFFFFFFFFFF")
        #expect(TimeOrderedID.make(milliseconds: 1, high: 0, low: 0).text == "00000000-0001-7000-8000-000000000000")
    }

    /// 100,000 in a row, most of them in the same millisecond: each valid and greater than the
    /// one before, as text (what the id index sorts) and so as bytes; and they carry the time.
    @Test func aBurstIsValidStrictlyIncreasingAndUnique() {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let ids = (0..<100_000).map { _ in TimeOrderedID.next() }
        #expect(ids.filter { !Self.isVersion7($0) }.count == 0, "ids that are not version 7")
        let texts = ids.map(\.text)
        #expect(zip(texts, texts.dropFirst()).filter { $0 >= $1 }.count == 0, "ids not greater than the one before")
        #expect(Set(ids).count == ids.count)
        let first = withUnsafeBytes(of: ids[0].uuid) { $0.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        #expect(first >= before && first <= before + 60_000)
    }

    /// Eight threads at once: no id is made twice, and each thread's ids still increase.
    @Test func idsFromManyThreadsAreUnique() {
        let made = Collected<[UUID]>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in made.append((0..<20_000).map { _ in TimeOrderedID.next() }) }
        let all = made.all.flatMap { $0 }
        #expect(Set(all).count == 160_000)
        #expect(made.all.allSatisfy { ids in zip(ids, ids.dropFirst()).allSatisfy { $0.text < $1.text } })
    }

    /// Every way of making a Fonster gives it a time-ordered id, later ones greater: create,
    /// duplicate, a seed import and a bundle import.
    @Test func newFonstersGetIncreasingVersion7Ids() throws {
        let store = try fileStore(dir, options: quick)
        let created = try store.create(seed: "first")
        let copy = try store.duplicate(created.id)
        let imported = try store.importSeeds((0..<1000).map { "seed \($0)" }, engine: .current).created
        let bundle = try store.exportLibrary()
        let again = try store.importLibrary(bundle).created  // the same seeds, names and times: all skipped
        #expect(again.isEmpty)
        let restored = try store.importLibrary(["format": "fonsters-library", "version": 1, "engine": "fonsters-v2",
                                                "exportedAt": "2026-01-01T00:00:00.000Z",
                                                "fonsters": [["seed": "from a bundle", "createdAt": "2026-01-01T00:00:00.000Z"]]]).created
        let ids = [created.id, copy.id] + imported.map(\.id) + restored.map(\.id)
        #expect(ids.count == 1003)
        #expect(ids.filter { !Self.isVersion7($0) }.count == 0, "ids that are not version 7")
        #expect(zip(ids, ids.dropFirst()).filter { $0.text >= $1.text }.count == 0, "ids not greater than the one before")
    }

    /// The list is in position order, not id order: a client's id that sorts after every new one,
    /// and one that sorts before, keep the places they were created in, and so does a move.
    @Test func theListOrderIsThePositionsNotTheIds() throws {
        let store = try fileStore(dir, options: quick)
        let high = try store.create(seed: "high", id: UUID(uuidString: "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF"))
        let imported = try store.importSeeds(["a", "b"], engine: .current).created
        let low = try store.create(seed: "low", id: UUID(uuidString: "00000000-0000-4000-8000-000000000000"))
        #expect(try store.list().map(\.seed) == ["high", "a", "b", "low"])
        _ = try store.move(imported[1].id, to: 0)
        #expect(try store.list().map(\.id) == [imported[1].id, high.id, imported[0].id, low.id])
        #expect(try store.list(start: 2, count: 2).fonsters.map(\.seed) == ["a", "low"])
    }
}
