import Foundation
import CreatureCore

/// `fonsters-bench kinds`: µs per creature for each kind of golden seed (mode, space kind, tier,
/// with or without appendages), and each kind's share of the engine figure's average, to show
/// where the time of `engine` goes. Seeds of one kind are drawn together, so branches predict
/// better than in the mixed `engine` figure, whose average is a little higher.
enum KindsBenchmark {
    static func run() {
        for engine in EngineBenchmark.engines {
            let seeds = EngineBenchmark.goldenSeeds(engine)
            let kinds = Dictionary(grouping: seeds) { kind(of: $0, engine) }
            let rounds = max(1, EngineBenchmark.rounds)
            var sink = 0, average = 0.0
            for (kind, group) in kinds.sorted(by: { $0.key < $1.key }) {
                var best = Double.infinity
                for _ in 0..<EngineBenchmark.repeats {
                    best = min(best, EngineBenchmark.microseconds {
                        for _ in 0..<rounds { for seed in group { sink &+= Int(Creature(seed: seed, engine: engine).grid.cells[500]) } }
                    })
                }
                let each = best / Double(rounds * group.count), share = each * Double(group.count) / Double(seeds.count)
                average += share
                print(String(format: "kinds %@ %@: %d seeds, %.2f µs each, %.2f µs of the average",
                             engine.rawValue, kind, group.count, each, share))
            }
            print(String(format: "kinds %@: %.2f µs per creature on average, kind by kind", engine.rawValue, average))
            if sink == 42 { print("") }
        }
    }

    /// The mode (with the space kind), or for creatures the tier and whether appendages are drawn.
    static func kind(of seed: String, _ engine: EngineVersion) -> String {
        let c = Creature(seed: seed, engine: engine).configuration
        switch c.mode {
        case .creature: return "creature tier \(c.tier)\(c.appendages ? " with appendages" : "")"
        case .space:
            let render = Seeds.renderSeed(seed)
            let kind = engine == .v1 ? SegmentHash(seed: render).pick("space_kind", 4) : SegmentHashV2(seed: render).pick("space_kind", 4)
            return "space " + ["moon", "stars", "nebula", "galaxy"][kind]
        default: return c.mode.rawValue
        }
    }
}
