import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
import CreatureCore

/// The command line after the Unix conventions, run as a real process: where output goes, how
/// the format is chosen, help, `--`, and the two kinds of error (usage: exit 2 with one line and
/// a hint; I/O: exit 1 with the system's reason and no usage).
@Suite(.offTheCooperativeThreads) struct CLIConventionTests {
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// A new empty folder, removed by the caller.
    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    func contents(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func bytes(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    // MARK: where the image goes

    @Test func dashWritesToStandardOutput() throws {
        let before = FileManager.default.fileExists(atPath: "-")
        let result = try BuiltExecutable.run(["render", "hello", "-o", "-"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Array(result.stdout.prefix(4)) == Self.pngMagic)
        #expect(result.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: "-") == before, "no file named - is written")
    }

    @Test func devStdoutIsWrittenInPlace() throws {
        let wasLink = fileType("/dev/stdout") == S_IFLNK
        let result = try BuiltExecutable.run(["render", "hello", "--size", "32", "-o", "/dev/stdout"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Array(result.stdout.prefix(4)) == Self.pngMagic)
        #expect((fileType("/dev/stdout") == S_IFLNK) == wasLink, "/dev/stdout is not replaced")
    }

    @Test func fifoIsWrittenInPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread { received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let result = try BuiltExecutable.run(["render", "hello", "-o", fifo])
        while !reader.isFinished { usleep(1000) }
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Array(received.prefix(4)) == Self.pngMagic)
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
        #expect(try contents(folder) == ["pipe.png"])
    }

    @Test func symlinkIsWrittenThroughAndKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/target.png", link = folder + "/link.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        let result = try BuiltExecutable.run(["render", "hello", "-o", link])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(fileType(link) == S_IFLNK)
        #expect(Array(try bytes(target).prefix(4)) == Self.pngMagic)
        #expect(try contents(folder) == ["link.png", "target.png"])
    }

    @Test func regularFileIsReplacedKeepingItsPermissions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        let result = try BuiltExecutable.run(["render", "hello", "-o", path])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Array(try bytes(path).prefix(4)) == Self.pngMagic)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try contents(folder) == ["out.png"], "no temporary file is left")
    }

    @Test func ioErrorsGiveTheReasonAndNoUsage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [([String], String)] = [
            (["render", "hello", "-o", folder + "/missing/x.png"], "No such file or directory"),
            (["render", "hello", "-o", folder], "Is a directory"),
        ]
        for (args, reason) in cases {
            let result = try BuiltExecutable.run(args)
            #expect(result.status == 1, "\(args)")
            let lines = result.stderrText.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderrText)")
            #expect(result.stderrText.hasPrefix("fonsters-rpc: Cannot write "))
            #expect(result.stderrText.hasSuffix(reason + ".\n"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("usage") && !result.stderrText.contains("--help"))
        }
        #expect(try contents(folder).isEmpty, "a failed write leaves nothing behind")
    }

    // MARK: the format

    @Test(arguments: [("x.jpg", [UInt8]([0xFF, 0xD8, 0xFF])), ("x.JPEG", [0xFF, 0xD8, 0xFF]), ("x.gif", Array("GIF8".utf8)),
                      ("x.svg", Array("<svg".utf8)), ("x.png", pngMagic), ("x.out", pngMagic), ("noextension", pngMagic)])
    func formatComesFromTheExtension(_ name: String, _ magic: [UInt8]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try BuiltExecutable.run(["render", "hello", "--size", "32", "-o", folder + "/" + name])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Array(try bytes(folder + "/" + name).prefix(magic.count)) == magic)
    }

    @Test func anAgreeingFormatIsAccepted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try BuiltExecutable.run(["render", "hello", "--format", "jpg", "-o", folder + "/x.jpeg"])
        #expect(result.status == 0, "\(result.stderrText)")
    }

    @Test func aContradictingFormatIsRefusedAndWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try BuiltExecutable.run(["render", "hello", "--format", "png", "-o", folder + "/x.jpg"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("The format png contradicts the output file"), "\(result.stderrText)")
        #expect(try contents(folder).isEmpty)
    }

    // MARK: metadata

    @Test func svgMetadataCarriesTheSeed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seed = "a & <b> \"c\"\r\nline two 🐙"
        let path = folder + "/x.svg"
        let result = try BuiltExecutable.run(["render", "--metadata", "-o", path, "--", seed])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try SeedReader.seed(inSVG: Data(contentsOf: URL(fileURLWithPath: path))) == seed)
        let plain = try BuiltExecutable.run(["render", "-o", "-", "--format", "svg", "--", seed])
        #expect(!String(decoding: plain.stdout, as: UTF8.self).contains("<metadata>"), "no metadata unless asked")
    }

    @Test func metadataIsRefusedWhereTheFileCannotCarryIt() throws {
        let gif = try BuiltExecutable.run(["render", "hello", "--metadata", "-o", "-", "--format", "gif"])
        #expect(gif.status == 2)
        #expect(gif.stderrText.contains("The format gif cannot carry --metadata"), "\(gif.stderrText)")
        let control = try BuiltExecutable.run(["render", "--metadata", "--format", "svg", "-o", "-", "--", "a\u{1}b"])
        #expect(control.status == 2)
        #expect(control.stderrText.contains("U+0001"), "\(control.stderrText)")
        #expect(control.stdout.isEmpty)
    }

    // MARK: help, --, engines

    @Test(arguments: [["describe", "--help"], ["render", "x", "--help"], ["render", "-h"], ["--memory", "--help"], ["-h"], ["--help"], ["--version", "--help"], ["help"], ["help", "render"]])
    func helpWorksInAnyPosition(_ args: [String]) throws {
        let result = try BuiltExecutable.run(args)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderr.isEmpty)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.hasPrefix("usage:"))
        if let command = args.first(where: { $0 == "describe" || $0 == "render" }) {
            #expect(text.hasPrefix("usage: fonsters-rpc \(command)"), "\(text)")
        }
    }

    /// protocol.md lists the server options exactly as `--help` prints them from the one option table.
    @Test func protocolDocumentListsTheServerOptionsOfHelp() throws {
        let help = String(decoding: try BuiltExecutable.run(["--help"]).stdout, as: UTF8.self)
        let lines = help.components(separatedBy: "\n").drop { !$0.hasPrefix("server options") }.dropFirst().prefix { !$0.isEmpty }
        #expect(lines.count >= 10, "\(help)")
        #expect(lines.contains { $0.hasPrefix("  --max-queued-output N") })
        let document = try String(contentsOf: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("protocol.md"), encoding: .utf8)
        #expect(document.contains("```\n" + lines.joined(separator: "\n") + "\n```\n"), "protocol.md's option list differs from --help:\n\(lines.joined(separator: "\n"))")
    }

    @Test func doubleDashEndsOptions() throws {
        for seed in ["--bogus", "--help", "-o"] {
            let result = try BuiltExecutable.run(["describe", "--engine", "fonsters-v1", "--", seed])
            #expect(result.status == 0, "\(result.stderrText)")
            let records = try Fixtures.read([CreatureRecord].self, json: result.stdout)
            #expect(records == [CreatureRecord(seed: seed, engine: .v1)])
        }
    }

    @Test func everyKnownEngineDescribesAndRenders() throws {
        for engine in EngineVersion.allCases {
            let described = try BuiltExecutable.run(["describe", "--engine", engine.rawValue, "hello"])
            #expect(described.status == 0, "\(described.stderrText)")
            let records = try Fixtures.read([CreatureRecord].self, json: described.stdout)
            #expect(records == [CreatureRecord(Creature(seed: "hello", engine: engine))])
            let rendered = try BuiltExecutable.run(["render", "hello", "--engine=\(engine.rawValue)", "-o", "-"])
            #expect(rendered.status == 0, "\(rendered.stderrText)")
            let expected = try Renderer.still(Creature(seed: "hello", engine: engine), format: .png, size: ImageSize(pixels: 256))
            #expect([UInt8](rendered.stdout) == expected.bytes)
        }
    }

    @Test func versionStandsAlone() throws {
        let result = try BuiltExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("fonsters-rpc "))
    }

    // MARK: usage errors

    @Test(arguments: [
        (["describe", "hello", "--bogus"], "describe", "The option --bogus is not one describe knows"),
        (["render", "hello", "--bogus", "-o", "-"], "render", "The option --bogus is not one render knows"),
        (["--bogus"], "", "The option --bogus is not one the server knows"),
        (["--memory", "--store", "y.sqlite"], "", "The options --memory and --store contradict each other"),
        (["--store", "a.sqlite", "--store", "b.sqlite"], "", "The option --store is given twice"),
        (["render", "x", "-o", "a.png", "--output", "b.png"], "render", "The option --output is given twice"),
        (["--version", "extra"], "", "The option --version takes no arguments; this got 'extra'"),
        (["--store", ""], "", "The store path is empty"),
        (["--store", "/"], "", "The store path / is a folder"),
        (["--log-level", "loud"], "", "The log level 'loud' is not one of"),
        (["--store"], "", "The option --store needs a value"),
        (["extra"], "", "The server takes no arguments besides its options; this got 'extra'"),
        (["--json"], "", "The option --json applies to --script only"),
        (["describe", "--engine", "fonsters-v0", "x"], "describe", "The engine 'fonsters-v0' is not one this build knows"),
        (["render", "x", "--engine", "nope", "-o", "-"], "render", "The engine 'nope' is not one this build knows"),
        (["describe", "--stdin", "x"], "describe", "The describe command reads seeds from its arguments or with --stdin, not both"),
        (["render", "a", "b", "-o", "-"], "render", "The render command draws one seed"),
        (["render", "x", "--evolution=yes", "-o", "-"], "render", "The option --evolution takes no value"),
        (["render", "x", "-o", "-", "--format", "svg", "--evolution"], "render", "The option --evolution makes an animated GIF, and the format is svg"),
    ])
    func usageErrorsAreOneLineWithAHint(_ args: [String], _ command: String, _ message: String) throws {
        let result = try BuiltExecutable.run(args)
        #expect(result.status == 2, "\(args): \(result.stderrText)")
        #expect(result.stdout.isEmpty)
        let hint = command.isEmpty ? "fonsters-rpc --help" : "fonsters-rpc \(command) --help"
        #expect(result.stderrText.hasPrefix("fonsters-rpc: \(message)"), "\(result.stderrText)")
        #expect(result.stderrText.hasSuffix(". (try '\(hint)')\n"), "\(result.stderrText)")
        #expect(result.stderrText.split(separator: "\n").count == 1)
    }
}

/// Reads the seed back out of an SVG's `<metadata>` with an XML parser.
enum SeedReader {
    final class Delegate: NSObject, XMLParserDelegate {
        var inSeed = false, seed: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name.hasSuffix("seed") { inSeed = true; seed = "" }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name.hasSuffix("seed") { inSeed = false }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inSeed { seed? += string }
        }
    }

    static func seed(inSVG data: Data) -> String? {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse() else { return nil }
        return delegate.seed
    }
}
