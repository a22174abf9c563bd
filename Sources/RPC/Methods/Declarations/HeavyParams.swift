import CreatureCore
import FonsterStore
import FonsterDocument

/// What the methods' heaviest params (`RPCMethod.heaviest`, `RPCNotification.heaviest`) refer
/// to: a Fonster of the test library, seeds as long as allowed, a share link as full as allowed,
/// an open document as large as allowed. The heavy-neighbour tests and `fonsters-bench
/// neighbours` first send `setup` and `openDocuments`, then two of a method's heaviest at once.
public enum HeavyParams {
    /// The id of the Fonster `setup` creates, with `seed` as its seed.
    public static let fonster = "00000000-0000-4000-8000-0000000000F0"
    /// A seed of the most UTF-16 units a seed may hold (`TextLimit.maxLength`, 16 to a repeat).
    public static let longSeed = String(repeating: "a heavy seed 🐉 ", count: TextLimit.maxLength / 16)
    /// The seed of the Fonster `setup` creates: 120 characters, so 120 frames.
    public static let seed = String(repeating: "a heavier seed ", count: 8)
    /// A share link of the most seeds a link may hold, each of 40 characters.
    public static let link = ShareLink.build(seeds: (0..<ShareLink.maxSeeds).map { "heavy neighbour number \($0) of the link" })
    /// How many Fonsters `setup` puts in the library.
    public static let libraryCount = 200
    /// The id of the Fonster `setup` creates and deletes, so that the trash holds it.
    public static let trashed = "00000000-0000-4000-8000-0000000000F1"

    /// The URI of the document `openDocuments` opens first: `document()`.
    public static let documentURI = "file:///heavy-neighbour.fonsters"
    /// Its lines: a big roster, 20,000 lines of 200 bytes (4 MB). The largest documents a client
    /// may open (`DocumentLimits`) are `fonsters-bench lsp`'s to time; here every language method
    /// meets this one, so its size is what the whole suite can afford on two cores.
    public static let documentLines = 20_000
    /// Its last line, whose seed is that of the first seed line (so it draws the same picture).
    public static let documentAlikeLine = documentLines - 1

    /// A document of `documentLines` lines of 200 bytes:
    /// a fonsters-v2 directive, then a different seed on each line (`words` tells two documents
    /// apart) but the last, which repeats the first.
    public static func document(_ words: String = "heavy document line") -> String {
        let pad = String(repeating: " draws a heavy creature", count: 10)
        var lines = ["# engine: fonsters-v2"]
        for n in 1..<documentLines - 1 { lines.append(String((words + " \(n)" + pad).prefix(200))) }
        lines.append(lines[1])
        return lines.joined(separator: "\n")
    }

    /// The URI of the document `fonsters.addAllToLibrary`'s heaviest params add: `importDocument`.
    public static let importURI = "file:///heavy-import.fonsters"

    /// As many seed lines as one add takes (`StoreLimits.maxSeedImport`), each of 4,000 characters.
    public static var importDocument: String {
        let pad = String(repeating: " to be imported", count: 300)
        return (0..<StoreLimits.maxSeedImport).map { String(("heavy import seed \($0)" + pad).prefix(4_000)) }.joined(separator: "\n")
    }

    /// The notifications that open the documents the language methods' heaviest params refer to
    /// (`documentURI`, `importURI`), sent after `setup` (they have no answer to wait for; the next
    /// request sees them open).
    public static var openDocuments: [(method: String, params: JSONValue)] {
        [(documentURI, document()), (importURI, importDocument)].map { uri, text in
            ("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "fonsters", "version": 1, "text": .string(text)]])
        }
    }

    /// The requests that make the library the heaviest params refer to: the Fonster `fonster`
    /// (with random text loaded, so it can be refreshed) and `libraryCount` others, and `trashed`
    /// in the trash.
    public static var setup: [(method: String, params: JSONValue)] {
        [
            ("share/import", ["url": .string(ShareLink.build(seeds: (1..<libraryCount).map { "library neighbour \($0)" }))]),
            ("fonsters/create", ["id": .string(fonster), "name": "Heavy", "seed": .string(seed)]),
            ("fonsters/random", ["id": .string(fonster), "source": "words", "mode": "prepend"]),
            ("fonsters/create", ["id": .string(trashed), "name": "Trashed", "seed": .string(seed)]),
            ("fonsters/delete", ["id": .string(trashed)]),
        ]
    }
}
