import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// A whole editing session against the real binary, in both framings: every library edit
    /// with its result checked, `fonsters/didChange` for each, and a clean exit.
    @Suite struct EditingSession {
        @Test(arguments: WireFraming.allCases)
        func fullSession(framing: WireFraming) throws {
            let server = try ServerProcess(framing: framing)
            let initialize = try server.result("initialize", ["processId": .null, "clientInfo": ["name": "e2e"]])
            #expect(initialize["serverInfo"] == ["name": "fonsters-rpc", "version": .string(ServerContext.version)])
            #expect(initialize["engine"] == "fonsters-v2")  // a new library's default engine
            #expect(initialize["capabilities"]?["experimental"]?["methods"] == .array(MethodTable.names.map { .string($0) }))
            #expect(initialize["capabilities"]?["experimental"]?["formats"] == ["png", "gif", "jpeg", "svg"])
            #expect(initialize["capabilities"]?["experimental"]?["randomSources"]?.array?.count == 4)
            #expect(initialize["store"] == ["path": .null, "memory": true, "readOnly": false])
            server.notify("initialized")

            #expect(try server.result("fonsters/list")["fonsters"] == [])

            // create
            let bob = try server.result("fonsters/create", ["name": "Bob", "seed": "hello", "engine": "fonsters-v1"])
            let bobID = try #require(bob["id"]?.string)
            #expect(UUID(uuidString: bobID) != nil)
            #expect(bob["name"] == "Bob" && bob["seed"] == "hello" && bob["displayName"] == "Bob")
            #expect(bob["canUndo"] == false && bob["canRedo"] == false && bob["position"] == 0)
            #expect(bob["engine"] == "fonsters-v1" && bob["randomSource"] == .null && bob["birthday"] == false)
            #expect(try server.notification("fonsters/didChange")?["params"] == [
                "ids": [.string(bobID)], "reason": "create", "external": false, "engines": [bobID: "fonsters-v1"]])

            // update: seed (undoable) and name
            let seeded = try server.result("fonsters/update", ["id": .string(bobID), "seed": "hello world"])
            #expect(seeded["seed"] == "hello world" && seeded["canUndo"] == true)
            #expect(try server.notification("fonsters/didChange")?["params"]?["reason"] == "update")
            let renamed = try server.result("fonsters/update", ["id": .string(bobID), "name": "Robert"])
            #expect(renamed["name"] == "Robert" && renamed["seed"] == "hello world")

            // engine: a switch keeps the seed history and is announced with the new engine
            let switched = try server.result("fonsters/update", ["id": .string(bobID), "engine": "fonsters-v2"])
            #expect(switched["engine"] == "fonsters-v2" && switched["seed"] == "hello world" && switched["canUndo"] == true)
            let announced = try server.notification("fonsters/didChange", where: { $0["params"]?["engines"]?[bobID] == "fonsters-v2" })
            #expect(announced?["params"]?["reason"] == "update" && announced?["params"]?["ids"] == [.string(bobID)])
            #expect(try server.result("creature/describe", ["id": .string(bobID)])["engine"] == "fonsters-v2")
            _ = try server.result("fonsters/update", ["id": .string(bobID), "engine": "fonsters-v1"])

            // undo / redo
            let undone = try server.result("fonsters/undo", ["id": .string(bobID)])
            #expect(undone["seed"] == "hello" && undone["canUndo"] == false && undone["canRedo"] == true)
            #expect(try server.error("fonsters/undo", ["id": .string(bobID)])["code"] == 1006)
            let redone = try server.result("fonsters/redo", ["id": .string(bobID)])
            #expect(redone["seed"] == "hello world" && redone["canRedo"] == false)
            #expect(try server.error("fonsters/redo", ["id": .string(bobID)])["code"] == 1007)

            // random text (local generators), refresh, then back with undo
            let random = try server.result("fonsters/random", ["id": .string(bobID), "source": "words", "mode": "replace"])
            #expect(random["randomSource"] == "words" && random["usedFallback"] == false)
            #expect(random["seed"] != "hello world" && random["seed"]?.string?.isEmpty == false)
            let prepended = try server.result("fonsters/random", ["id": .string(bobID), "source": "uuid", "mode": "prepend"])
            #expect(prepended["seed"]?.string?.hasSuffix(random["seed"]?.string ?? "?") == true)
            let refreshed = try server.result("fonsters/refresh", ["id": .string(bobID)])
            #expect(refreshed["randomSource"] == "uuid" && refreshed["canUndo"] == true)
            for _ in 0..<3 { _ = try server.result("fonsters/undo", ["id": .string(bobID)]) }
            #expect(try server.result("fonsters/get", ["id": .string(bobID)])["seed"] == "hello world")

            // useFrame: frame 5 of "hello world" is "hello"
            let frames = try server.result("creature/frames", ["id": .string(bobID), "size": 32, "start": 4, "count": 1])
            #expect(frames["total"] == 11 && frames["frames"]?[0]?["prefix"] == "hello" && frames["frames"]?[0]?["index"] == 5)
            let framed = try server.result("fonsters/useFrame", ["id": .string(bobID), "frame": 5])
            #expect(framed["seed"] == "hello" && framed["canUndo"] == true)
            #expect(try server.error("fonsters/useFrame", ["id": .string(bobID), "frame": 6])["code"] == 1008)

            // a second Fonster, moved to the front
            let amy = try server.result("fonsters/create", ["name": "Amy", "seed": "amy"])
            let amyID = try #require(amy["id"]?.string)
            #expect(amy["position"] == 1)
            let moved = try server.result("fonsters/move", ["id": .string(amyID), "index": 0])
            #expect(moved["position"] == 0)
            #expect(try server.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "move" })?["params"]?["ids"] == [.string(amyID)])
            #expect(try ids(server) == [amyID, bobID])

            // duplicate: a copy at the end with a fresh history
            let copy = try server.result("fonsters/duplicate", ["id": .string(bobID)])
            let copyID = try #require(copy["id"]?.string)
            #expect(copyID != bobID && copy["seed"] == "hello" && copy["name"] == "Robert" && copy["canUndo"] == false)
            #expect(try ids(server) == [amyID, bobID, copyID])

            // delete
            #expect(try server.result("fonsters/delete", ["id": .string(bobID)]) == ["id": .string(bobID), "deleted": true])
            #expect(try server.notification("fonsters/didChange", where: { $0["params"]?["reason"] == "delete" })?["params"]?["ids"] == [.string(bobID)])
            #expect(try server.error("fonsters/get", ["id": .string(bobID)])["code"] == 1001)
            #expect(try ids(server) == [amyID, copyID])

            // rendering a library Fonster uses its name for the file
            let render = try server.result("creature/render", ["id": .string(amyID), "size": 64])
            #expect(render["fileName"]?.string?.hasPrefix("Amy") == true && render["width"] == 64)

            #expect(try server.shutdownAndExit() == 0)
            #expect(server.process.stdoutViolation == nil)
        }

        private func ids(_ server: ServerProcess) throws -> [String] {
            try server.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"]?.string } ?? []
        }
    }
}
