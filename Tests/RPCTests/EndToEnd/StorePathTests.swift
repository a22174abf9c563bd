import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// Every shape of store path names a store: a one-letter name, a space, `~` (a literal
    /// name, not the home folder), a name from `FONSTERS_STORE`, a script's store, a name in a
    /// folder still to be made. Each run is a real process in a fresh current folder.
    @Suite struct StorePaths {
        static let session = """
        {"jsonrpc":"2.0","id":1,"method":"fonsters/create","params":{"seed":"kept here"}}
        {"jsonrpc":"2.0","id":2,"method":"fonsters/list"}

        """

        /// Runs `arguments` in a fresh folder with `session` on stdin; returns the folder and the run.
        private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (URL, BuiltExecutable.Result) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-paths-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var environment = ProcessInfo.processInfo.environment
            environment["FONSTERS_STORE"] = nil
            environment["HOME"] = folder.appendingPathComponent("home").path
            for (key, value) in extra { environment[key] = value }
            let result = try BuiltExecutable.run(arguments + ["--no-starter"], stdin: Data(Self.session.utf8),
                                                 environment: environment, currentDirectory: folder)
            return (folder, result)
        }

        /// The run answered both requests, and the list holds the created Fonster.
        private func expectServed(_ result: BuiltExecutable.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(result.status == 0, "exit \(result.status); stderr: \(result.stderrText.suffix(400))", sourceLocation: sourceLocation)
            let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
            let list = try lines.map { try JSONValue(parsing: String($0)) }.first { $0["id"] == 2 }
            #expect(list?["result"]?["fonsters"]?[0]?["seed"] == "kept here", "stdout: \(lines.prefix(2))", sourceLocation: sourceLocation)
        }

        @Test(arguments: ["z", " ", "~", "zz", "new folder/deeper/q"])
        func aRelativeStorePathIsAFileInTheCurrentFolder(_ name: String) throws {
            let (folder, result) = try run(["--stdio", "--store", name])
            defer { try? FileManager.default.removeItem(at: folder) }
            try expectServed(result)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("home").path), "'~' must not mean the home folder")
        }

        @Test func aStoreNamedByTheEnvironment() throws {
            let (folder, result) = try run(["--stdio"], environment: ["FONSTERS_STORE": "y"])
            defer { try? FileManager.default.removeItem(at: folder) }
            try expectServed(result)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y").path))
        }

        @Test func aScriptWithAOneLetterStore() throws {
            let (folder, result) = try run(["--script", "-", "--json", "--store", "q"])
            defer { try? FileManager.default.removeItem(at: folder) }
            try expectServed(result)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("q").path))
        }
    }
}
