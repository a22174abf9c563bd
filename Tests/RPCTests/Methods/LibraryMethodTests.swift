import Foundation
import Testing
import TestSupport
@testable import RPC
import CreatureCore
import FonsterStore

/// `fonsters/*` handlers through the dispatcher, on an in-memory store.
@Suite(.hangBackstop) struct LibraryMethodTests {
    let id: JSONValue = "0000000A-0000-4000-8000-000000000000"

    @Test func createWithAClientChosenIdThenGetAndList() async throws {
        let h = MethodHarness()
        let created = try await h.result("fonsters/create", ["id": id, "name": "N", "seed": "s"])
        #expect(created["id"] == id && created["displayName"] == "N" && created["position"] == 0)
        #expect(try await h.result("fonsters/get", ["id": "0000000a-0000-4000-8000-000000000000"])["seed"] == "s")
        #expect(try await h.result("fonsters/list")["fonsters"]?.array?.count == 1)
        let again = try await h.error("fonsters/create", ["id": id])
        #expect(again["code"] == -32602 && again["data"]?["field"] == "id")
    }

    @Test func createDefaultsToAnEmptyFonsterNamedFromItsSeed() async throws {
        let h = MethodHarness()
        let created = try await h.result("fonsters/create")
        #expect(created["name"] == "" && created["seed"] == "" && created["randomSource"] == .null)
        let named = try await h.result("fonsters/create", ["seed": "sunny day"])
        #expect(named["name"] == "" && named["displayName"]?.string?.isEmpty == false)
    }

    @Test func updateNeedsSomethingToChange() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["id": id, "seed": "a"])
        let error = try await h.error("fonsters/update", ["id": id])
        #expect(error["code"] == -32602)
        let renamed = try await h.result("fonsters/update", ["id": id, "name": "New"])
        #expect(renamed["name"] == "New" && renamed["canUndo"] == false) // a rename is not a seed edit
    }

    @Test func undoRedoWalkTheSeedHistory() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["id": id, "seed": "one"])
        _ = try await h.result("fonsters/update", ["id": id, "seed": "two"])
        _ = try await h.result("fonsters/update", ["id": id, "seed": "three"])
        #expect(try await h.result("fonsters/undo", ["id": id])["seed"] == "two")
        #expect(try await h.result("fonsters/undo", ["id": id])["seed"] == "one")
        #expect(try await h.error("fonsters/undo", ["id": id])["code"] == 1006)
        #expect(try await h.result("fonsters/redo", ["id": id])["seed"] == "two")
        _ = try await h.result("fonsters/update", ["id": id, "seed": "branch"])
        #expect(try await h.error("fonsters/redo", ["id": id])["code"] == 1007) // a new edit drops the future
    }

    @Test func moveReordersAndRefusesAnIndexOutsideTheList() async throws {
        let h = MethodHarness()
        let a = try await h.result("fonsters/create", ["seed": "a"])["id"]!
        let b = try await h.result("fonsters/create", ["seed": "b"])["id"]!
        let c = try await h.result("fonsters/create", ["seed": "c"])["id"]!
        #expect(try await h.result("fonsters/move", ["id": c, "index": 0])["position"] == 0)
        let order = try await h.result("fonsters/list")["fonsters"]?.array?.compactMap { $0["id"] }
        #expect(order == [c, a, b])
        for bad: Int64 in [-1, 3] {
            let error = try await h.error("fonsters/move", ["id": a, "index": .int(bad)])
            #expect(error["code"] == -32602 && error["data"]?["field"] == "index")
        }
    }

    @Test func randomTextRemembersItsSourceAndRefreshNeedsOne() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["id": id, "seed": "base"])
        #expect(try await h.error("fonsters/refresh", ["id": id])["code"] == 1013)
        for source in ["quote", "words", "uuid", "lorem"] {
            let edit = try await h.result("fonsters/random", ["id": id, "source": .string(source)])
            #expect(edit["randomSource"] == .string(source) && edit["usedFallback"] == false)
        }
        let prepended = try await h.result("fonsters/random", ["id": id, "source": "words", "mode": "prepend"])
        let before = try #require(try await h.result("fonsters/undo", ["id": id])["seed"]?.string)
        #expect(prepended["seed"]?.string?.hasSuffix(before) == true)
        #expect(try await h.error("fonsters/random", ["id": id, "source": "words", "mode": "append"])["data"]?["field"] == "mode")
        #expect(try await h.result("fonsters/refresh", ["id": id])["randomSource"] == "words")
    }

    @Test func listThumbnailsInTheRequestedFormat() async throws {
        let h = MethodHarness()
        _ = try await h.result("fonsters/create", ["seed": "thumb"])
        let plain = try await h.result("fonsters/list")["fonsters"]?[0]
        #expect(plain?["thumbnail"] == nil)
        let svg = try await h.result("fonsters/list", ["thumbnails": ["format": "svg", "size": 32]])["fonsters"]?[0]
        #expect(svg?["thumbnail"]?.string?.hasPrefix("data:image/svg+xml;base64,") == true)
        let error = try await h.error("fonsters/list", ["thumbnails": ["size": 10]])
        #expect(error["data"]?["field"] == "thumbnails.size")
    }

    @Test func unknownIdsAreNotFoundEverywhere() async throws {
        let h = MethodHarness()
        for method in ["fonsters/get", "fonsters/delete", "fonsters/duplicate", "fonsters/undo", "fonsters/redo", "fonsters/refresh"] {
            #expect(try await h.error(method, ["id": id])["code"] == 1001, "\(method)")
        }
        #expect(try await h.error("fonsters/move", ["id": id, "index": 0])["code"] == 1001)
        #expect(try await h.error("creature/render", ["id": id])["code"] == 1001)
        #expect(try await h.error("share/build", ["ids": [id]])["code"] == 1001)
    }
}

/// A Fonster made or changed says which others draw the same picture, or nearly.
@Suite struct LookalikeAnswerTests {
    @Test func createNamesTheLookalikes() async throws {
        let h = MethodHarness()
        // "hello", "grace" and "linus" draw one picture in v1; in v2 they differ.
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        #expect(hello["sameAs"] == [] && hello["nearlyAs"] == [])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        #expect(grace["sameAs"] == [hello["id"]!])
        let linusV2 = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v2"])
        #expect(linusV2["sameAs"] == [])
        let linus = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v1"])
        #expect(linus["sameAs"] == [hello["id"]!, grace["id"]!])
        // Each pair really draws the same picture.
        let grids = try await [hello, grace, linus].asyncMap { f in try await h.result("creature/describe", ["id": f["id"]!])["grid"] }
        #expect(Set(grids.map { $0?.serializedString() ?? "" }).count == 1)
    }

    /// An edit answers the look-alikes of the picture it leaves: a switch of engine, a new seed, a rename.
    @Test func updateNamesTheLookalikesAfterTheEdit() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let linus = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v2"])
        let switched = try await h.result("fonsters/update", ["id": linus["id"]!, "engine": "fonsters-v1"])
        #expect(switched["sameAs"] == [hello["id"]!, grace["id"]!])
        let reseeded = try await h.result("fonsters/update", ["id": grace["id"]!, "seed": "a seed of its own"])
        #expect(reseeded["sameAs"] == [])
        let renamed = try await h.result("fonsters/update", ["id": hello["id"]!, "name": "Bob"])
        #expect(renamed["sameAs"] == [linus["id"]!])
        #expect(renamed["name"] == "Bob")
    }

    /// Pictures are kept between calls, by Fonster: one whose seed or engine changed since is
    /// drawn again, so a later create sees what it draws now.
    @Test func aChangedFonsterIsDrawnAgain() async throws {
        let h = MethodHarness()
        let first = try await h.result("fonsters/create", ["seed": "a seed of its own", "engine": "fonsters-v1"])
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        #expect(hello["sameAs"] == [])
        _ = try await h.result("fonsters/update", ["id": first["id"]!, "seed": "grace"])
        let linus = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v1"])
        #expect(linus["sameAs"] == [first["id"]!, hello["id"]!])
        _ = try await h.result("fonsters/update", ["id": first["id"]!, "engine": "fonsters-v2"])
        let again = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        #expect(again["sameAs"] == [hello["id"]!, linus["id"]!])
    }

    /// `fonsters/lookalikes` keeps its pictures between calls too, and groups what the library draws now.
    @Test func lookalikesAfterAnEditGroupWhatIsDrawnNow() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let other = try await h.result("fonsters/create", ["seed": "a seed of its own", "engine": "fonsters-v1"])
        #expect(try await h.result("fonsters/lookalikes")["exact"] == [])
        _ = try await h.result("fonsters/update", ["id": other["id"]!, "seed": "grace"])
        #expect(try await h.result("fonsters/lookalikes")["exact"] == [[hello["id"]!, other["id"]!]])
        _ = try await h.result("fonsters/update", ["id": other["id"]!, "engine": "fonsters-v2"])
        #expect(try await h.result("fonsters/lookalikes")["exact"] == [])
    }

    /// A share link's review says, before anything is added, which Fonsters each seed would look
    /// like, drawn by the first engine asked for.
    @Test func previewNamesTheLookalikesBeforeTheImport() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let url = try await h.result("share/build", ["seeds": ["linus", "a seed of its own"]])["url"]!
        let seeds = try await h.result("share/preview", ["url": url, "engines": ["fonsters-v1"]])["seeds"]
        #expect(seeds?[0]?["sameAs"] == [hello["id"]!, grace["id"]!] && seeds?[0]?["sameCount"] == 2)
        #expect(seeds?[1]?["sameAs"] == [] && seeds?[1]?["sameCount"] == 0)
        let v2 = try await h.result("share/preview", ["url": url, "engines": ["fonsters-v2", "fonsters-v1"]])["seeds"]
        #expect(v2?[0]?["sameAs"] == [], "linus draws its own picture in v2")
        #expect(try await h.result("fonsters/list")["total"] == 2, "a preview adds nothing")
    }

    /// Each Fonster an import adds says which Fonsters of the library it looks like, the others it
    /// brought in included.
    @Test func importsNameTheLookalikesOfWhatTheyAdd() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let link = try await h.result("share/build", ["seeds": ["grace", "linus", "a seed of its own"]])
        let imported = try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])
        let created = try #require(imported["created"]?.array)
        #expect(created.count == 3)
        #expect(created[0]["sameAs"] == [hello["id"]!, created[1]["id"]!])
        #expect(created[1]["sameAs"] == [hello["id"]!, created[0]["id"]!])
        #expect(created[2]["sameAs"] == [])
    }

    /// A detail view opening on a Fonster asks `fonsters/get` for its look-alikes; without the
    /// flag the answer is the plain Fonster.
    @Test func getAnswersTheLookalikesWhenAsked() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let plain = try await h.result("fonsters/get", ["id": hello["id"]!])
        #expect(plain["sameAs"] == nil && plain["seed"] == "hello")
        let asked = try await h.result("fonsters/get", ["id": hello["id"]!, "lookalikes": true])
        #expect(asked["sameAs"] == [grace["id"]!] && asked["sameCount"] == 1)
        #expect(asked["nearlyAs"] == [] && asked["nearlyCount"] == 0)
        #expect(try await h.error("fonsters/get", ["id": hello["id"]!, "lookalikes": "yes"])["code"] == -32602)
    }

    /// However many Fonsters draw one picture, an answer lists at most `LibraryPictures.listed`
    /// of them and counts them all: 30 copies of one picture imported at once answer 30 × 20
    /// ids, not 30 × 29 (a 10,000-copy import would otherwise answer 10⁸).
    @Test func answersListAFewLookalikesAndCountThemAll() async throws {
        let h = MethodHarness()
        // v1 draws many variants of one base alike: the most common picture of 300 of them.
        let seeds = (0..<300).map { "look \($0)" }
        let byPicture = Dictionary(grouping: seeds) { Picture(seed: $0, engine: .v1) }
        let copies = try #require(byPicture.values.max { $0.count < $1.count }).sorted { seeds.firstIndex(of: $0)! < seeds.firstIndex(of: $1)! }
        try #require(copies.count >= 32, "32 seeds that draw one picture")
        let first = try await h.result("fonsters/create", ["seed": .string(copies[0]), "engine": "fonsters-v1"])
        let link = try await h.result("share/build", ["seeds": .array(copies[1...30].map { .string($0) })])
        let created = try #require(try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])["created"]?.array)
        let ids = [first["id"]!] + created.map { $0["id"]! }
        for (n, f) in created.enumerated() {
            #expect(f["sameCount"] == 30)
            #expect(f["sameAs"]?.array == Array(ids.filter { $0 != ids[n + 1] }.prefix(20)))
        }
        let another = try await h.result("fonsters/create", ["seed": .string(copies[31]), "engine": "fonsters-v1"])
        #expect(another["sameAs"]?.array == Array(ids.prefix(20)) && another["sameCount"] == 31)
        let got = try await h.result("fonsters/get", ["id": first["id"]!, "lookalikes": true])
        #expect(got["sameAs"]?.array == Array((ids.dropFirst() + [another["id"]!]).prefix(20)) && got["sameCount"] == 31)
    }

    /// The library's pictures are kept between calls with the store's version: an edit that was
    /// the only change since patches them, anything else (deletes, moves, undo, imports, and a
    /// second process writing the same file) reads the library again. After each step the answer
    /// equals what the library really draws.
    @Test func keptPicturesFollowEveryKindOfChange() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lookalikes-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".reserve"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let h = MethodHarness(location: .file(path)), other = MethodHarness(location: .file(path))
        /// `answer` (of Fonster `id`) against the library as listed, drawn here.
        func check(_ answer: JSONValue, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let id = try #require(answer["id"])
            let drawn = try await Self.drawnLibrary(h)
            let own = try #require(drawn.first { $0.id == id }).picture
            Self.expectLookalikes(answer, of: own, in: drawn, leavingOut: id, step, sourceLocation: sourceLocation)
        }
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        try await check(hello, "first create")
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        try await check(grace, "create after create")
        try await check(try await h.result("fonsters/update", ["id": grace["id"]!, "seed": "alice 1000"]), "update")
        try await check(try await h.result("fonsters/create", ["seed": "alice 1001", "engine": "fonsters-v1"]), "a near one")
        _ = try await other.result("fonsters/update", ["id": hello["id"]!, "seed": "a seed of its own"])
        try await check(try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v1"]), "after another process's edit")
        let copy = try await h.result("fonsters/duplicate", ["id": grace["id"]!])
        try await check(try await h.result("fonsters/get", ["id": copy["id"]!, "lookalikes": true]), "after a duplicate")
        _ = try await h.result("fonsters/delete", ["id": grace["id"]!])
        try await check(try await h.result("fonsters/create", ["seed": "alice 1000", "engine": "fonsters-v1"]), "after a delete")
        _ = try await h.result("fonsters/move", ["id": copy["id"]!, "index": 0])
        try await check(try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"]), "after a move")
        _ = try await h.result("fonsters/undo", ["id": hello["id"]!])
        try await check(try await h.result("fonsters/get", ["id": hello["id"]!, "lookalikes": true]), "after another process's edit was undone")
        _ = try await other.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        try await check(try await h.result("fonsters/update", ["id": copy["id"]!, "seed": "hello"]), "an update after another process's create")
        let link = try await h.result("share/build", ["seeds": ["alice 1002", "grace 7"]])
        let imported = try #require(try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])["created"]?.array)
        for f in imported { try await check(f, "an import") }
        try await check(try await h.result("fonsters/create", ["seed": "alice 1003", "engine": "fonsters-v1"]), "after an import")
    }

    /// v1 draws "alice 1000"…"alice 1999" as two big groups (840 and 160) nearly alike: a preview
    /// of those 1,000 seeds against the 1,000 Fonsters they made lists 20 ids each, counts them all,
    /// and stays linear (it once took each seed's near group minus its exact group pairwise: 10⁸
    /// steps here).
    @Test func aPreviewOfManyAlikeSeedsStaysLinear() async throws {
        let h = MethodHarness()
        let link = try await h.result("share/build", ["seeds": .array((1000..<2000).map { .string("alice \($0)") })])
        _ = try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])
        let seeds = try #require(try await h.result("share/preview", ["url": link["url"]!, "engines": ["fonsters-v1"]])["seeds"]?.array)
        let counts = seeds.map { ($0["sameCount"]?.int ?? 0) + ($0["nearlyCount"]?.int ?? 0) }
        #expect(counts.contains { $0 > 200 }, "big groups")
        #expect(seeds.allSatisfy { ($0["sameAs"]?.array?.count ?? 99) <= 20 && ($0["nearlyAs"]?.array?.count ?? 99) <= 20 })
        #expect(seeds.contains { ($0["nearlyCount"]?.int ?? 0) > 20 }, "a near group bigger than a list")
    }

    /// `fonsters/lookalikes` asked again of an unchanged library answers the same; after an edit,
    /// the edited library's groups, not the last answer kept.
    @Test func groupsAskedAgainFollowEdits() async throws {
        let h = MethodHarness()
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        let first = try await h.result("fonsters/lookalikes")
        #expect(first["exact"] == [[hello["id"]!, grace["id"]!]])
        #expect(try await h.result("fonsters/lookalikes") == first)
        _ = try await h.result("fonsters/update", ["id": grace["id"]!, "seed": "a seed of its own"])
        #expect(try await h.result("fonsters/lookalikes")["exact"] == [])
    }

    /// A library whose keys the budget does not grant is read for each answer, and answered the same:
    /// a budget keeping two Fonsters' keys (half of it is for what is kept).
    @Test func aLibraryPastTheBudgetIsReadEachTime() async throws {
        let perFonster = MemoryLayout<PictureKey>.stride + MemoryLayout<SilhouetteBands>.stride + MemoryLayout<StoredSeed>.stride
        let budget = MemoryBudget(limit: 2 * 2 * perFonster)
        let finder = LibraryPictures(account: budget.account("look-alike keys"))
        let h = MethodHarness(pictures: finder)
        let hello = try await h.result("fonsters/create", ["seed": "hello", "engine": "fonsters-v1"])
        #expect(finder.keptCount == 1)
        let grace = try await h.result("fonsters/create", ["seed": "grace", "engine": "fonsters-v1"])
        #expect(finder.keptCount == 2 && grace["sameAs"] == [hello["id"]!])
        let linus = try await h.result("fonsters/create", ["seed": "linus", "engine": "fonsters-v1"])
        #expect(finder.keptCount == 0, "three Fonsters: none kept")
        #expect(linus["sameAs"] == [hello["id"]!, grace["id"]!])
        let again = try await h.result("fonsters/update", ["id": grace["id"]!, "seed": "a seed of its own"])
        #expect(again["sameAs"] == [] && finder.keptCount == 0)
        #expect(try await h.result("fonsters/get", ["id": linus["id"]!, "lookalikes": true])["sameAs"] == [hello["id"]!])
    }

    /// What an import answers of each Fonster it adds agrees with `fonsters/lookalikes`: the first
    /// 20 of its exact group and of the rest of its near group, and their sizes.
    @Test func importAnswersAgreeWithTheGroups() async throws {
        let h = MethodHarness()
        // Among these, "alice 1000" and "alice 1001" differ in 8 cells.
        let seeds = (900..<1300).map { "alice \($0)" }
        let link = try await h.result("share/build", ["seeds": .array(seeds.map { .string($0) })])
        let created = try #require(try await h.result("share/import", ["url": link["url"]!, "engine": "fonsters-v1"])["created"]?.array)
        let groups = try await h.result("fonsters/lookalikes")
        let exact = try #require(groups["exact"]?.array).map { $0.array ?? [] }
        let near = try #require(groups["near"]?.array).map { $0.array ?? [] }
        try #require(exact.contains { $0.count > 21 } && !near.isEmpty, "big exact groups and some near ones")
        for f in created {
            let id = f["id"]!
            let same = exact.first { $0.contains(id) } ?? [id]
            let others = near.first { $0.contains(id) }?.filter { !same.contains($0) } ?? []
            #expect(f["sameAs"]?.array == Array(same.filter { $0 != id }.prefix(20)) && f["sameCount"] == .int(Int64(same.count - 1)))
            #expect(f["nearlyAs"]?.array == Array(others.prefix(20)) && f["nearlyCount"] == .int(Int64(others.count)))
        }
        // A preview of more such seeds says the same of each, against the library drawn here.
        let drawn = try await Self.drawnLibrary(h)
        let more = (1290..<1340).map { "alice \($0)" } + ["alice 1000", "alice 1001", "a seed of its own"]
        let previewLink = try await h.result("share/build", ["seeds": .array(more.map { .string($0) })])
        let previewed = try #require(try await h.result("share/preview", ["url": previewLink["url"]!, "engines": ["fonsters-v1"]])["seeds"]?.array)
        for (seed, item) in zip(more, previewed) { Self.expectLookalikes(item, of: Picture(seed: seed, engine: .v1), in: drawn, seed) }
    }

    /// The library as listed, each Fonster drawn here.
    static func drawnLibrary(_ h: MethodHarness) async throws -> [(id: JSONValue, picture: Picture)] {
        try #require(try await h.result("fonsters/list")["fonsters"]?.array).map { f in
            (id: f["id"]!, picture: Picture(seed: f["seed"]!.string!, engine: EngineVersion(rawValue: f["engine"]!.string!)!))
        }
    }

    /// Asks `fonsters/lookalikesOf` of `h` for `seed` drawn by `engine`, checks the answer against
    /// `drawn` (`expectLookalikes`) and gives it.
    static func lookalikesOf(_ seed: String, _ engine: EngineVersion, in drawn: [(id: JSONValue, picture: Picture)], _ h: MethodHarness,
                             sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let answer = try await h.result("fonsters/lookalikesOf", ["seed": .string(seed), "engine": .string(engine.rawValue)])
        expectLookalikes(answer, of: Picture(seed: seed, engine: engine), in: drawn, "\(seed) by \(engine.rawValue)", sourceLocation: sourceLocation)
        return answer
    }

    /// That `answer` lists (the first 20) and counts the Fonsters of `drawn` other than `leavingOut`
    /// that draw `own`, or a picture that looks alike (`Likeness`), in library order.
    static func expectLookalikes(_ answer: JSONValue, of own: Picture, in drawn: [(id: JSONValue, picture: Picture)], leavingOut: JSONValue? = nil,
                                 _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let same = drawn.filter { $0.id != leavingOut && $0.picture == own }.map(\.id)
        let nearly = drawn.filter { $0.id != leavingOut && $0.picture != own && Likeness.looksAlike($0.picture, own) }.map(\.id)
        #expect(answer["sameAs"]?.array == Array(same.prefix(20)) && answer["sameCount"] == .int(Int64(same.count)), "\(step)", sourceLocation: sourceLocation)
        #expect(answer["nearlyAs"]?.array == Array(nearly.prefix(20)) && answer["nearlyCount"] == .int(Int64(nearly.count)), "\(step)", sourceLocation: sourceLocation)
    }
}

extension Array {
    func asyncMap<T>(_ body: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await body(element)) }
        return out
    }
}
