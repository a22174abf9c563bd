import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC

/// Each method's result schema as `openrpc.json` states it (generated from the result types),
/// to check answers against: every answer `MethodHarness` gets, and protocol.md's examples.
enum ResultSchemas {
    static let document = OpenRPCDocument.make(MethodTable.declarations(ServerContext(location: .memory, options: StoreOptions())))
    static let byMethod: [String: JSONValue] = Dictionary(uniqueKeysWithValues: (document["methods"]?.array ?? []).map {
        ($0["name"]!.string!, $0["result"]!["schema"]!)
    })

    /// What is wrong with `result` as an answer of `method` (nothing for a method not declared);
    /// `lenient` lets protocol.md's `…` stand for any value.
    static func problems(_ method: String, _ result: JSONValue, lenient: Bool = false) -> [String] {
        guard let schema = byMethod[method] else { return [] }
        var validator = JSONSchemaValidator(components: document["components"]?["schemas"] ?? [:])
        validator.lenient = lenient
        return validator.problems(result, schema)
    }

    /// Records an issue for each problem of `result` as an answer of `method`.
    static func check(_ method: String, _ result: JSONValue, lenient: Bool = false, _ context: String = "",
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for problem in problems(method, result, lenient: lenient) {
            Issue.record("\(context)\(method) answered outside its schema: \(problem)", sourceLocation: sourceLocation)
        }
    }
}
