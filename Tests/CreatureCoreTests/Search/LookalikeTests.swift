import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Look-alikes: the same picture compares the colour of every cell; nearly alike is
/// `Likeness.looksAlike`. Groups and matches are checked pair by pair against a brute-force
/// comparison (the golden records' own grids for the same picture).
@Suite(.offTheCooperativeThreads) struct LookalikeTests {
    struct EngineFile: Decodable { let records: [CreatureRecord] }

    static func records(_ engine: EngineVersion) throws -> [CreatureRecord] {
        let file = engine == .v1 ? "engine-v1.json" : "engine-v2.json"
        return try Fixtures.golden(file, as: EngineFile.self).records
    }

    /// Each cell of a record as a number: 0 transparent, else 2^24 + its `rrggbb`.
    static func cellNumbers(_ r: CreatureRecord) -> [UInt32] {
        RecordJudge.cells(r).map { $0.map { 0x100_0000 | UInt32($0, radix: 16)! } ?? 0 }
    }

    /// How many cells of two records differ in colour (or in being transparent), counting no
    /// further than `limit + 1`.
    static func differing(_ a: [UInt32], _ b: [UInt32], limit: Int = 1024) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var n = 0
                for i in 0..<1024 where a[i] != b[i] {
                    n += 1
                    if n > limit { return n }
                }
                return n
            }
        }
    }

    /// The groups `Lookalikes.groups` should give, by comparing every pair: exact groups of equal
    /// pictures, near groups joined by chains of `Likeness.looksAlike` (two pictures or more).
    static func bruteGroups(_ pictures: [Picture]) -> Lookalikes.Groups<Int> {
        var parent = Array(pictures.indices)
        func root(_ x: Int) -> Int { parent[x] == x ? x : root(parent[x]) }
        for i in pictures.indices {
            for j in pictures.indices where j > i && Likeness.looksAlike(pictures[i], pictures[j]) {
                parent[max(root(i), root(j))] = min(root(i), root(j))
            }
        }
        func gathered(_ key: (Int) -> Int?) -> [[Int]] {
            var groups: [[Int]] = [], slot: [Int: Int] = [:]
            for i in pictures.indices {
                guard let k = key(i) else { continue }
                if let g = slot[k] { groups[g].append(i) } else { slot[k] = groups.count; groups.append([i]) }
            }
            return groups
        }
        let firstOf = pictures.indices.map { i in pictures.firstIndex(of: pictures[i])! }
        let exact = gathered { i in firstOf.filter { $0 == firstOf[i] }.count > 1 ? firstOf[i] : nil }
        let near = gathered { i in
            Set(pictures.indices.filter { root($0) == root(i) }.map { pictures[$0] }).count > 1 ? root(i) : nil
        }
        return Lookalikes.Groups(exact: exact, near: near)
    }

    /// That `found` (of `picture`) lists the same and the alike pictures of `library` as comparing
    /// with each does.
    static func expectMatches(_ found: (same: [Int], nearly: [Int]), of picture: Picture, in library: [Picture],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.same == library.indices.filter { library[$0] == picture }, sourceLocation: sourceLocation)
        #expect(found.nearly == library.indices.filter { library[$0] != picture && Likeness.looksAlike(library[$0], picture) },
                sourceLocation: sourceLocation)
    }

    @Test(arguments: EngineVersion.allCases)
    func goldenGroupsMatchABruteForceComparisonOfEveryPair(engine: EngineVersion) async throws {
        let records = try Self.records(engine)
        let cells = records.map(Self.cellNumbers)
        let pictures = try #require(try await Lookalikes.pictures(of: records.map { (seed: $0.seed, engine: engine) }, parts: OnPool.parts))
        let groups = Lookalikes.groups(pictures)
        for record in records {
            let colours = RecordJudge.colours(record), shown = Picture.shownColours(Creature(seed: record.seed, engine: engine))
            #expect(shown.count == colours.count && shown.dominant?.hex == colours.first, "\(record.seed.debugDescription)")
        }
        // The same picture is the same grid of the golden records.
        var samePairs = 0
        for i in records.indices {
            for j in records.indices where j > i {
                let same = Self.differing(cells[i], cells[j], limit: 0) == 0
                #expect(same == (pictures[i] == pictures[j]), "\(records[i].seed) / \(records[j].seed)")
                if same { samePairs += 1 }
            }
        }
        let brute = Self.bruteGroups(pictures)
        #expect(groups.exact == brute.exact)
        #expect(groups.near == brute.near)
        for group in groups.exact { #expect(Set(group.map { cells[$0] }).count == 1) }
        #expect(samePairs > 0, "the golden seeds hold identical pictures (e.g. tier-1 circles)")
        #expect(!groups.near.isEmpty, "and pictures that look alike")
        print("lookalikes \(engine.rawValue): \(records.count) records, \(samePairs) identical pairs, \(groups.exact.count) exact groups, \(groups.near.count) near groups")
    }

    @Test func matchesFindsTheSameAndTheNearlySame() throws {
        let library = Self.names.map { Picture(seed: $0, engine: .v1) }
        let hello = Picture(seed: "hello", engine: .v1)
        let found = Lookalikes.matches(of: hello, in: library)
        Self.expectMatches(found, of: hello, in: library)
        #expect(found.same.contains(Self.names.firstIndex(of: "grace")!) && found.same.contains(Self.names.firstIndex(of: "linus")!))
    }

    /// The same disc in another colour nearly looks alike (however many cells
    /// differ in colour), a striped disc recoloured too; a square of the disc's colour does not,
    /// nor does the striped disc look like the plain one.
    @Test func theSameDiscInAnotherColourNearlyLooksAlikeAndAnotherShapeDoesNot() {
        func disc(_ colour: (Int, Int) -> UInt8) -> Picture {
            Picture(testCells: (0..<1024).map { i in
                let (x, y) = (i % 32, i / 32)
                return (x - 16) * (x - 16) + (y - 16) * (y - 16) <= 100 ? colour(x, y) : 0
            })
        }
        let red = disc { _, _ in 3 }, blue = disc { _, _ in 7 }
        let striped = disc { _, y in y % 2 == 0 ? 1 : 3 }, stripedGreen = disc { _, y in y % 2 == 0 ? 2 : 9 }
        let square = Picture(testCells: (0..<1024).map { i in (6..<26).contains(i % 32) && (6..<26).contains(i / 32) ? 3 : 0 })
        let library = [blue, square, red, stripedGreen]
        let found = Lookalikes.matches(of: red, in: library)
        #expect(found.same == [2] && found.nearly == [0])
        #expect(Lookalikes.matches(of: striped, in: library).nearly == [3])
        Self.expectMatches(found, of: red, in: library)
        let groups = Lookalikes.groups(library + [red])
        #expect(groups.exact == [[2, 4]])
        #expect(groups.near == [[0, 2, 4]])
        #expect(Lookalikes.groups(library + [red], near: false).near.isEmpty)
    }

    /// A random library of a few hundred seeds of both engines (and some of them recoloured):
    /// the groups and every picture's matches are what comparing every pair by `Likeness` gives.
    @Test(arguments: [1, 2, 3])
    func aRandomLibraryGroupsAsComparingEveryPairDoes(round: UInt64) {
        var random = SplitMix(seed: round)
        let words = WordList.all
        var library: [Picture] = []
        for n in 0..<400 {
            let seed = "\(words[Int(random.next() % UInt64(words.count))]) \(random.next() % 1000)"
            let picture = Picture(seed: seed, engine: random.next() % 3 == 0 ? .v2 : .v1)
            library.append(picture)
            // Every tenth picture again in other colours (each colour number swapped for another).
            if n % 10 == 0 { library.append(Picture(testCells: picture.cells.map { $0 == 0 ? 0 : 255 - $0 })) }
        }
        let groups = Lookalikes.groups(library), brute = Self.bruteGroups(library)
        #expect(groups.exact == brute.exact && groups.near == brute.near)
        // The near pass in parts of 8 looks (each with the looks up to the slack past it) too.
        let parted = Lookalikes.groups(library.map(PictureKey.init), partLooks: 8) { Likeness.Look(library[$0]) }?.groups
        #expect(parted?.exact == brute.exact && parted?.near == brute.near)
        #expect(!groups.exact.isEmpty && groups.near.count > 10)
        let table = library
        for picture in library.prefix(120) { Self.expectMatches(Lookalikes.matches(of: picture, in: table), of: picture, in: library) }
    }

    /// A small seeded generator: the same random library on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Exact groups of 600 pictures, each drawn three times in scattered places: one group of
    /// three each, in order of first appearance; a picture changed to another's joins it.
    @Test func exactGroupsKeepTheOrder() {
        let seeds = (0..<200).map { "page \($0)" }
        let order = (0..<600).map { ($0 * 7) % 600 }  // a permutation: item i draws seeds[order[i] % 200]
        var pictures = order.map { Picture(seed: seeds[$0 % 200], engine: .v2) }
        let distinct = Set(seeds.map { Picture(seed: $0, engine: .v2) }).count
        let groups = Lookalikes.groups(pictures, near: false)
        #expect(groups.exact.count == distinct)
        for group in groups.exact { #expect(Set(group.map { pictures[$0] }).count == 1 && group == group.sorted()) }
        #expect(groups.exact.map { $0[0] } == groups.exact.map { $0[0] }.sorted())
        let lonely = Picture(seed: "alone in the library", engine: .v2)
        pictures.append(lonely)
        #expect(Lookalikes.groups(pictures, near: false).exact.count == distinct)
        pictures[0] = lonely
        #expect(Lookalikes.groups(pictures, near: false).exact.contains { $0.first == 0 && $0.last == 600 })
    }

    /// The figure: 200 common first names give about 69 distinct v1 pictures and 194 v2;
    /// "hello", "grace" and "linus" draw the same v1 picture.
    @Test func commonFirstNamesCollideInV1() {
        let v1 = Set(Self.names.map { Picture(seed: $0, engine: .v1) }).count
        let v2 = Set(Self.names.map { Picture(seed: $0, engine: .v2) }).count
        print("200 first names: \(v1) distinct v1 pictures, \(v2) distinct v2")
        #expect(Self.names.count == 200 && Set(Self.names).count == 200)
        #expect((55...85).contains(v1))
        #expect((185...200).contains(v2))
        #expect(Set(["hello", "grace", "linus"].map { Picture(seed: $0, engine: .v1) }).count == 1)
    }

    static let names = """
        james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica
        thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony margaret mark sandra donald ashley
        steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa
        timothy deborah ronald stephanie edward rebecca jason sharon jeffrey laura ryan cynthia jacob kathleen gary amy
        nicholas angela eric shirley jonathan anna stephen brenda larry pamela justin emma scott nicole brandon helen
        benjamin samantha samuel katherine gregory christine alexander debra frank rachel patrick carolyn raymond janet
        jack catherine dennis maria jerry heather tyler diane aaron ruth jose julie adam olivia nathan joyce henry virginia
        douglas victoria zachary kelly peter lauren kyle christina ethan joan walter evelyn noah judith jeremy megan
        christian andrea keith cheryl roger hannah terry jacqueline gerald martha harold gloria sean teresa austin ann carl
        sara arthur madison lawrence frances dylan kathryn jesse janice jordan jean bryan abigail billy alice joe judy
        bruce sophia gabriel grace logan denise albert amber willie doris alan marilyn juan danielle wayne beverly elijah
        isabella randy theresa roy diana vincent natalie ralph brittany eugene charlotte russell marie bobby kayla mason
        alexis philip lori louis linus
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}
