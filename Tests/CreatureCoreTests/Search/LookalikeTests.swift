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
        let groups = Lookalikes.groups(pictures.enumerated().map { (id: $0.offset, picture: $0.element) })
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
        let found = Lookalikes.matches(of: hello, in: library)
        let brute = library.map { zip($0.picture.cells, hello.cells).filter { $0 != $1 }.count }
        #expect(found.same == library.indices.filter { brute[$0] == 0 })
        #expect(found.nearly == library.indices.filter { brute[$0] > 0 && brute[$0] <= Lookalikes.nearlyMaxCells })
        #expect(found.same.contains(Self.names.firstIndex(of: "grace")!) && found.same.contains(Self.names.firstIndex(of: "linus")!))
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
