import Foundation
import Testing
import FonsterDocument
@testable import RPC

/// The server's open documents: their bounds, all-or-none changes, the encoding `initialize`
/// agrees, and the Markdown a client reads.
@Suite struct TextDocumentTests {
    @Test func atMostEightDocumentsAreOpenAndAReopenReplacesTheText() throws {
        let documents = TextDocuments()
        for n in 0..<OpenDocumentLimits.maxDocuments { _ = try documents.open(uri: "file:///\(n).fonsters", version: 1, text: "a") }
        let refused = #expect(throws: TextDocuments.Refusal.self) { try documents.open(uri: "file:///9.fonsters", version: 1, text: "a") }
        #expect(refused?.message.contains("at most 8 documents") == true)
        let reopened = try documents.open(uri: "file:///0.fonsters", version: 5, text: "b\nc")
        #expect(reopened.snapshot.text.lines == ["b", "c"] && reopened.snapshot.version == 5)
        try documents.close(uri: "file:///1.fonsters")
        _ = try documents.open(uri: "file:///9.fonsters", version: 1, text: "a")
        #expect(throws: TextDocuments.Refusal.self) { try documents.close(uri: "file:///1.fonsters") }
    }

    @Test func changesApplyAllOrNoneInTheAgreedEncoding() throws {
        let documents = TextDocuments()
        documents.encoding = .utf8
        let document = try documents.open(uri: "file:///a.fonsters", version: 1, text: "🦊x\nb")
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
        #expect(big?.message.contains("at most 4,194,304 bytes") == true)
    }

    @Test func initializeAgreesOnUTF8OnlyWhenOffered() throws {
        #expect(LanguageCapabilities.negotiate(nil) == .utf16)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-16"]]]) == .utf16)
        #expect(LanguageCapabilities.negotiate(["general": ["positionEncodings": ["utf-32", "utf-8"]]]) == .utf8)
        let plain = LanguageCapabilities.markdown(["textDocument": ["hover": ["contentFormat": ["plaintext"]],
                                                                    "completion": ["completionItem": ["documentationFormat": ["markdown"]]]]])
        #expect(!plain.hover && plain.completion)
        let unsaid = LanguageCapabilities.markdown(nil)
        #expect(unsaid.hover && unsaid.completion)
    }

    @Test func theByteCountGrowsWithTheTextAndPictures() throws {
        let documents = TextDocuments()
        let empty = documents.byteCount
        let document = try documents.open(uri: "file:///a.fonsters", version: 1, text: (0..<100).map { "seed \($0)" }.joined(separator: "\n"))
        let withText = documents.byteCount
        #expect(withText > empty)
        let (text, _, cache) = document.snapshot
        _ = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        #expect(documents.byteCount >= withText + 100 * 1024, "100 pictures of 1,024 cells")
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
