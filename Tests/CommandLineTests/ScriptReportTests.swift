import Foundation
import Testing
import TestSupport

/// `--script` on a terminal prints a report a person can read; piped or with `--json` it prints
/// the JSON-RPC lines. `#` lines in a script are comments: never sent, shown as step titles.
@Suite(.offTheCooperativeThreads) struct ScriptReportTests {
    static let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/tour.jsonl").path
    /// The tour's requests (lines with an id), each answered once.
    static let tourRequests = ((try? String(contentsOfFile: tour, encoding: .utf8)) ?? "")
        .split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("\"id\"") }.count

    /// Runs the built executable with `arguments` under `script(1)`, so its stdout is a terminal;
    /// plain (NO_COLOR=1) unless `colour`.
    func runOnTerminal(_ arguments: [String], colour: Bool = false) throws -> (status: Int32, text: String) {
        let (status, output) = try TerminalTests.onTerminal(arguments, environment: colour ? [:] : ["NO_COLOR": "1"], columns: 160)
        return (status, output.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    func temporaryScript(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-script-\(UUID().uuidString).jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func theTourOnATerminalIsReadable() throws {
        let (status, text) = try runOnTerminal(["--script", Self.tour, "--memory", "--no-starter"])
        #expect(status == 0, "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("2 fonsters/create {id: \"00000000-0000-4000-8000-00000000000a\", name: \"Bob\"") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("• initialized") })
        #expect(text.contains("dataUri: \"data:image/png;base64,… ("), "data URIs are cut to their size")
        #expect(!text.contains(";base64,iVBOR") && !text.contains(";base64,R0lG"), "no base64 on screen")
        #expect(lines.allSatisfy { $0.count <= 160 }, "every line fits the terminal")
        #expect(lines.last == "\(Self.tourRequests) answers, 0 errors (--json prints the JSON-RPC lines)")
    }

    /// In colour, every PNG and SVG creature of the tour is drawn: 16 lines of 32 half blocks per
    /// picture, side by side, and the data URI is named instead of cut.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func theTourInColourDrawsItsCreatures() throws {
        let (status, text) = try runOnTerminal(["--script", Self.tour, "--memory", "--no-starter"], colour: true)
        #expect(status == 0, "\(text)")
        let lines = text.split(separator: "\n")
        #expect(text.contains("dataUri: image/png, ") && text.contains(" bytes ↓"))
        #expect(!text.contains("data:image/png;base64,…"), "pictures instead of cut data URIs")
        let pictureLines = lines.filter { $0.contains("▀") }
        #expect(pictureLines.count >= 16 * 5 && pictureLines.count % 16 == 0, "whole pictures: \(pictureLines.count) lines")
        for line in pictureLines {
            let blocks = line.filter { $0 == "▀" }.count
            #expect(blocks % 32 == 0 && blocks > 0, "whole creatures side by side")
            let visible = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(visible.count <= 160, "fits the terminal")
        }
        // The render of "hello" at 32 px (step 15) is drawn right after its answer, on hello's sky.
        let answer = try #require(lines.firstIndex { $0.contains("image/png, ") && $0.contains("bytes: 150") })
        #expect(lines[answer + 1].contains("▀"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func jsonOnATerminalGivesTheLines() throws {
        let (status, text) = try runOnTerminal(["--script", Self.tour, "--memory", "--no-starter", "--json"])
        #expect(status == 0)
        let lines = text.split(separator: "\n")
        #expect(lines.count == Self.tourRequests)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"jsonrpc\":\"2.0\"") })
    }

    @Test func commentsAreNeverSentAndTitleTheirStep() throws {
        let path = try temporaryScript("""
        # Make Bob
        {"jsonrpc":"2.0","id":1,"method":"fonsters/create","params":{"seed":"bob"}}
           # the list, twice
        {"jsonrpc":"2.0","id":2,"method":"fonsters/list"}
        """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let piped = try BuiltExecutable.run(["--script", path, "--memory", "--no-starter"])
        #expect(piped.status == 0, "\(piped.stderrText)")
        let lines = String(decoding: piped.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"result\"") })
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let (status, text) = try runOnTerminal(["--script", path, "--memory", "--no-starter"])
        #expect(status == 0)
        #expect(text.contains("# Make Bob\n1 fonsters/create {seed: \"bob\"}\n   → {"), "\(text)")
        #expect(text.contains("# the list, twice\n2 fonsters/list\n"), "\(text)")
    }

    @Test func errorsShowTheirCodeAndMessage() throws {
        let path = try temporaryScript(#"{"jsonrpc":"2.0","id":7,"method":"fonsters/fly"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let (status, text) = try runOnTerminal(["--script", path, "--memory", "--no-starter"])
        #expect(status == 1)
        #expect(text.contains("7 fonsters/fly\n   ✗ error -32601: "), "\(text)")
        #expect(text.hasSuffix("1 answer, 1 error (--json prints the JSON-RPC lines)\n"), "\(text)")
    }

    @Test func aMissingScriptIsAnIOError() throws {
        let result = try BuiltExecutable.run(["--script", "/nonexistent/tour.jsonl", "--memory"])
        #expect(result.status == 1)
        #expect(result.stderrText == "fonsters-rpc: Cannot read the script /nonexistent/tour.jsonl: No such file or directory.\n")
    }
}
