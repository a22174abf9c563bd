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
        framesBenchmark()
        pngSizes(seeds)
        if sink == 42 { print("") }
    }

    /// All frames of a 300-character seed as 256-px PNG data URIs.
    static func framesBenchmark() {
        let words = "The quick brown fox jumps over the lazy dog while Fonsters dance. "
        let seed = String(String(repeating: words, count: 5).prefix(300))
        let size = try! ImageSize(pixels: 256)
        var best = Double.infinity
        for _ in 0..<10 {
            var total = 0
            let µs = microseconds {
                for prefix in Evolution.prefixes(of: seed) {
                    total += (try! Renderer.still(Creature(seed: prefix), format: .png, size: size)).dataURI.utf8.count
                }
            }
            best = min(best, µs)
            if total == 0 { print("") }
        }
        print(String(format: "frames: %.2f ms for all 300 frames of a 300-character seed as 256-px PNG data URIs (best of 10; target ≤ 20)", best / 1000))
    }

    /// The median size of a 256-px PNG over the golden seeds.
    static func pngSizes(_ seeds: [String]) {
        let size = try! ImageSize(pixels: 256)
        let sizes = seeds.map { (try! Renderer.still(Creature(seed: $0), format: .png, size: size)).bytes.count }.sorted()
        print("png: median \(sizes[sizes.count / 2]) bytes for a 256-px PNG (golden seeds; min \(sizes.first!), max \(sizes.last!); target ≤ 400)")
    }
}
