import Foundation
import Testing
@testable import FonsterStore

/// A fresh temporary directory, removed when the value is released.
final class TempDir: @unchecked Sendable {
    let url: URL
    var path: String { url.path }

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fonster-store-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Restore write permission in case a test made files read-only.
        if let items = FileManager.default.enumerator(atPath: url.path) {
            for case let item as String in items { chmod(url.appendingPathComponent(item).path, 0o644) }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A fixed instant: 2026-11-21T17:30:00.123Z (09:30:00.123 in Los Angeles).
let fixedNow = Date(timeIntervalSince1970: 1_795_282_200.123)
let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

/// Options for tests: no starters, fixed clock and zone, repeatable random text.
func testOptions(now: Date = fixedNow, zone: TimeZone = losAngeles) -> StoreOptions {
    StoreOptions(starterFonsters: false, now: { now }, timeZone: zone, randomSeed: 42)
}

/// A store in a new file of `dir`.
func fileStore(_ dir: TempDir, name: String = "lib.sqlite", options: StoreOptions = testOptions()) throws -> FonsterStore {
    try FonsterStore(location: .file(dir.file(name)), options: options)
}

/// Asserts that `body` throws exactly `expected`.
func expectError<T>(_ expected: StoreError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) {
    do {
        _ = try body()
        Issue.record("expected \(expected.code) but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

/// The bytes of a file (empty if missing).
func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

/// A thread-safe collection for callbacks.
final class Collected<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
    var all: [T] { lock.lock(); defer { lock.unlock() }; return items }
}

