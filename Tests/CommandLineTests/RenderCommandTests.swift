import Foundation
import Testing
import TestSupport
import CreatureCore

/// The `render` face, run as a real process: files in every format, clear errors otherwise.
@Suite(.offTheCooperativeThreads) struct RenderCommandTests {
    func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-\(UUID().uuidString)-\(name)").path
    }

    @Test(arguments: [("png", [0x89, 0x50, 0x4E, 0x47]), ("gif", [0x47, 0x49, 0x46, 0x38]), ("jpeg", [0xFF, 0xD8, 0xFF]), ("svg", Array("<svg".utf8))])
    func writesEachFormat(_ format: String, _ magic: [UInt8]) throws {
        let path = temporaryFile("out.\(format)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try BuiltExecutable.run(["render", "Bob", "--format", format, "--size", "96", "-o", path])
        #expect(result.status == 0, "\(result.stderrText)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(magic.count)) == magic)
    }

    @Test func pngMetadataGivesTheSeedBack() throws {
        let path = temporaryFile("meta.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let seed = "🐙 octopus\nline two"
        let result = try BuiltExecutable.run(["render", "--metadata", "--size", "32", "-o", path, "--", seed])
        #expect(result.status == 0, "\(result.stderrText)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(PNGMetadataReader.seed(png) == seed)
        #expect(try PNGMetadataReader.textChunks(png)["Software"] == "fonsters")
    }

    @Test func evolutionIsAnAnimatedGIF() throws {
        let path = temporaryFile("evo.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try BuiltExecutable.run(["render", "abc", "--format", "gif", "--evolution", "--size", "32", "-o", path])
        #expect(result.status == 0, "\(result.stderrText)")
        let gif = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Three frames: three image descriptors (0x2C) right after a graphic control extension.
        let descriptors = (0..<(gif.count - 9)).filter { gif[$0] == 0x21 && gif[$0 + 1] == 0xF9 && gif[$0 + 8] == 0x2C }
        #expect(descriptors.count == 3)
    }

    @Test(arguments: [
        (["render", "Bob", "--size", "100", "-o", "/tmp/x.png"], "multiple of 32"),
        (["render", "Bob", "--size", "4096", "-o", "/tmp/x.png"], "multiple of 32"),
        (["render", "Bob", "--format", "bmp", "-o", "/tmp/x.png"], "The format 'bmp' is not one render writes"),
        (["render", "Bob", "--size", "big", "-o", "/tmp/x.png"], "The size 'big' is not an image size"),
        (["render", "Bob"], "-o FILE"),
        (["render", "Bob", "--evolution", "--format", "png", "-o", "/tmp/x.png"], "--format gif"),
        (["render", "--format", "png", "-o", "/tmp/x.png"], "needs a seed"),
    ])
    func badArgumentsGiveClearErrors(_ args: [String], _ expected: String) throws {
        let result = try BuiltExecutable.run(args)
        #expect(result.status == 2)
        #expect(result.stderrText.contains(expected), "\(result.stderrText)")
    }
}
