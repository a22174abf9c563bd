import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct CrashTests {
    let dir = TempDir()

    /// A child keeps creating and editing Fonsters; it is killed with SIGKILL at random moments,
    /// 24 times. After each kill the store opens, passes `integrity_check`, and holds every edit
    /// the child reported as committed (and everything from earlier runs).
    @Test func killNineNeverLosesACommittedEdit() throws {
        let path = dir.file("crash.sqlite")
        var generator = SeededGenerator(seed: 2026)
        var committed: [UUID: (name: String, seed: String?)] = [:]
        var killedWhileEditing = 0
        for run in 0..<24 {
            let report = dir.file("report-\(run).txt")
            let child = try startChild([path, report, "edit"])
            if run % 6 == 5 {
                // Sometimes kill early: during start-up or while opening the store.
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.3, using: &generator))
            } else {
                // At least four Fonsters made before the kill, however slow the machine is.
                #expect(waitUntil { reportLines(report).count >= 9 })
                Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.15, using: &generator))
            }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)

            let lines = reportLines(report)
            #expect(!lines.contains { $0.hasPrefix("error") }, "child failed: \(lines.last ?? "")")
            if lines.count > 1 { killedWhileEditing += 1 }
            for line in lines {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                guard parts.count == 3, let id = UUID(uuidString: parts[1]) else { continue }
                if parts[0] == "create" { committed[id] = (parts[2], nil) }
                if parts[0] == "seed" { committed[id]?.seed = parts[2] }
            }

            let store = try FonsterStore(location: .file(path), options: testOptions())
            #expect(try store.integrityCheck() == "ok")
            let saved = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.id, $0) })
            for (id, edit) in committed {
                guard let fonster = saved[id] else {
                    Issue.record("run \(run): committed Fonster \(edit.name) is missing")
                    continue
                }
                #expect(fonster.name == edit.name)
                if let seed = edit.seed { #expect(fonster.seed == seed, "run \(run): committed seed lost") }
            }
        }
        #expect(killedWhileEditing >= 15)
        #expect(committed.count >= 80)  // 20 runs × at least 4
    }
}
