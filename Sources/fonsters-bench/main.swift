// Release-mode benchmarks: `swift run -c release fonsters-bench [engine|kinds|longseeds|png|svg|store|rpc|lookalikes|web|describe|search|lsp|neighbours|library|growth|renderparts|all]`.
// Prints figures for the README, each with its target. `all` runs every part in a process of its
// own, so peak-memory figures are the part's own. `rpc` spawns the release `fonsters-rpc`
// beside this executable (build it first: `swift build -c release`).
import Foundation
import FonsterStore

let part = CommandLine.arguments.dropFirst().first ?? "all"
switch part {
case "engine": EngineBenchmark.run()
case "kinds": KindsBenchmark.run()
case "longseeds": LongSeedBenchmark.run()
case "png": PNGBenchmark.run()
case "svg": SVGBenchmark.run()
case "store": print(try StoreBenchmark.run())
case "rpc": RPCBenchmark.run()
case "lookalikes": try LookalikesBenchmark.run()
case "web": WebBenchmark.run()
case "describe": DescribeBenchmark.run()
case "search": await SearchBenchmark.run()
case "lsp": LSPBenchmark.run()
case "neighbours": NeighboursBenchmark.run()
case "library": LibraryBenchmark.run()
case "growth": try GrowthBenchmark.run()
case "renderparts": RenderPartsBenchmark.run()
case "all":
    for name in ["engine", "store", "rpc", "web", "lsp", "library"] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [name]
        try child.run()
        child.waitUntilExit()
    }
default:
    FileHandle.standardError.write(Data("usage: fonsters-bench [engine|kinds|longseeds|png|svg|store|rpc|lookalikes|web|describe|search|lsp|neighbours|library|growth|renderparts|all]\n".utf8))
    exit(2)
}
