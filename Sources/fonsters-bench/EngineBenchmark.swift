import Foundation
import CreatureCore

/// Engine figures: µs per creature over the golden seeds, the 300-frame evolution, PNG sizes.
enum EngineBenchmark {
    static func goldenSeeds() -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/golden/engine-v1.json")
        guard let data = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let records = json["records"] as? [[String: Any]] else { return [] }
        return records.compactMap { $0["seed"] as? String }
    }

    static func microseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    static func run() {
        let seeds = goldenSeeds()
        var sink = 0
        for seed in seeds { sink &+= Int(Creature(seed: seed).grid.cells[500]) }
        let rounds = 200
        let total = microseconds {
            for _ in 0..<rounds { for seed in seeds { sink &+= Int(Creature(seed: seed).grid.cells[500]) } }
        }
        print(String(format: "engine: %.2f µs per creature (avg over %d golden seeds × %d rounds, one thread; target ≤ 5)",
                     total / Double(rounds * seeds.count), seeds.count, rounds))
        if sink == 42 { print("") }
    }
}
