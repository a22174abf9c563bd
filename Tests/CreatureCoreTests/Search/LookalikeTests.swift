import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Look-alikes: pictures compare the colour of every cell and nothing else; groups are checked
/// pair by pair against the golden records' own grids and colours.
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

    @Test(arguments: EngineVersion.allCases)
    func goldenGroupsMatchABruteForceComparisonOfEveryPair(engine: EngineVersion) async throws {
        let records = try Self.records(engine)
        let cells = records.map(Self.cellNumbers)
        let pictures = try #require(try await Lookalikes.pictures(of: records.map { (seed: $0.seed, engine: engine) }, parts: OnPool.parts))
        let groups = Lookalikes.groups(PictureTable(pictures))
        for record in records {
            let colours = RecordJudge.colours(record), shown = Picture.shownColours(Creature(seed: record.seed, engine: engine))
            #expect(shown.count == colours.count && shown.dominant?.hex == colours.first, "\(record.seed.debugDescription)")
        }
        var exactGroup: [Int: Int] = [:], nearGroup: [Int: Int] = [:]
        for (g, group) in groups.exact.enumerated() { for i in group { exactGroup[i] = g } }
        for (g, group) in groups.near.enumerated() { for i in group { nearGroup[i] = g } }
        var samePairs = 0, nearPairs = 0
        for i in records.indices {
            for j in records.indices where j > i {
                let d = Self.differing(cells[i], cells[j], limit: Lookalikes.nearlyMaxCells)
                #expect((d == 0) == (pictures[i] == pictures[j]), "\(records[i].seed) / \(records[j].seed)")
                if d == 0 {
                    samePairs += 1
                    #expect(exactGroup[i] != nil && exactGroup[i] == exactGroup[j], "same picture not grouped: \(records[i].seed) / \(records[j].seed)")
                } else {
                    #expect(exactGroup[i] == nil || exactGroup[i] != exactGroup[j])
                }
                if d <= Lookalikes.nearlyMaxCells && d > 0 {
                    nearPairs += 1
                    #expect(nearGroup[i] != nil && nearGroup[i] == nearGroup[j], "near pair not grouped: \(records[i].seed) / \(records[j].seed)")
                }
            }
        }
        // Every member of a near group has a nearly-alike partner in it (or an identical one that has).
        for group in groups.near {
            for i in group {
                #expect(group.contains { $0 != i && Self.differing(cells[i], cells[$0], limit: Lookalikes.nearlyMaxCells) <= Lookalikes.nearlyMaxCells })
            }
            #expect(Set(group.map { pictures[$0] }).count >= 2)
        }
        for group in groups.exact { #expect(Set(group.map { cells[$0] }).count == 1) }
        #expect(samePairs > 0, "the golden seeds hold identical pictures (e.g. tier-1 circles)")
        print("lookalikes \(engine.rawValue): \(records.count) records, \(samePairs) identical pairs, \(nearPairs) nearly identical pairs, \(groups.exact.count) exact groups, \(groups.near.count) near groups")
    }

    @Test func matchesFindsTheSameAndTheNearlySame() throws {
        let library = Self.names.enumerated().map { (id: $0.offset, picture: Picture(seed: $0.element, engine: .v1)) }
        let hello = Picture(seed: "hello", engine: .v1)
        let found = Lookalikes.matches(of: hello, in: PictureTable(library.map(\.picture)))
        let brute = library.map { zip($0.picture.cells, hello.cells).filter { $0 != $1 }.count }
        #expect(found.same == library.indices.filter { brute[$0] == 0 })
        #expect(found.nearly == library.indices.filter { brute[$0] > 0 && brute[$0] <= Lookalikes.nearlyMaxCells })
        #expect(found.same.contains(Self.names.firstIndex(of: "grace")!) && found.same.contains(Self.names.firstIndex(of: "linus")!))
    }

    /// A table's copies share its pages until one changes: then only that copy sees the change,
    /// across page boundaries, and every picture reads back equal.
    @Test func pictureTableCopiesAreIndependent() {
        let pictures = (0..<600).map { Picture(seed: "table \($0)", engine: $0 % 2 == 0 ? .v1 : .v2) }
        var table = PictureTable(pictures)
        let copy = table
        table.replace(at: 300, with: pictures[0])
        table.append(pictures[1])
        #expect(table.count == 601 && copy.count == 600)
        #expect(table[300] == pictures[0] && copy[300] == pictures[300] && table[600] == pictures[1])
        #expect((0..<600).allSatisfy { copy[$0] == pictures[$0] && copy[$0].fingerprint == pictures[$0].fingerprint })
        #expect((0..<600).allSatisfy { $0 == 300 || table[$0] == pictures[$0] })
    }

    /// Groups over pages: 600 pictures, each drawn three times in scattered places, one
    /// group of three each, in order of first appearance; a picture changed to another's joins it.
    @Test func groupsSpanPages() {
        let seeds = (0..<200).map { "page \($0)" }
        let order = (0..<600).map { ($0 * 7) % 600 }  // a permutation: item i draws seeds[order[i] % 200]
        var table = PictureTable(order.map { Picture(seed: seeds[$0 % 200], engine: .v2) })
        let distinct = Set(seeds.map { Picture(seed: $0, engine: .v2) }).count
        let groups = Lookalikes.groups(table, near: false)
        #expect(groups.exact.count == distinct)
        for group in groups.exact { #expect(Set(group.map { table[$0] }).count == 1 && group == group.sorted()) }
        #expect(groups.exact.map { $0[0] } == groups.exact.map { $0[0] }.sorted())
        let lonely = Picture(seed: "alone in the table", engine: .v2)
        table.append(lonely)
        #expect(Lookalikes.groups(table, near: false).exact.count == distinct)
        table.replace(at: 0, with: lonely)
        #expect(Lookalikes.groups(table, near: false).exact.contains { $0.first == 0 && $0.last == 600 })
    }

    @Test func differingCellsCountsEveryCell() {
        let a = Picture(seed: "alice", engine: .v1), b = Picture(seed: "bob", engine: .v1)
        let brute = zip(a.cells, b.cells).filter { $0 != $1 }.count
        #expect(a.differingCells(from: b) == brute)
        #expect(a.differingCells(from: b, upTo: 3) > 3 || brute <= 3)
        #expect(a.differingCells(from: a) == 0)
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
