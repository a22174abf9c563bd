// Release-mode benchmarks: `swift run -c release fonsters-bench [engine|store|all]`.
// Prints figures for the README; targets are noted beside each figure.
import Foundation
import CreatureCore

let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "engine" || which == "all" { EngineBenchmark.run() }
if which == "rpc" || which == "all" { RPCBenchmark.run() }
