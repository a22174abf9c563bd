import Testing
import TestSupport
import CreatureCore
@testable import FonsterDocument

/// The `.fonsters` format (blank lines, comments, directives, `\#`) and the analysis on it:
/// look-alikes from the engine's own pictures, the cache's reuse, invisible characters.
@Suite(.offTheCooperativeThreads) struct FormatAndAnalysisTests {
    @Test func linesAreBlankCommentsDirectivesOrSeeds() {
        #expect(FonstersFormat.classify("") == .blank)
        #expect(FonstersFormat.classify("# a note") == .comment)
        #expect(FonstersFormat.classify("#engine:fonsters-v2") == .directive(.v2, name: "fonsters-v2"))
        #expect(FonstersFormat.classify("#  Engine:  fonsters-v1 ") == .directive(.v1, name: "fonsters-v1"))
        #expect(FonstersFormat.classify("# engine: fonsters-v9") == .directive(nil, name: "fonsters-v9"))
        #expect(FonstersFormat.classify("\\#1") == .seed("#1", escaped: true))
        #expect(FonstersFormat.classify("\\\\#1") == .seed("\\#1", escaped: true))
        #expect(FonstersFormat.classify("\\n") == .seed("\\n", escaped: false))
        #expect(FonstersFormat.classify("  ") == .seed("  ", escaped: false))
    }

    @Test(arguments: ["#1", "\\#1", "\\\\#", "\\", "\\x", "plain", " spaced ", "🦊", "# engine: fonsters-v1"])
    func everyOneLineSeedReadsBack(seed: String) throws {
        let line = try #require(FonstersFormat.line(for: seed))
        #expect(FonstersFormat.classify(line) == .seed(seed, escaped: line != seed))
    }

    @Test func seedsNoLineCanHoldAreLeftOutOfADocumentAndCounted() {
        let (text, skipped) = FonstersFormat.document([("a", .v1), ("", .v1), ("b\nc", .v2), ("#d", .v2), ("e", .v1)])
        #expect(skipped == 2)
        #expect(text == "# engine: fonsters-v1\na\n# engine: fonsters-v2\n\\#d\n# engine: fonsters-v1\ne\n")
        let entries = FonstersFormat.entries(of: DocumentText(text), defaultEngine: .v2).entries
        #expect(entries.map(\.seed) == ["a", "#d", "e"])
        #expect(entries.map(\.engine) == [.v1, .v2, .v1])
    }

    @Test func directivesChooseTheEngineOfTheLinesBelowAndUnknownOnesKeepThePrevious() {
        let text = DocumentText("a\n# engine: fonsters-v2\nb\n# engine: nope\nc\n# engine: fonsters-v1\nd")
        let (entries, unknown) = FonstersFormat.entries(of: text, defaultEngine: .v1)
        #expect(entries.map(\.engine) == [.v1, .v2, .v2, .v1])
        #expect(unknown == [3])
        let analysis = DocumentAnalysis.run(text, defaultEngine: .v1, cache: PictureCache())!
        let finding = analysis.findings().first { $0.code == "unknown-engine" }
        #expect(finding?.line == 3 && finding?.severity == .error)
        #expect(finding?.message.contains("fonsters-v2") == true)
    }

    /// Two seeds of a list that v1 draws alike, found by the engine here.
    static func v1Twins() throws -> (String, String) {
        var seen: [Picture: String] = [:]
        for word in ["cat", "dog", "sun", "moon", "tree", "fish", "bird", "star", "rock", "leaf", "rain", "snow", "fire", "wind",
                     "lake", "hill", "rose", "king", "ship", "bell", "door", "road", "book", "milk", "salt", "gold", "iron", "wolf"] {
            let picture = Picture(seed: word, engine: .v1)
            if let earlier = seen[picture] { return (earlier, word) }
            seen[picture] = word
        }
        throw TwinsNotFound()
    }
    struct TwinsNotFound: Error {}

    @Test func aLineDrawingAnotherLinesPictureIsAWarningNamingThatLine() throws {
        let (a, b) = try Self.v1Twins()
        let text = DocumentText("# engine: fonsters-v1\n\(a)\n# a comment\n\(b)\n")
        let analysis = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: PictureCache()))
        let findings = analysis.findings().filter { $0.code == "same-picture" }
        #expect(findings.map(\.line) == [1, 3])
        #expect(findings[1].message == "Looks exactly like line 2, “\(a)”, in fonsters-v1.")
        #expect(findings[1].severity == .warning && findings[1].related == [1])
        // Under v2 the same two seeds draw apart.
        let v2 = try #require(DocumentAnalysis.run(DocumentText("\(a)\n\(b)"), defaultEngine: .v2, cache: PictureCache()))
        #expect(Picture(seed: a, engine: .v2) == Picture(seed: b, engine: .v2) || v2.findings().allSatisfy { $0.code != "same-picture" })
    }

    @Test func aLineThatLooksLikeAnotherIsInformationSayingHowTheShapesDiffer() throws {
        // An alike pair among counted seeds, proposed by a cache and checked by Likeness here.
        var pair: (String, String, Int)? = nil
        let finder = PictureCache()
        for n in 0..<3_000 where pair == nil {
            let seed = "w\(n)x", picture = Picture(seed: seed, engine: .v2)
            let id = finder.add(PictureCache.Key(seed: seed, engine: .v2), picture)
            for (other, cells) in finder.nearlyAlike(id) {
                let otherPicture = finder.picture(other)
                guard otherPicture != picture && Likeness.looksAlike(picture, otherPicture) else { continue }
                #expect(cells == Likeness.silhouette(picture).differingCells(from: Likeness.silhouette(otherPicture)))
                let otherSeed = (0..<n).map { "w\($0)x" }.first { Picture(seed: $0, engine: .v2) == otherPicture }!
                pair = (otherSeed, seed, cells)
                break
            }
        }
        let (a, b, cells) = try #require(pair)
        let analysis = try #require(DocumentAnalysis.run(DocumentText("\(a)\n\(b)"), defaultEngine: .v2, cache: PictureCache()))
        let finding = try #require(analysis.findings().first { $0.line == 1 && $0.code == "nearly-same-picture" })
        #expect(finding.severity == .information)
        let how = cells == 0 ? "the same shape in other colours" : "the same shape but \(cells) cell"
        #expect(finding.message.hasPrefix("Looks nearly like line 1, “\(a)”, in fonsters-v2: \(how)"))
    }

    @Test func theSameDiscInAnotherColourIsALookalike() throws {
        let analysis = try #require(DocumentAnalysis.run(DocumentText("grace\nGRACE"), defaultEngine: .v1, cache: PictureCache()))
        #expect(analysis.nearlyAs(1).map(\.index) == [0])
        #expect(analysis.findings().contains { $0.line == 1 && $0.code == "nearly-same-picture" })
    }

    @Test func theLibraryMatchIsInformationNamingTheFonster() throws {
        let analysis = try #require(DocumentAnalysis.run(DocumentText("tom"), defaultEngine: .v2, cache: PictureCache()))
        let tom = Picture(seed: "tom", engine: .v2)
        let findings = analysis.findings(library: { $0 == tom.fingerprint ? LibraryMatch(id: "id-1", name: "Thomas", count: 3) : nil })
        #expect(findings.map(\.message) == ["Draws the picture of “Thomas” in your library (and 2 more Fonsters)."])
        #expect(findings.first?.severity == .information)
    }

    @Test func escapedSeedsAreDrawnWithoutTheirBackslashAndLongSeedsAreErrors() throws {
        let long = String(repeating: "x", count: TextLimit.maxLength + 1)
        let analysis = try #require(DocumentAnalysis.run(DocumentText("\\#1\n#1\n\(long)"), defaultEngine: .v2, cache: PictureCache()))
        #expect(analysis.seeds.map(\.seed) == ["#1", long])
        #expect(analysis.seeds[0].picture.map { analysis.cache.picture($0) } == Picture(seed: "#1", engine: .v2))
        let error = try #require(analysis.findings().first)
        #expect(error.line == 2 && error.severity == .error && error.code == "seed-too-long")
    }

    @Test func anEditDrawsOnlyTheLineItChangedAndRepeatedSeedsShareADrawing() throws {
        let cache = PictureCache()
        var text = DocumentText((0..<200).map { "seed \($0)" }.joined(separator: "\n") + "\nseed 0")
        _ = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        #expect(cache.drawCount == 200)
        try text.replace(TextRange(line: 57, from: 5, to: 7), with: "x", .utf16)
        let after = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache))
        #expect(cache.drawCount == 201)
        #expect(after.seed(atLine: 57)?.seed == "seed x")
        // A directive above them draws them again with the other engine, once.
        try text.replace(TextRange(line: 0, from: 0, to: 0), with: "# engine: fonsters-v1\n", .utf16)
        _ = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        #expect(cache.drawCount == 201 + 200)
    }

    @Test func invisibleCharactersAreFoundWhereTheyAre() throws {
        let seed = " a\u{200B}b\u{202E}c👩‍💻d  "
        let runs = InvisibleCharacters.runs(in: seed)
        #expect(runs.map(\.kind) == [.leadingSpace, .zeroWidth, .bidiControl, .trailingSpace])
        #expect(runs.map(\.codePoints) == [["U+0020"], ["U+200B"], ["U+202E"], ["U+0020", "U+0020"]])
        #expect(InvisibleCharacters.removing(from: seed) == "abc👩‍💻d")
        // On an escaped line, the ranges are the line's (after the backslash).
        let analysis = try #require(DocumentAnalysis.run(DocumentText("\\#\u{200B}x"), defaultEngine: .v2, cache: PictureCache()))
        let finding = try #require(analysis.findings().first { $0.code == "invisible-characters" })
        let line = analysis.text.lines[0]
        let range = try #require(finding.range)
        #expect(DocumentText.character(in: line, at: range.lowerBound, .utf16) == 2)
        #expect(DocumentText.character(in: line, at: range.upperBound, .utf16) == 3)
        #expect(InvisibleCharacters.runs(in: "   ").map(\.kind) == [.leadingSpace])
        #expect(InvisibleCharacters.runs(in: "ok").isEmpty)
    }
}

/// An analysis made from the one before it (its unchanged lines keep their pictures without a
/// look in the cache) is the analysis made afresh, whatever the edit: typing in a line, lines
/// added or removed above others, a directive that changes the engine of the lines below.
@Suite(.offTheCooperativeThreads) struct AnalysisFromThePreviousTests {
    /// What an analysis says of each seed line, and its findings.
    static func summary(_ analysis: DocumentAnalysis) -> ([String], [Finding]) {
        (analysis.seeds.map { "\($0.line) \($0.seed) \($0.engine.rawValue) \($0.picture.map(String.init) ?? "-")" }, analysis.findings())
    }

    @Test func anAnalysisFromThePreviousIsTheAnalysisAfresh() throws {
        var text = DocumentText((0..<40).map { $0 % 7 == 6 ? "crew \($0 - 1)" : "crew \($0)" }.joined(separator: "\n"))
        let cache = PictureCache()
        var previous = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache))
        let edits: [(TextRange, String)] = [
            (TextRange(line: 5, from: 0, to: 0), "x"),                                          // typing in a line
            (TextRange(line: 3, from: 0, to: 0), "new\nlines\n"),                               // lines added above others
            (TextRange(start: TextPosition(line: 10, character: 0), end: TextPosition(line: 14, character: 0)), ""),  // lines removed
            (TextRange(line: 20, from: 0, to: 0), "# engine: fonsters-v1\n"),                   // the engine changes below
            (TextRange(line: 0, from: 0, to: 0), "crew 6\n"),                                   // a look-alike added at the top
            (TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 30, character: 2)), "cr"),  // most of it joined
        ]
        for (range, replacement) in edits {
            try text.replace(range, with: replacement, .utf16)
            let borrowed = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache, previous: previous))
            let afresh = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache))
            #expect(Self.summary(borrowed) == Self.summary(afresh), "after replacing \(range) with \(replacement.debugDescription)")
            previous = borrowed
        }
        // An analysis of another cache lends nothing: its ids are not this cache's.
        let other = PictureCache()
        let unrelated = try #require(DocumentAnalysis.run(DocumentText("zeta\nalpha"), defaultEngine: .v2, cache: other))
        let fresh = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache, previous: unrelated))
        #expect(Self.summary(fresh) == Self.summary(previous))
    }
}

/// The cache's alike lists are `Likeness`'s pairs: on 800 counted seeds of each engine (few
/// enough that no silhouette's crowd passes `maxCompared`), each picture lists exactly the
/// earlier pictures alike to it by the brute-force rule, with how many silhouette cells differ.
@Suite(.offTheCooperativeThreads) struct PictureCacheLikenessTests {
    @Test(arguments: EngineVersion.allCases)
    func theAlikeListsAreTheBruteForcePairs(engine: EngineVersion) {
        let cache = PictureCache()
        var pictures: [Picture] = [], ids: [Int] = []
        for n in 0..<800 {
            let picture = Picture(seed: "w\(n)x", engine: engine)
            ids.append(cache.add(PictureCache.Key(seed: "w\(n)x", engine: engine), picture))
            pictures.append(picture)
        }
        // By id: the first picture drawing it.
        var first: [Int: Picture] = [:]
        for (n, id) in ids.enumerated() where first[id] == nil { first[id] = pictures[n] }
        var pairs = 0
        for (id, picture) in first {
            let listed = cache.nearlyAlike(id).map { "\($0.id) \($0.cells)" }.sorted()
            var expected: [String] = []
            for (other, otherPicture) in first where other != id && otherPicture != picture && Likeness.looksAlike(picture, otherPicture) {
                expected.append("\(other) \(Likeness.silhouette(picture).differingCells(from: Likeness.silhouette(otherPicture)))")
            }
            #expect(listed == expected.sorted(), "picture \(id)")
            pairs += expected.count
        }
        #expect(pairs > 0, "the seeds have alike pairs to find")
    }
}
