import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterStore
@testable import RPC

/// The result schemas are generated from the result types, and answers are checked
/// against them in Swift: every answer `MethodHarness` gets, the real answers of protocol.md's
/// replay (`EndToEnd.ProtocolDocument`), and here every method's documented answer.
@Suite struct ResultSchemaTests {
    /// Each method has a documented answer with a result, and it fits the method's schema.
    @Test func everyMethodsDocumentedAnswerFitsItsSchema() throws {
        var answered: Set<String> = []
        for exchange in try EndToEnd.ProtocolDocument.exchanges() {
            guard let method = (try? JSONValue(parsing: exchange.request))?["method"]?.string,
                  let result = exchange.response?["result"] else { continue }
            answered.insert(method)
            ResultSchemas.check(method, result, lenient: true, "protocol.md line \(exchange.line): ")
        }
        #expect(Set(MethodTable.names).subtracting(answered).isEmpty, "no documented result: \(Set(MethodTable.names).subtracting(answered).sorted())")
    }

    /// A real answer of each kind fits, and the validator finds what is wrong in a changed one.
    @Test func theValidatorFindsWhatIsWrong() async throws {
        let h = MethodHarness()
        let render = try await h.result("creature/render", ["seed": "schema", "size": 32])
        #expect(ResultSchemas.problems("creature/render", render).isEmpty)
        let wrong: [(String, JSONValue)] = [
            ("a MIME type outside the enum", render.merging([("mime", "image/bmp")])),
            ("a size that is not a multiple of 32", render.merging([("width", 33)])),
            ("a member the type does not declare", render.merging([("extra", 1)])),
            ("a data URI that is not one", render.merging([("dataUri", "data:text/plain;base64,AAAA")])),
            ("a number where a string goes", render.merging([("alt", 5)])),
            ("a required member missing", .object(JSONObject(render.object!.entries.filter { $0.key != "etag" }))),
        ]
        for (what, value) in wrong {
            #expect(!ResultSchemas.problems("creature/render", value).isEmpty, "\(what) was not found")
        }
        let created = try await h.result("fonsters/create", ["seed": "schema"])
        #expect(ResultSchemas.problems("fonsters/create", created).isEmpty)
        #expect(!ResultSchemas.problems("fonsters/create", created.merging([("sameAs", ["not a uuid"])])).isEmpty)
        #expect(!ResultSchemas.problems("fonsters/create", created.merging([("randomSource", "poem")])).isEmpty)
        let tap = try await h.result("creature/tapAnimation", ["seed": "schema", "tap": 3, "samples": 2])
        #expect(ResultSchemas.problems("creature/tapAnimation", tap).isEmpty)
        #expect(!ResultSchemas.problems("creature/tapAnimation", tap.merging([("kind", "dance")])).isEmpty)
        // protocol.md's shortened strings stand for any string only when asked.
        let shortened = render.merging([("dataUri", "data:image/png;base64,iVBOR…")])
        #expect(!ResultSchemas.problems("creature/render", shortened).isEmpty)
        #expect(ResultSchemas.problems("creature/render", shortened, lenient: true).isEmpty)
    }

    /// Enums come from the Swift values, the version from `ServerContext.version`.
    @Test func sharedSchemasComeFromTheSwiftValues() {
        let schemas = ResultSchemas.document["components"]?["schemas"]
        #expect(schemas?["Engine"]?["enum"] == .array(EngineVersion.allCases.map { .string($0.rawValue) }))
        #expect(schemas?["RandomSource"]?["enum"] == .array(RandomSource.allCases.map { .string($0.rawValue) }))
        #expect(ResultSchemas.document["info"]?["version"] == .string(ServerContext.version))
        // Fonster's members are written once: the edited and listed Fonsters start with them.
        let fonster = schemas?["Fonster"]?["properties"]?.object?.keys ?? []
        #expect(fonster.count == 11)
        for name in ["EditedFonster", "ListedFonster", "RandomEdit"] {
            #expect(Array((schemas?[name]?["properties"]?.object?.keys ?? []).prefix(fonster.count)) == fonster, "\(name)")
        }
    }
}
