import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// Exit codes, the shutdown rule, and stdout carrying only protocol bytes.
    @Suite struct Lifecycle {
        @Test(arguments: WireFraming.allCases)
        func exitAfterShutdownIsZero(framing: WireFraming) throws {
            let server = try ServerProcess(framing: framing)
            _ = try server.result("initialize")
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func exitWithoutShutdownIsOne() throws {
            let server = try ServerProcess()
            _ = try server.result("initialize")
            server.notify("exit")
            #expect(server.process.waitForExit() == 1)
        }

        @Test func endOfInputWithoutExitIsANormalEnd() throws {
            let server = try ServerProcess()
            _ = try server.result("creature/describe", ["seed": "a"])
            server.process.closeInput()
            #expect(server.process.waitForExit() == 0)
        }

        @Test func requestsBeforeInitializeAreAcceptedAndAfterShutdownRefused() throws {
            let server = try ServerProcess()
            #expect(try server.result("creature/describe", ["seed": "early"])["seed"] == "early")
            #expect(try server.call("shutdown")["result"] == .null)
            let late = try server.call("creature/describe", ["seed": "late"])
            #expect(late["error"]?["code"] == -32600)
            server.notify("exit")
            #expect(server.process.waitForExit() == 0)
        }

        @Test func stdoutCarriesOnlyProtocolBytesEvenWhenDebugLogging() throws {
            let directory = try TemporaryDirectory()
            let server = try ServerProcess(["--stdio", "--store", directory.path("s.sqlite"), "--no-starter", "--log-level", "debug"])
            _ = try server.result("initialize")
            let created = try server.result("fonsters/create", ["seed": "log me"])
            _ = try server.result("creature/render", ["id": created["id"]!, "size": 32])
            _ = try server.error("fonsters/nope")
            server.send(["jsonrpc": "2.0", "result": 1, "id": 77]) // a response the server never asked for: logged
            server.process.send(body: Array("{oops".utf8))
            _ = try server.nextMessage()
            #expect(try server.shutdownAndExit() == 0)
            #expect(!server.process.stderrText.isEmpty)
            #expect(try server.nextMessage(timeout: 1) == nil)
            #expect(server.process.outputEnded)
            #expect(server.process.stdoutViolation == nil)
        }

        @Test func versionAndUsage() throws {
            let version = try BuiltExecutable.run(["--version"])
            #expect(version.status == 0)
            #expect(String(decoding: version.stdout, as: UTF8.self) == "fonsters-rpc \(ServerContext.version) (engine fonsters-v2)\n")
            let bad = try BuiltExecutable.run(["--bogus"])
            #expect(bad.status == 2 && bad.stderrText.contains("The option --bogus is not one the server knows.") && bad.stdout.isEmpty)
        }
    }
}
