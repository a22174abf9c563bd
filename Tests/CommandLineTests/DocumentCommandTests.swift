import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore

/// `fonsters-rpc import FILE.fonsters` and `export --format fonsters`, run as real processes on a
/// real store: a document and the library move into each other, engines and `\#` kept; bad
/// documents are refused before anything is created.
@Suite(.offTheCooperativeThreads) struct DocumentCommandTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-doc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func aDocumentImportsAndExportsBackWithItsEnginesAndEscapes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let document = "# a team\n\ncat\n# engine: fonsters-v2\n\\#1\n  spaced \nzed\n# engine: fonsters-v1\ndog\n"
        try Data(document.utf8).write(to: URL(fileURLWithPath: dir + "/team.fonsters"))
        let store = dir + "/library.sqlite"
        let imported = try BuiltExecutable.run(["import", dir + "/team.fonsters", "--store", store, "--no-starter", "--engine", "fonsters-v1"])
        #expect(imported.status == 0, "\(imported.stderrText)")
        #expect(String(decoding: imported.stdout, as: UTF8.self) == "Imported 5 Fonsters from \(dir)/team.fonsters.\n")
        let exported = try BuiltExecutable.run(["export", "--format", "fonsters", "--store", store])
        #expect(exported.status == 0, "\(exported.stderrText)")
        #expect(String(decoding: exported.stdout, as: UTF8.self)
                == "# engine: fonsters-v1\ncat\n# engine: fonsters-v2\n\\#1\n  spaced \nzed\n# engine: fonsters-v1\ndog\n")
        // Again: every seed is already there.
        let again = try BuiltExecutable.run(["import", "-", "--store", store], stdin: Data(document.utf8))
        #expect(String(decoding: again.stdout, as: UTF8.self) == "Imported 0 Fonsters from standard input; 5 seeds were already in the library.\n")
    }

    @Test func moreSeedsThanOneImportStepTakeAreImportedInSteps() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let seeds = (0..<2_500).map { "seed \($0)" }
        let result = try BuiltExecutable.run(["import", "-", "--store", dir + "/l.sqlite", "--no-starter"], stdin: Data(seeds.joined(separator: "\n").utf8))
        #expect(result.status == 0, "\(result.stderrText)")
        let exported = try BuiltExecutable.run(["export", "--format=fonsters", "--store", dir + "/l.sqlite"])
        let lines = String(decoding: exported.stdout, as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
        #expect(lines == seeds)
        // Piped, each step is a plain line on standard error.
        #expect(result.stderrText == """
            fonsters-rpc: imported 1,000 of 2,500 seeds (40%)
            fonsters-rpc: imported 2,000 of 2,500 seeds (80%)
            fonsters-rpc: imported 2,500 of 2,500 seeds (100%)

            """)
    }

    /// The import keeps each created Fonster's look-alike key beside it, so a server's first
    /// look-alikes read keys instead of drawing the library: every Fonster has its key, the key
    /// of the picture its seed and engine draw.
    @Test func anImportKeepsTheLookalikeKeysOfWhatItCreated() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let document = "# engine: fonsters-v2\n" + (0..<1_500).map { "key \($0)\n" }.joined() + "# engine: fonsters-v1\nold key 0\nold key 1\n"
        let result = try BuiltExecutable.run(["import", "-", "--store", dir + "/l.sqlite", "--no-starter"], stdin: Data(document.utf8))
        #expect(result.status == 0, "\(result.stderrText)")
        let kept = try FonsterStore(location: .file(dir + "/l.sqlite"), options: .scripting).seedsWithKeys()
        #expect(kept.seeds.count == 1_502 && kept.missing.isEmpty)
        for (seed, key) in zip(kept.seeds, kept.keys) {
            #expect(key == PictureKey(Picture(Creature(seed: seed.seed, engine: seed.engine))), "\(seed.seed), \(seed.engine)")
        }
    }

    /// Canonically equivalent seeds draw different Fonsters: each is imported and exported as it is.
    @Test func canonicallyEquivalentSeedsAreAllImportedAndExported() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let document = "# engine: fonsters-v2\n\u{E9}\ne\u{301}\n\u{C5}\nA\u{30A}\n\u{212B}\n"
        let imported = try BuiltExecutable.run(["import", "-", "--store", dir + "/l.sqlite", "--no-starter"], stdin: Data(document.utf8))
        #expect(String(decoding: imported.stdout, as: UTF8.self) == "Imported 5 Fonsters from standard input.\n", "\(imported.stderrText)")
        let exported = try BuiltExecutable.run(["export", "--format", "fonsters", "--store", dir + "/l.sqlite"])
        #expect(exported.stdout == Data(document.utf8))
    }

    @Test func aBadDocumentIsRefusedAndNothingIsCreated() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/l.sqlite"
        let long = String(repeating: "x", count: TextLimit.maxLength + 1)
        for (document, message) in [("ok\n# engine: fonsters-v9\nx\n", "Line 2 of standard input names the engine 'fonsters-v9'"),
                                    ("ok\n\(long)\n", "Line 2 of standard input: A seed can be at most 10,000 characters")] {
            let result = try BuiltExecutable.run(["import", "-", "--store", store, "--no-starter"], stdin: Data(document.utf8))
            #expect(result.status == 1)
            #expect(result.stderrText.hasPrefix("fonsters-rpc: \(message)"), "\(result.stderrText)")
        }
        let exported = try BuiltExecutable.run(["export", "--format", "fonsters", "--store", store, "--no-starter"])
        #expect(exported.stdout.isEmpty, "nothing was imported")
    }

    @Test(arguments: [
        (["export", "--store", "x.sqlite"], "export", "The export command needs a format: --format fonsters"),
        (["export", "--format", "csv"], "export", "The format 'csv' is not one export writes"),
        (["import"], "import", "The import command reads one .fonsters file"),
        (["import", "a", "--memory", "--store", "b"], "import", "The options --memory and --store contradict each other"),
        (["import", "a", "--bogus"], "import", "The option --bogus is not one import knows"),
    ])
    func usageErrorsAreOneLineWithAHint(_ args: [String], _ command: String, _ message: String) throws {
        let result = try BuiltExecutable.run(args)
        #expect(result.status == 2, "\(args): \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("fonsters-rpc: \(message)"), "\(result.stderrText)")
        #expect(result.stderrText.hasSuffix(". (try 'fonsters-rpc \(command) --help')\n"), "\(result.stderrText)")
    }

    @Test(arguments: [["import", "--help"], ["help", "export"]])
    func helpTellsTheFormat(_ args: [String]) throws {
        let result = try BuiltExecutable.run(args)
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("usage: fonsters-rpc \(args.last == "export" ? "export" : "import")"))
    }
}
