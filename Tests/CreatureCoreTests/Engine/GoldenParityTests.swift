import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// Parity with the reference apps: every field of every golden record, hash vector and frame.
@Suite(.offTheCooperativeThreads) struct GoldenParityTests {
    struct HashFile: Decodable {
        struct Vector: Decodable { let seed: String; let segmentId: String; let value: Double; let bits53: UInt64 }
        let engine: String
        let vectors: [Vector]
    }
    struct EngineFile: Decodable { let engine: String; let records: [CreatureRecord] }
    struct FramesFile: Decodable {
        struct FrameSequence: Decodable {
            struct Frame: Decodable { let prefix: String; let grid: [String] }
            let seed: String
            let frames: [Frame]
        }
        let engine: String
        let sequences: [FrameSequence]
    }

    static let engineRecords: [CreatureRecord] = {
        (try? Fixtures.golden("engine-v1.json", as: EngineFile.self).records) ?? []
    }()

    @Test func hashVectorsMatchExactly() throws {
        try Self.expectHashVectors("hash-v1.json", SegmentHash.self, engine: .v1, count: 240)
    }

    @Test func goldenFileHasEveryRecord() {
        #expect(Self.engineRecords.count == 354)
    }

    @Test(arguments: engineRecords)
    func everyFieldOfEveryRecord(_ golden: CreatureRecord) {
        Self.expectMatch(golden, engine: .v1)
    }

    @Test func everyFrameSequence() throws {
        try Self.expectFrames("frames-v1.json", engine: .v1, count: 10)
    }

    /// Every vector of the hash golden `name` (for `engine`, `count` of them) gives the same
    /// 53-bit integer and value with `Hash`.
    static func expectHashVectors<Hash: SegmentHashing>(_ name: String, _: Hash.Type, engine: EngineVersion, count: Int) throws {
        let file = try Fixtures.golden(name, as: HashFile.self)
        #expect(file.engine == engine.rawValue)
        #expect(file.vectors.count == count)
        for v in file.vectors {
            let hash = Hash(seed: v.seed)
            #expect(hash.bits53(v.segmentId) == v.bits53, "bits53 of \(v.seed.debugDescription) / \(v.segmentId)")
            #expect(hash.value(v.segmentId) == v.value, "value of \(v.seed.debugDescription) / \(v.segmentId)")
        }
    }

    /// Every field of `golden` equals our record drawn with `engine`; a differing grid is shown
    /// beside the golden one.
    static func expectMatch(_ golden: CreatureRecord, engine: EngineVersion, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = CreatureRecord(seed: golden.seed, engine: engine)
        #expect(ours == golden, "record for \(golden.seed.debugDescription) differs", sourceLocation: sourceLocation)
        if ours.environment != golden.environment {
            Issue.record("environment differs: ours \(ours.environment), golden \(golden.environment)", sourceLocation: sourceLocation)
        }
        if ours.grid != golden.grid {
            let sideBySide = zip(ours.grid, golden.grid).map { ours, golden in ours + "  " + golden }
            Issue.record(Comment(rawValue: "grid differs (ours, golden):\n" + sideBySide.joined(separator: "\n")),
                         sourceLocation: sourceLocation)
        }
    }

    /// Every sequence of the frames file `name` (for `engine`, `count` sequences): the prefixes,
    /// the frame count and each frame's grid.
    static func expectFrames(_ name: String, engine: EngineVersion, count: Int,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try Fixtures.golden(name, as: FramesFile.self)
        #expect(file.engine == engine.rawValue, sourceLocation: sourceLocation)
        #expect(file.sequences.count == count, sourceLocation: sourceLocation)
        for sequence in file.sequences {
            let prefixes = Evolution.prefixes(of: sequence.seed)
            #expect(prefixes == sequence.frames.map(\.prefix), "prefixes of \(sequence.seed.debugDescription)",
                    sourceLocation: sourceLocation)
            #expect(Evolution.frameCount(of: sequence.seed) == sequence.frames.count,
                    "frame count of \(sequence.seed.debugDescription)", sourceLocation: sourceLocation)
            for (prefix, frame) in zip(prefixes, sequence.frames) {
                #expect(Creature(seed: prefix, engine: engine).grid.rows == frame.grid, "frame \(prefix.debugDescription)",
                        sourceLocation: sourceLocation)
            }
        }
    }
}

extension CreatureRecord: CustomTestStringConvertible {
    public var testDescription: String { seed.debugDescription }
}
