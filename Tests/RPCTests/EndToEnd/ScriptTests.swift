import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// `--script`: the shipped session files run as tests.
    @Suite struct Scripts {
        private func lines(_ data: Data) throws -> [JSONValue] {
            try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        }

        @Test func theTourCallsEveryMethodWithoutAnError() throws {
            let tour = repositoryRoot.appendingPathComponent("examples/tour.jsonl")
            let run = try BuiltExecutable.run(["--script", tour.path, "--memory", "--no-starter"])
            #expect(run.status == 0, "stderr: \(run.stderrText)")
            let responses = try lines(run.stdout)
            #expect(responses.allSatisfy { $0["error"] == nil && $0["result"] != nil })
            let requests = try String(contentsOf: tour, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("#") }.map { try JSONValue(parsing: String($0)) }
            let withID = requests.filter { $0["id"] != nil }
            #expect(responses.map { $0["id"] } == withID.map { $0["id"] }) // one line per request, in order
            let called = Set(requests.compactMap { $0["method"]?.string })
            #expect(Set(MethodTable.names).isSubset(of: called), "missing: \(Set(MethodTable.names).subtracting(called).sorted())")
        }

        @Test func theErrorTourExitsOneAndShowsTheCodes() throws {
            let run = try BuiltExecutable.run(["--script", repositoryRoot.appendingPathComponent("examples/errors.jsonl").path, "--memory", "--no-starter"])
            #expect(run.status == 1)
            let codes = try lines(run.stdout).compactMap { $0["error"]?["code"]?.int }
            #expect(codes == [-32700, -32600, -32601, -32602, 1001, 1003, 1006, 1007, 1008, 1008, 1010, 1013])
        }

        @Test func aScriptFromStandardInput() throws {
            let script = """
            {"jsonrpc":"2.0","id":1,"method":"fonsters/create","params":{"seed":"from stdin"}}

            {"jsonrpc":"2.0","id":2,"method":"fonsters/list"}
            """
            let run = try BuiltExecutable.run(["--script", "-", "--memory", "--no-starter"], stdin: Data(script.utf8))
            #expect(run.status == 0)
            let responses = try lines(run.stdout)
            #expect(responses.count == 2 && responses[1]["result"]?["fonsters"]?[0]?["seed"] == "from stdin")
        }

        @Test func aBadFirstLineDoesNotLoseTheRest() throws {
            // A first line starting with a letter must not switch the script to header framing.
            let script = """
            hello
            {"jsonrpc":"2.0","id":1,"method":"fonsters/create","params":{"seed":"kept"}}
            """
            let run = try BuiltExecutable.run(["--script", "-", "--memory", "--no-starter"], stdin: Data(script.utf8))
            #expect(run.status == 1)
            let responses = try lines(run.stdout)
            #expect(responses.count == 2)
            #expect(responses.first?["error"]?["code"] == -32700)
            #expect(responses.last?["result"]?["seed"] == "kept")
        }
    }
}
