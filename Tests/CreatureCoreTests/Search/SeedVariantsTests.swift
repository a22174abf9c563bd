import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct SeedVariantsTests {
    @Test func familiesTakeTurnsSoTheFirstVariantsAreVaried() {
        let v = SeedVariants(base: "alice")
        #expect((0..<8).map(v.seed) == ["alice 2", "Alice", "alice 🦊", "alice \(WordList.all[0])",
                                         "alice2", "ALICE", "alice🦊", "alice \(WordList.all[1])"])
        #expect((0..<4).map { v.variant(at: $0).family } == [.numbers, .spelling, .emoji, .words])
    }

    @Test func everyVariantOfAFiniteFamilySetIsDistinctAndNotTheBase() {
        for base in ["alice", "Alice Smith", "ß", "x y z", ""] {
            let v = SeedVariants(base: base, families: [.spelling, .emoji, .words])
            let all = (0..<v.count).map(v.seed)
            #expect(Set(all).count == all.count, "\(base)")
            #expect(!all.contains(base))
            // Family by family, in the family's own order, once the shorter ones run out.
            let words = all.filter { v.variant(at: all.firstIndex(of: $0)!).family == .words }
            #expect(words == WordList.all.map { base + " " + $0 })
        }
        let smith = SeedVariants(base: "alice smith", families: [.spelling]);
        let spellings = (0..<smith.count).map(smith.seed)
        #expect(spellings.contains("alice_smith") && spellings.contains("Alice Smith") && spellings.contains("ALICE-SMITH") && spellings.contains("alicesmith"))
    }

    @Test func variantsFitTheSeedLimit() {
        let long = String(repeating: "a", count: 9_995)
        let v = SeedVariants(base: long)
        #expect(v.count > 0)
        for i in stride(from: 0, to: min(v.count, 5000), by: 7) { #expect(v.seed(at: i).utf16.count <= TextLimit.maxLength) }
        #expect(SeedVariants(base: String(repeating: "a", count: 10_000)).count == SeedVariants(base: String(repeating: "a", count: 10_000), families: [.spelling]).count)
    }

    @Test func numbersCountUpThroughTheSeparators() {
        let v = SeedVariants(base: "bob", families: [.numbers])
        #expect((0..<7).map(v.seed) == ["bob 2", "bob2", "bob_2", "bob-2", "bob.2", "bob 3", "bob3"])
    }
}
