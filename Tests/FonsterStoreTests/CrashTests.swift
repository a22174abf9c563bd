import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct CrashTests {
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
                try waitUntil("the child to make four Fonsters") { reportLines(report).count >= 9 }
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

    /// A child deletes and restores Fonsters in turn and is killed with SIGKILL at random
    /// moments, 12 times. Nothing is ever lost: every Fonster it made is in the library or in
    /// the trash (never both, never neither), whole (name, seed, history), and each is where the
    /// child last reported it, but for the one whose next step the kill may have cut short.
    @Test func killNineMidDeleteOrRestoreLosesNothing() throws {
        let path = dir.file("trash-crash.sqlite")
        var generator = SeededGenerator(seed: 2027)
        for run in 0..<12 {
            try? FileManager.default.removeItem(atPath: path)
            let report = dir.file("trash-report-\(run).txt")
            let child = try startChild([path, report, "trash"])
            try waitUntil("the child to report \(14 + run % 4) steps") { reportLines(report).count >= 14 + run % 4 }
            Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.05, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()

            let lines = reportLines(report)
            #expect(!lines.contains { $0.hasPrefix("error") }, "child failed: \(lines.last ?? "")")
            var made: [UUID] = [], inTrash = Set<UUID>(), last: UUID?
            for line in lines {
                let parts = line.split(separator: " ").map(String.init)
                guard parts.count == 2, let id = UUID(uuidString: parts[1]) else { continue }
                switch parts[0] {
                case "made": made.append(id)
                case "delete": inTrash.insert(id); last = id
                case "restore": inTrash.remove(id); last = id
                default: break
                }
            }
            let store = try FonsterStore(location: .file(path), options: testOptions())
            #expect(try store.integrityCheck() == "ok")
            let listed = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.id, $0) })
            let trashed = Dictionary(uniqueKeysWithValues: try store.trash().fonsters.map { ($0.fonster.id, $0.fonster) })
            for id in made {
                guard let fonster = listed[id] ?? trashed[id] else {
                    Issue.record("run \(run): Fonster \(id) is lost")
                    continue
                }
                #expect((listed[id] == nil) != (trashed[id] == nil), "run \(run): in exactly one place")
                #expect(fonster.seed.hasPrefix("second ") && fonster.history.past.first?.hasPrefix("first ") == true)
                // The step after the last one reported may have been committed, on the next Fonster.
                let next = made.firstIndex(of: last ?? id).map { made[($0 + 5) % made.count] }
                if id != last && id != next { #expect((trashed[id] != nil) == inTrash.contains(id), "run \(run)") }
            }
            #expect(listed.count + trashed.count == made.count)
        }
    }
}
