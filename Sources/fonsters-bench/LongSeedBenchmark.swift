import Foundation
import CreatureCore

/// Long-seed figures: `describe` (configuration, grid, environment, tap kind) and the evolution's
/// frame index of worst-case 10,000-unit seeds, each best of several runs on one thread.
enum LongSeedBenchmark {
    /// The worst cases: a name and a seed of 10,000 UTF-16 units (or just under, where the
    /// repeated piece does not divide 10,000).
    static func seeds() -> [(String, String)] {
        func fill(_ piece: String, prefix: String = "", suffix: String = "") -> String {
            let room = 10_000 - prefix.utf16.count - suffix.utf16.count
            return prefix + String(repeating: piece, count: room / piece.utf16.count) + suffix
        }
        var generator = SeededGenerator(seed: 12)
        let alphabet: [String] = ["a", "Z", "3", "٣", " ", "\t", "\u{200B}", "\u{0301}", "\u{200D}", "\u{0600}",
                                  "क", "\u{094D}", "ष", "ក", "\u{17D2}", "한", "\u{1100}", "\u{1161}", "中", "👩",
                                  "🏽", "🇺", "🇸", "\u{E0067}", "cloud", "s", "moon", "lights", "\r\n", "\u{0897}"]
        var mixed = "", mixedUnits = 0
        while mixedUnits < 9_990 {
            let piece = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            mixed += piece
            mixedUnits += piece.utf16.count
        }
        var random = String.UnicodeScalarView(), randomUnits = 0
        while randomUnits < 9_999 {
            guard let scalar = Unicode.Scalar(UInt32(generator.next() % 0x3_0000)), randomUnits + scalar.utf16.count <= 10_000
            else { continue }
            random.append(scalar)
            randomUnits += scalar.utf16.count
        }
        return [
            ("many numbers \"1a\" × 5000", fill("1a")),
            ("many numbered keywords \"12 clouds \"", fill("12 clouds ")),
            ("numbers before near-keywords \"7 clou\"", fill("7 clou")),
            ("many keywords, no digits", fill("christmaslightsmoonsunbutterflies")),
            ("keywords each followed by a mark", fill("moon\u{0308}")),
            ("one long digit run, then a keyword", fill("9", suffix: " clouds")),
            ("one long run of Arabic-Indic digits", fill("٣", suffix: "birds")),
            ("a digit, 9,990 spaces, a keyword", fill(" ", prefix: "5", suffix: "leaves")),
            ("\"1 \" × 5000", fill("1 ")),
            ("10,000 combining marks", fill("\u{0301}", prefix: "a")),
            ("10,000 U+200B", fill("\u{200B}")),
            ("prepend marks before digits", fill("\u{0600}3 birds ")),
            ("emoji ZWJ sequences", fill("👩‍👩‍👧‍👦")),
            ("Devanagari conjuncts", fill("क्ष")),
            ("mixed scripts", mixed),
            ("random code points", String(random)),
        ]
    }

    static func run() {
        var sink = 0
        for (name, seed) in seeds() {
            let describe = bestMilliseconds {
                let creature = Creature(seed: seed, engine: .v1)
                let environment = creature.environment
                sink &+= Int(creature.grid.cells[500]) &+ (environment.sky < 0.5 ? 1 : 0)
                sink &+= creature.tapAnimation(0).rawValue.count
            }
            let frames = bestMilliseconds {
                let frames = Evolution.Frames(seed)
                for k in max(0, frames.count - 10)..<frames.count { sink &+= frames[k].utf8.count }
            }
            print(String(format: "longseeds: %@ (%d units): describe %.2f ms (target ≤ 5), frame index + last 10 frames %.2f ms (target ≤ 5)",
                         name, seed.utf16.count, describe, frames))
        }
        if sink == 42 { print("") }
    }

    /// The best of 7 runs of `body`, in milliseconds.
    static func bestMilliseconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<7 { best = min(best, EngineBenchmark.microseconds(body) / 1000) }
        return best
    }
}
