import Foundation
import Testing
import TestSupport
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct HistoryTests {
    @Test func commitPushesOldSeedAndClearsFuture() {
        var history = History(past: ["a"], future: ["x", "y"])
        history.commit(replacing: "b")
        #expect(history.past == ["a", "b"])
        #expect(history.future.isEmpty)
    }

    @Test func commitDropsOldestBeyondTwenty() {
        var history = History(past: (0..<20).map { "s\($0)" })
        history.commit(replacing: "s20")
        #expect(history.past.count == 20)
        #expect(history.past.first == "s1")
        #expect(history.past.last == "s20")
    }

    @Test func undoMovesCurrentToFrontOfFuture() {
        var history = History(past: ["a", "b"], future: ["d"])
        #expect(history.undo(from: "c") == "b")
        #expect(history.past == ["a"])
        #expect(history.future == ["c", "d"])
    }

    @Test func undoKeepsTwentyInFutureDroppingTheFarthest() {
        var history = History(past: ["p"], future: (0..<20).map { "f\($0)" })
        #expect(history.undo(from: "now") == "p")
        #expect(history.future.count == 20)
        #expect(history.future.first == "now")
        #expect(history.future.last == "f18")
    }

    @Test func redoIsTheMirrorImage() {
        var history = History(past: (0..<20).map { "p\($0)" }, future: ["n1", "n2"])
        #expect(history.redo(from: "now") == "n1")
        #expect(history.future == ["n2"])
        #expect(history.past.count == 20)
        #expect(history.past.first == "p1")
        #expect(history.past.last == "now")
    }

    @Test func emptyStacksReturnNilAndChangeNothing() {
        var history = History(past: [], future: ["x"])
        #expect(history.undo(from: "c") == nil)
        #expect(history == History(past: [], future: ["x"]))
        var other = History(past: ["y"], future: [])
        #expect(other.redo(from: "c") == nil)
        #expect(other == History(past: ["y"], future: []))
    }

    @Test func initCutsOversizedStacks() {
        let history = History(past: (0..<25).map { "p\($0)" }, future: (0..<25).map { "f\($0)" })
        #expect(history.past.first == "p5")
        #expect(history.future.last == "f19")
    }
}

@Suite(.offTheCooperativeThreads) struct SeedListCodingTests {
    static let tricky = ["", "plain", "quote \" and \\ backslash", "new\nline\ttab", "nul\u{0}inside", "emoji 👩‍👩‍👧 é",
                         "\u{1}\u{1F}ctrl", "/slash", "\u{2028}sep"]

    @Test func roundTripsTrickyStrings() {
        let text = SeedListCoding.encode(Self.tricky)
        let decoded = Array(text.utf8).withUnsafeBufferPointer { SeedListCoding.decode($0) }
        #expect(decoded == Self.tricky)
    }

    @Test func writesJSONThatFoundationReads() throws {
        let text = SeedListCoding.encode(Self.tricky)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        #expect(parsed == Self.tricky)
    }

    @Test func readsFoundationJSONWithEscapes() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.tricky + ["\u{1F600}"])
        let ascii = "[\"\\ud83d\\ude00 \\u00e9\", \"a\\/b\"]"
        #expect(Array(data).withUnsafeBufferPointer { SeedListCoding.decode($0) } == Self.tricky + ["\u{1F600}"])
        #expect(Array(ascii.utf8).withUnsafeBufferPointer { SeedListCoding.decode($0) } == ["😀 é", "a/b"])
    }

    @Test func rejectsMalformedText() {
        for bad in ["", "[", "[\"a\"", "[\"a\",]", "{\"a\":1}", "[1]", "[\"a\"] x", "[\"\\q\"]"] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { SeedListCoding.decode($0) } == nil, "\(bad)")
        }
    }
}
