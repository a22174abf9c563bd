import Foundation
import CreatureCore

/// The PNG + data URI half of the frames figure alone: the 300 frame sprites are drawn first,
/// then only encoded, so a profile (`FONSTERS_BENCH_ROUNDS=1 valgrind --tool=callgrind
/// fonsters-bench png`) sees the encoder without the engine or the golden-file loading.
enum PNGBenchmark {
    static func run() {
        let words = "The quick brown fox jumps over the lazy dog while Fonsters dance. "
        let seed = String(String(repeating: words, count: 5).prefix(300))
        let size = try! ImageSize(pixels: 256)
        for engine in EngineBenchmark.engines {
            let sprites = Evolution.prefixes(of: seed).map { Creature(seed: $0, engine: engine).sprite }
            var best = Double.infinity, total = 0
            for _ in 0..<(EngineBenchmark.rounds == 1 ? 1 : 20) {
                best = min(best, EngineBenchmark.microseconds {
                    for sprite in sprites {
                        total &+= DataURI.make(mime: "image/png", bytes: try! PNGEncoder.encode(sprite, scale: size.scale)).utf8.count
                    }
                })
            }
            print(String(format: "png %@: %.2f µs per 256-px PNG data URI (%d frame sprites, best of %d, one thread; budget ≤ 8)",
                         engine.rawValue, best / Double(sprites.count), sprites.count, EngineBenchmark.rounds == 1 ? 1 : 20))
            // The same frames standing on the seed's sky (one grey per cell row).
            let sky = Background.sky.backdrop(seed: seed, engine: engine)
            var bestSky = Double.infinity
            for _ in 0..<(EngineBenchmark.rounds == 1 ? 1 : 20) {
                bestSky = min(bestSky, EngineBenchmark.microseconds {
                    for sprite in sprites {
                        total &+= DataURI.make(mime: "image/png", bytes: try! PNGEncoder.encode(sprite, scale: size.scale, backdrop: sky)).utf8.count
                    }
                })
            }
            print(String(format: "png %@ on its sky: %.2f µs per 256-px PNG data URI (best of %d, one thread)",
                         engine.rawValue, bestSky / Double(sprites.count), EngineBenchmark.rounds == 1 ? 1 : 20))
            if total == 42 { print("") }
        }
    }
}
