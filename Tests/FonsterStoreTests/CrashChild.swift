import Foundation
@testable import FonsterStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The child side of the crash-safety and two-process tests: applies edits to a store and
/// appends one line to a report file after each commit, so a parent that kills it (kill -9)
/// knows which edits were committed.
///
/// `arguments`: `[storePath, reportPath, "edit"]` creates a Fonster named `c<i>` then sets its
/// seed to `seed-<i>`, for ever, reporting `create <id> c<i>` and `seed <id> seed-<i>`;
/// `[storePath, reportPath, "prepend", tag, count, id…]` prepends `<tag><i>` to the listed
/// Fonsters in turn, `count` times, reporting `prepend <id> <tag><i>`; `"import"` and `"trash"`:
/// see below.
/// Returns an exit status.
func runCrashChild(arguments: [String]) -> Int32 {
    guard arguments.count >= 3 else { return 64 }
    let report = open(arguments[1], O_WRONLY | O_CREAT | O_APPEND, 0o644)
    guard report >= 0 else { return 73 }
    defer { close(report) }
    func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(report, $0.baseAddress, $0.count) }
    }
    do {
        var options = StoreOptions.scripting
        options.busyTimeout = 60  // the tests are about lost updates, not lock waits on a loaded machine
        let store = try FonsterStore(location: .file(arguments[0]), options: options)
        switch arguments[2] {
        case "edit":
            say("ready")
            var i = 0
            while true {
                let fonster = try store.create(name: "c\(i)")
                say("create \(fonster.id.uuidString) c\(i)")
                _ = try store.setSeed(fonster.id, to: "seed-\(i)")
                say("seed \(fonster.id.uuidString) seed-\(i)")
                i += 1
            }
        case "prepend":
            guard arguments.count >= 6, let count = Int(arguments[4]) else { return 64 }
            let ids = arguments[5...].compactMap(UUID.init(uuidString:))
            say("ready")
            for i in 0..<count {
                let id = ids[i % ids.count]
                let token = arguments[3] + String(i)
                _ = try store.applyRandomText(id, text: token, source: .words, prepend: true)
                say("prepend \(id.uuidString) \(token)")
            }
            return 0
        case "fetch":
            // `[storePath, reportPath, "fetch", endpoint, seconds?]`: one random-text fetch with the
            // provider's deadline (or `seconds`), reporting
            // `fetch <usedFallback> <RSS before, kB> <peak RSS after, kB> <milliseconds taken> <text>`.
            guard arguments.count >= 4, let endpoint = URL(string: arguments[3]) else { return 64 }
            let timeout = arguments.count > 4 ? TimeInterval(arguments[4]) : nil
            let before = memoryFigure("VmRSS")
            let start = ContinuousClock.now
            let result = Locked<(text: String, usedFallback: Bool)?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                let provider = timeout.map { RandomTextProvider(endpoint: endpoint, seed: 1, timeout: $0) }
                result.value = await (provider ?? RandomTextProvider(endpoint: endpoint, seed: 1)).text(for: .words)
                done.signal()
            }
            done.wait()
            let taken = ContinuousClock.now - start
            let ms = taken.components.seconds * 1000 + taken.components.attoseconds / 1_000_000_000_000_000
            say("fetch \(result.value?.usedFallback == true) \(before) \(memoryFigure("VmHWM")) \(ms) \(result.value?.text ?? "")")
            return 0
        case "trash":
            // `[storePath, reportPath, "trash"]`: makes 12 Fonsters with history (reporting
            // `made <id>`), then for ever deletes one and restores it, turn by turn, reporting
            // `delete <id>` and `restore <id>` after each commit.
            say("ready")
            var ids: [UUID] = []
            for i in 0..<12 {
                let fonster = try store.create(name: "t\(i)", seed: "first \(i)")
                _ = try store.setSeed(fonster.id, to: "second \(i)")
                ids.append(fonster.id)
                say("made \(fonster.id.uuidString)")
            }
            var i = 0
            while true {
                let id = ids[(i * 5) % ids.count]
                try store.delete(id)
                say("delete \(id.uuidString)")
                _ = try store.restore(id)
                say("restore \(id.uuidString)")
                i += 1
            }
        case "import":
            // `[storePath, reportPath, "import", rounds]`: round r imports seeds `r-0`…`r-4`,
            // all processes running the same rounds at once.
            guard arguments.count >= 4, let rounds = Int(arguments[3]) else { return 64 }
            say("ready")
            for round in 0..<rounds {
                let result = try store.importSeeds((0..<5).map { "\(round)-\($0)" }, engine: .current)
                say("import \(round) \(result.created.count) \(result.skipped.count)")
            }
            return 0
        default:
            return 64
        }
    } catch {
        say("error \(error)")
        return 1
    }
}

/// A figure in kB from /proc/self/status (`VmRSS`, `VmHWM`), 0 when unknown.
func memoryFigure(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
}

/// A value shared between a task and a waiting thread.
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
