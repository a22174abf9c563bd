import Foundation
import CreatureCore
#if canImport(Glibc)
import Glibc
#endif

/// 256-px SVG data URIs against PNG ones of the same golden creatures, transparent and on
/// their sky: thread CPU time per image, median and spread over repeated runs.
enum SVGBenchmark {
    /// This thread's CPU time in µs.
    static func cpuMicroseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e6 + Double(t.tv_nsec) / 1e3
    }

    /// µs per item of `body` over `runs` runs (each over `count` items): median, lowest, highest.
    static func measure(runs: Int, count: Int, _ body: () -> Void) -> (median: Double, low: Double, high: Double) {
        body()  // warm up
        var times: [Double] = []
        for _ in 0..<runs {
            let start = cpuMicroseconds()
            body()
            times.append((cpuMicroseconds() - start) / Double(count))
        }
        times.sort()
        return (times[times.count / 2], times.first!, times.last!)
    }

    static func run() {
        let size = try! ImageSize(pixels: 256)
        let runs = EngineBenchmark.rounds == 1 ? 1 : 21
        var total = 0
        for engine in EngineBenchmark.engines {
            let creatures = EngineBenchmark.goldenSeeds(engine).map { Creature(seed: $0, engine: engine) }
            let sprites = creatures.map(\.sprite)
            let titles = creatures.map { AltText.sentence(for: $0) }
            let skies = creatures.map { Background.sky.backdrop(seed: $0.seed, engine: engine) }
            for onSky in [false, true] {
                let backdrops: [Backdrop?] = onSky ? skies : Array(repeating: nil, count: creatures.count)
                let svg = measure(runs: runs, count: sprites.count) {
                    for i in sprites.indices {
                        let document = SVGEncoder.encode(sprites[i], title: titles[i], size: size.pixels, backdrop: backdrops[i])
                        total &+= DataURI.make(mime: "image/svg+xml", bytes: document).utf8.count
                    }
                }
                let png = measure(runs: runs, count: sprites.count) {
                    for i in sprites.indices {
                        let bytes = try! PNGEncoder.encode(sprites[i], scale: size.scale, backdrop: backdrops[i])
                        total &+= DataURI.make(mime: "image/png", bytes: bytes).utf8.count
                    }
                }
                let sizes = sprites.indices.map { SVGEncoder.encode(sprites[$0], title: titles[$0], size: size.pixels, backdrop: backdrops[$0]).count }.sorted()
                print(String(format: "svg %@%@: median %.2f µs per 256-px SVG data URI (%.2f–%.2f), PNG %.2f µs (%.2f–%.2f); SVG median %d bytes (%d golden creatures × %d runs, thread CPU time; budget ≤ 8)",
                             engine.rawValue, onSky ? " on its sky" : "", svg.median, svg.low, svg.high, png.median, png.low, png.high,
                             sizes[sizes.count / 2], sprites.count, runs))
            }
        }
        if total == 42 { print("") }
    }
}
