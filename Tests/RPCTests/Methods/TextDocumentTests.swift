import Foundation
import Testing
import FonsterDocument
@testable import RPC

/// The server's open documents: their bounds, all-or-none changes, the encoding `initialize`
/// agrees, and the Markdown a client reads.
@Suite struct TextDocumentTests {
    @Test func documentsOpenAsTheBudgetAllowsAndAReopenReplacesTheText() throws {
        let budget = MemoryBudget(limit: 64 * OpenDocument.overhead)
        let documents = TextDocuments()
        documents.count(in: budget.account("open documents"))
        var opened = 0
        while (try? documents.open(uri: "file:///\(opened).fonsters", version: 1, text: "a")) != nil { opened += 1 }
        #expect(opened > 8 && opened < 64, "as many as the budget holds, not a fixed count")
        let refused = #expect(throws: TextDocuments.Refusal.self) { try documents.open(uri: "file:///next.fonsters", version: 1, text: "a") }
        #expect(refused?.message.contains("memory budget has no room") == true && refused?.show == true)
        #expect(budget.total <= budget.limit)
        let reopened = try #require(try documents.open(uri: "file:///0.fonsters", version: 5, text: "b\nc"))
        #expect(reopened.snapshot.text.lines == ["b", "c"] && reopened.snapshot.version == 5)
        try documents.close(uri: "file:///1.fonsters")
        _ = try documents.open(uri: "file:///next.fonsters", version: 1, text: "a")
        #expect(throws: TextDocuments.Refusal.self) { try documents.close(uri: "file:///1.fonsters") }
        documents.closeAll()
        #expect(budget.total == 0 && documents.all.isEmpty)
    }

    @Test func documentsOfAnotherLanguageAreIgnoredAndTakeNoMemory() throws {
        let budget = MemoryBudget(limit: 1 << 30)
        let documents = TextDocuments()
        documents.count(in: budget.account("open documents"))
        #expect(try documents.open(uri: "file:///README.md", languageID: "markdown", version: 1, text: "# engine: nothing\nhello") == nil)
        #expect(budget.total == 0 && documents.isIgnored("file:///README.md"))
        #expect(try documents.change(uri: "file:///README.md", version: 2, [(nil, "x")]) == nil)
        #expect(try documents.close(uri: "file:///README.md") == false)
        #expect(!documents.isIgnored("file:///README.md"))
    }

    @Test func aVersionGoingBackwardsIsRefusedAndTheDocumentStays() throws {
        let documents = TextDocuments()
        let document = try #require(try documents.open(uri: "file:///a.fonsters", version: 5, text: "one"))
        let refused = #expect(throws: TextDocuments.Refusal.self) { try documents.change(uri: "file:///a.fonsters", version: 4, [(nil, "two")]) }
        #expect(refused?.message.contains("version 4 is older than the document's 5") == true)
        #expect(document.snapshot.text.text == "one" && document.snapshot.version == 5)
        _ = try documents.change(uri: "file:///a.fonsters", version: 6, [(nil, "three")])
        #expect(document.snapshot.text.text == "three" && document.snapshot.version == 6)
    }

    @Test func aFinalLineBreakDoesNotCountAsALine() throws {
        var limits = DocumentLimits()
        limits.maxLines = 3
        var text = DocumentText("")
        try text.replace(nil, with: "a\nb\nc\n", .utf16, limits: limits)
        #expect(text.countedLines == 3 && text.lineCount == 4)
        #expect(throws: DocumentError.self) { try text.replace(nil, with: "a\nb\nc\nd", .utf16, limits: limits) }
        #expect(throws: DocumentError.self) { try text.replace(TextRange(line: 3, from: 0, to: 0), with: "d", .utf16, limits: limits) }
        try text.replace(TextRange(line: 2, from: 1, to: 1), with: "c", .utf16, limits: limits)
        #expect(text.text == "a\nb\ncc\n")
    }

    @Test func changesApplyAllOrNoneInTheAgreedEncoding() throws {
        let documents = TextDocuments()
        documents.encoding = .utf8
        let document = try #require(try documents.open(uri: "file:///a.fonsters", version: 1, text: "🦊x\nb"))
        // After the fox: 4 bytes in UTF-8.
        _ = try documents.change(uri: "file:///a.fonsters", version: 2, [(TextRange(line: 0, from: 4, to: 5), "y")])
        #expect(document.snapshot.text.text == "🦊y\nb" && document.snapshot.version == 2)
        let refused = #expect(throws: TextDocuments.Refusal.self) {
            try documents.change(uri: "file:///a.fonsters", version: 3, [(TextRange(line: 1, from: 0, to: 1), "z"), (TextRange(line: 7, from: 0, to: 0), "!")])
        }
        #expect(refused?.message.contains("Line 7 is past the end") == true)
        #expect(document.snapshot.text.text == "🦊y\nb" && document.snapshot.version == 2, "the first change was not kept either")
        #expect(throws: TextDocuments.Refusal.self) { try documents.change(uri: "file:///nope.fonsters", version: 1, [(nil, "x")]) }
        let big = #expect(throws: TextDocuments.Refusal.self) {
            try documents.open(uri: "file:///big.fonsters", version: 1, text: String(repeating: "x", count: DocumentLimits().maxBytes + 1))
        }
        #expect(big?.message.contains("at most 16,777,216 bytes") == true && big?.show == true)
    }

    @Test func initializeAgreesOnTheFirstEncodingTheClientOffers() throws {
        #expect(LanguageCapabilities.negotiate(nil) == .utf16)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-16"]]]) == .utf16)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-32", "utf-8"]]]) == .utf32)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-16", "utf-8"]]]) == .utf16, "the client's order")
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-8", "utf-16"]]]) == .utf8)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["latin-1"]]]) == .utf16)
        let plain = LanguageCapabilities.markdown(["textDocument": ["hover": ["contentFormat": ["plaintext"]],
                                                                    "completion": ["completionItem": ["documentationFormat": ["markdown"]]]]])
        #expect(!plain.hover && plain.completion)
        let unsaid = LanguageCapabilities.markdown(nil)
        #expect(unsaid.hover && unsaid.completion)
    }

    /// Every LSP request (`textDocument/*`, `workspace/*`) and document notification the table
    /// registers brings its capability, `initialize` announces it (a part of an object among the
    /// object's members), and every capability announced comes from one of them.
    @Test func everyRegisteredLanguageMethodAnnouncesItsCapability() async throws {
        let announced = try #require(try await MethodHarness().result("initialize", ["capabilities": [:]])["capabilities"]?.object)
        let requests: [(String, Any.Type)] = MethodTable.methods.filter { $0.name.hasPrefix("textDocument/") || $0.name.hasPrefix("workspace/") }.map { ($0.name, $0 as Any.Type) }
        let notifications: [(String, Any.Type)] = MethodTable.notifications.filter { $0.name.hasPrefix("textDocument/") }.map { ($0.name, $0 as Any.Type) }
        #expect(requests.count >= 7 && notifications.count >= 3)
        var brought: Set<String> = ["experimental", "positionEncoding"]
        for (name, type) in requests + notifications {
            guard let capability = (type as? any LanguageFeature.Type)?.capability else {
                Issue.record("\(name) is registered but declares no capability (LanguageFeature)")
                continue
            }
            brought.insert(capability.name)
            guard let value = announced[capability.name] else { Issue.record("initialize does not announce \(name)'s \(capability.name)"); continue }
            if let members = capability.value.object {
                for (key, member) in members { #expect(value[key] == member, "\(name)'s \(capability.name).\(key)") }
            } else {
                #expect(value == capability.value, "\(name)'s \(capability.name)")
            }
        }
        #expect(Set(announced.keys) == brought, "every capability announced comes from a registered method")
    }

    /// The parts of one capability merge into one object, the first value of a member kept.
    @Test func partsOfOneCapabilityMerge() {
        let merged = LanguageCapability.merged([LanguageCapability("sync", ["openClose": true]), LanguageCapability("hover", true),
                                                LanguageCapability("sync", ["change": 2, "openClose": false]), LanguageCapability("sync", [:])])
        #expect(merged.map(\.name) == ["sync", "hover"])
        #expect(merged.first?.value == ["openClose": true, "change": 2])
        #expect(merged.first?.value.object?.keys == ["openClose", "change"], "in the order the parts come")
    }

    @Test func theByteCountGrowsWithTheTextAndPictures() throws {
        let documents = TextDocuments()
        let empty = documents.byteCount
        let document = try #require(try documents.open(uri: "file:///a.fonsters", version: 1, text: (0..<100).map { "seed \($0)" }.joined(separator: "\n")))
        let withText = documents.byteCount
        #expect(withText > empty)
        let (text, _, cache) = document.snapshot
        _ = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        #expect(documents.byteCount >= withText + 100 * PictureCache.Cost.picture, "100 pictures")
    }

    /// An analysis is reserved in the memory budget before it draws: refused (nothing drawn,
    /// nothing charged) when the budget has no room, and charged no more than it reserved when it has.
    @Test func anAnalysisIsReservedInTheBudgetBeforeItDraws() throws {
        let text = (0..<2_000).map { "seed \($0)" }.joined(separator: "\n")
        let textBytes = OpenDocument.overhead + OpenDocument.estimate(bytes: text.utf8.count, lines: 2_000)
        // Room (in the half of the budget documents may keep) for the text, not for its pictures.
        let tight = MemoryBudget(limit: 2 * (textBytes + 2_000 * PictureCache.Cost.picture / 2))
        let documents = TextDocuments()
        documents.count(in: tight.account("open documents"))
        let document = try #require(try documents.open(uri: "file:///a.fonsters", version: 1, text: text))
        let opened = tight.total
        let (snapshot, _, cache) = document.snapshot
        var asked = 0
        let refused = DocumentAnalysis.run(snapshot, defaultEngine: .v2, cache: cache, within: { bytes in
            asked = bytes
            return documents.reserve(bytes)
        })
        guard case .refused = refused else { Issue.record("not refused: \(asked) asked of \(tight.limit), \(opened) held"); return }
        #expect(cache.drawCount == 0 && tight.total == opened)

        let roomy = MemoryBudget(limit: 1 << 30), more = TextDocuments()
        more.count(in: roomy.account("open documents"))
        let again = try #require(try more.open(uri: "file:///a.fonsters", version: 1, text: text))
        #expect(roomy.total == opened)
        var reserved = 0
        let outcome = DocumentAnalysis.run(snapshot, defaultEngine: .v2, cache: again.snapshot.cache, within: { bytes in
            reserved += bytes
            return more.reserve(bytes)
        })
        guard case .analysed = outcome else { Issue.record("not analysed"); return }
        #expect(roomy.total == opened + reserved, "reserved before drawing, held until settled")
        more.settle(reserved)
        #expect(roomy.total == more.byteCount && roomy.total > opened && roomy.total <= opened + reserved)
    }

    /// Open documents count in the server's memory budget: an open adds its bytes, a change
    /// the difference, a close gives them back.
    @Test func openDocumentsCountInTheMemoryBudget() throws {
        let budget = MemoryBudget(limit: 1 << 30)
        let documents = TextDocuments()
        documents.count(in: budget.account("open documents"))
        #expect(budget.total == 0)
        _ = try documents.open(uri: "file:///a.fonsters", version: 1, text: String(repeating: "a seed line\n", count: 1000))
        let one = budget.total
        #expect(one > 0 && one == documents.byteCount)
        _ = try documents.open(uri: "file:///b.fonsters", version: 1, text: "short\n")
        #expect(budget.total == documents.byteCount && budget.total > one)
        _ = try documents.change(uri: "file:///a.fonsters", version: 2, [(range: nil, text: "now short\n")])
        #expect(budget.total == documents.byteCount && budget.total < one)
        try documents.close(uri: "file:///a.fonsters")
        try documents.close(uri: "file:///b.fonsters")
        #expect(budget.total == 0)
    }
}
