import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// The README's contact sheet: the committed docs/creatures.png is exactly what
/// scripts/contact-sheet.sh draws now, and a sheet's tiles are the creatures on their skies.
@Suite(.offTheCooperativeThreads, .tags(.slow), .notInQuickTier) struct ContactSheetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func committedSheetIsWhatTheScriptDrawsNow() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.root.appendingPathComponent("scripts/contact-sheet.sh").path, out.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["FONSTERS_RPC": BuiltExecutable.url.path]) { $1 }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let drawn = try Data(contentsOf: out)
        let committed = try Data(contentsOf: Self.root.appendingPathComponent("docs/creatures.png"))
        // The same header and pixels (compared decompressed, so another zlib build may pack them differently).
        func picture(_ png: Data) throws -> (PNGTestDecoder.Header?, [UInt8]) {
            let decoded = try PNGTestDecoder([UInt8](png))
            return (decoded.header, try Zlib.inflate(decoded.chunks.filter { $0.type == "IDAT" }.flatMap(\.data)[...], limit: 1 << 26))
        }
        let (drawnHeader, drawnPixels) = try picture(drawn), (committedHeader, committedPixels) = try picture(committed)
        #expect(drawnHeader == committedHeader && drawnPixels == committedPixels,
                "docs/creatures.png is stale: run scripts/contact-sheet.sh and commit it")
    }

    /// Each tile shows its creature's cells over its sky; rounded corners and gaps are transparent.
    @Test func tilesAreCreaturesOnTheirSkies() throws {
        let tiles = [ContactSheet.Tile(seed: "hello", engine: .v1), .init(seed: "hello", engine: .v2), .init(seed: "3 clouds", engine: .v1)]
        let scale = 2
        let png = try ContactSheet(tiles: tiles, columns: 2, scale: scale).png()
        let decoded = try PNGTestDecoder(png)
        #expect(decoded.allCRCsValid)
        let header = try #require(decoded.header)
        let (tile, gap) = (64, 8)
        #expect(header.width == 2 * (tile + gap) + gap && header.height == 2 * (tile + gap) + gap)
        #expect(header.colorType == 6 && header.bitDepth == 8)
        let rowBytes = header.width * 4 + 1
        let raw = try Zlib.inflate(decoded.chunks.filter { $0.type == "IDAT" }.flatMap(\.data)[...], limit: rowBytes * header.height)
        #expect(raw.count == rowBytes * header.height)
        func pixel(_ x: Int, _ y: Int) -> RGBA {
            let i = y * rowBytes + 1 + x * 4
            return RGBA(r: raw[i], g: raw[i + 1], b: raw[i + 2], a: raw[i + 3])
        }
        for (n, t) in tiles.enumerated() {
            let creature = Creature(seed: t.seed, engine: t.engine)
            let sky = try #require(Background.sky.backdrop(seed: t.seed, engine: t.engine))
            let (left, top) = (gap + (n % 2) * (tile + gap), gap + (n / 2) * (tile + gap))
            for y in 8..<(tile - 8) {
                for x in 8..<(tile - 8) {
                    let v = creature.grid[x / scale, y / scale]
                    #expect(pixel(left + x, top + y) == (v < 0 ? sky.rows[y / scale] : creature.colors[Int(v)]))
                }
            }
            #expect(pixel(left, top).a == 0, "rounded corner")
            #expect(pixel(left - 1, top + tile / 2).a == 0, "gap")
        }
    }
}
