import CreatureCore
import Foundation
import Testing
import TestSupport
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct RandomEditTests {
    let dir = TempDir()

    @Test func prependPutsTrimmedTextBeforeTheSeed() throws {
        let store = try fileStore(dir)
        let f = try store.create(seed: " tail")
        let edited = try store.applyRandomText(f.id, text: "\t head  ", source: .quote, prepend: true)
        #expect(edited.seed == "head" + " " + " tail")
        #expect(edited.history.past == [" tail"] && edited.randomSource == .quote)
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
