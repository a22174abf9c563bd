import CreatureCore
import Foundation
import Testing
@testable import FonsterStore

@Suite struct RandomEditTests {
    let dir = TempDir()

    @Test func loadRandomReplacesTheSeedAndRemembersTheSource() async throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "old")
        let edit = try await store.loadRandom(f.id, source: .words)
        #expect(!edit.usedFallback)
        #expect(edit.text.split(separator: " ").count == 4)
        #expect(edit.fonster.seed == edit.text)
        #expect(edit.fonster.randomSource == .words)
        #expect(edit.fonster.history == ["old"])
        #expect(try store.get(f.id) == edit.fonster)
    }

    @Test func prependPutsTrimmedTextBeforeTheSeed() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: " tail")
        let edited = try store.applyRandomText(f.id, text: "\t head  ", source: .quote, prepend: true)
        #expect(edited.seed == "head" + " " + " tail")
        #expect(edited.history == [" tail"] && edited.randomSource == .quote)
    }

    @Test func prependRandomUsesTheSource() async throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "me")
        let edit = try await store.prependRandom(f.id, source: .uuid)
        #expect(edit.fonster.seed == Seeds.trim(edit.text) + " me")
        #expect(edit.fonster.randomSource == .uuid)
    }

    @Test func refreshRepeatsTheRememberedSource() async throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: "s")
        await #expect(throws: StoreError.noRandomSource(f.id)) { try await store.refreshRandom(f.id) }
        #expect(try store.get(f.id) == f)
        _ = try await store.loadRandom(f.id, source: .uuid)
        let refreshed = try await store.refreshRandom(f.id)
        #expect(refreshed.source == .uuid)
        #expect(UUID(uuidString: refreshed.fonster.seed) != nil && refreshed.fonster.seed == refreshed.fonster.seed.uppercased())
        #expect(refreshed.fonster.history.count == 2)
    }

    @Test func tooLongPrependChangesNothing() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: String(repeating: "a", count: 9_999))
        expectError(.tooLong(TextLimit.TooLong(field: "seed", length: 10_003))) {
            try store.applyRandomText(f.id, text: "abc", source: .words, prepend: true)
        }
        #expect(try store.get(f.id) == f)
    }
}
