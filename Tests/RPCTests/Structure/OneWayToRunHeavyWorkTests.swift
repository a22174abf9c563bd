import Foundation
import Testing

/// protocol.md, "Execution model": heavy work runs on the compute pool, the one way there is.
/// No source file but the pool's own reaches for another way to run CPU work off the caller:
/// Dispatch's `concurrentPerform` or global queues (their threads are not the pool's, take no
/// turns and cannot be counted), or a detached task (Swift's cooperative threads, which read
/// input, schedule, cancel and write output).
@Suite struct OneWayToRunHeavyWorkTests {
    static let forbidden = ["concurrentPerform", "DispatchQueue.global", "Task.detached"]
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    static let poolFile = "Compute/ComputePool.swift"

    /// Every `.swift` file under `Sources/`, by its path from there.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// The lines of `text` that call one of `forbidden` (comments aside).
    static func offenders(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let code = line.components(separatedBy: "//").first ?? ""
            return forbidden.contains(where: code.contains) ? "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test func noSourceButThePoolsRunsWorkAnotherWay() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 50, "found \(files.count) source files under \(Self.sources.path)")
        #expect(files.contains { $0.path == Self.poolFile })
        for file in files where file.path != Self.poolFile {
            let lines = Self.offenders(in: file.text)
            #expect(lines.isEmpty, "Sources/\(file.path) runs work off the compute pool: \(lines). Use RequestContext.compute/computeOnPool/parts (or ComputePool) instead.")
        }
    }

    /// The check itself finds each way it forbids (so a passing run means none is there).
    @Test func theCheckFindsEachForbiddenCall() {
        #expect(Self.offenders(in: "DispatchQueue.concurrentPerform(iterations: 2) { _ in }").count == 1)
        #expect(Self.offenders(in: "let q = DispatchQueue.global(qos: .userInitiated)").count == 1)
        #expect(Self.offenders(in: "x\n  Task.detached { work() }").first == "2: Task.detached { work() }")
        #expect(Self.offenders(in: "// once used DispatchQueue.concurrentPerform").isEmpty)
    }
}
