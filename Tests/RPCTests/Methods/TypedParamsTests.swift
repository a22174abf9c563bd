import Foundation
import Testing
import FonsterStore
@testable import RPC

/// Params are typed. Generated from the declarations, for every method: an unknown or
/// misspelt key is refused naming it (and the key meant), empty params in any spelling mean no
/// params, and the params a method declares are exactly the keys its decoding reads.
@Suite struct TypedParamsTests {
    static let declarations = MethodTable.declarations(ServerContext(location: .memory, options: StoreOptions()))
    static let names = declarations.map(\.name)

    /// A slip of `key`: its last two letters swapped (or a letter dropped from a short key).
    static func misspelt(_ key: String) -> String {
        var letters = Array(key)
        if letters.count >= 4 { letters.swapAt(letters.count - 1, letters.count - 2) } else { letters.removeLast() }
        return String(letters)
    }

    @Test(arguments: names)
    func anUnknownKeyIsRefusedNamingIt(method: String) async throws {
        let h = MethodHarness()
        let error = try await h.error(method, ["zzUnheardOf": 1])
        #expect(error["code"] == -32602, "\(method): \(error)")
        #expect(error["data"]?["field"] == "zzUnheardOf", "\(method): \(error)")
        #expect(error["message"]?.string?.contains("'zzUnheardOf' is not a param") == true, "\(method): \(error)")
    }

    @Test(arguments: names)
    func aMisspeltKeyIsRefusedWithTheKeyMeant(method: String) async throws {
        let declaration = try #require(Self.declarations.first { $0.name == method })
        let h = MethodHarness()
        for param in declaration.params where param.name.count >= 4 {
            let slip = Self.misspelt(param.name)
            guard !declaration.params.contains(where: { $0.name == slip }) else { continue }
            let error = try await h.error(method, .object(JSONObject([(slip, .string("x"))])))
            #expect(error["code"] == -32602 && error["data"]?["field"] == .string(slip), "\(method) \(slip): \(error)")
            #expect(error["message"]?.string?.contains("did you mean '\(param.name)'?") == true, "\(method) \(slip): \(error)")
        }
    }

    /// The issue's example: a misspelt format and size no longer give a 256-px PNG.
    @Test func theIssuesMisspeltRender() async throws {
        let h = MethodHarness()
        let error = try await h.error("creature/render", ["seed": "a", "formt": "gif", "sise": 64])
        #expect(error["code"] == -32602)
        #expect(error["message"]?.string?.hasPrefix("'formt' is not a param of this method; did you mean 'format'?") == true, "\(error)")
    }

    /// `[]` (as Neovim encodes `{}`), `{}` and no params at all get the same answer.
    @Test(arguments: declarations.filter { $0.params.allSatisfy { !$0.required } && $0.name != "shutdown" }.map(\.name))
    func emptyParamsInEverySpellingAreNoParams(method: String) async throws {
        let h = MethodHarness(options: StoreOptions(starterFonsters: false, randomSeed: 42))
        let answers = [try await h.call(method, nil), try await h.call(method, [:]), try await h.call(method, [])]
        let outcomes = answers.map { $0["error"].map { "error \($0["code"]!) \($0["message"]!)" } ?? "result" }
        #expect(Set(outcomes).count == 1, "\(method): \(outcomes)")
        #expect(answers.allSatisfy { $0["error"]?["data"]?["field"] != "params" }, "\(method): \(answers)")
        // A non-empty array is still not an object of named params.
        let positional = try await h.error(method, [1])
        #expect(positional["data"]?["field"] == "params")
    }

    /// Each param's value is checked where it comes in, and the error names it.
    @Test func valuesAreCheckedWhereTheyComeIn() async throws {
        let h = MethodHarness()
        for (method, params, field, code) in [
            ("creature/render", ["seed": "a", "size": 33] as JSONValue, "size", -32602),
            ("creature/render", ["seed": "a", "format": "bmp"], "format", -32602),
            ("creature/render", ["seed": "a", "engine": "fonsters-v9"], "engine", -32602),
            ("creature/describe", ["seed": "a", "tap": -1], "tap", -32602),
            ("creature/tapAnimation", ["seed": "a", "viewSize": 0], "viewSize", -32602),
            ("creature/frames", ["seed": "a", "speed": 2], "speed", -32602),
            ("fonsters/list", ["thumbnails": ["size": 64, "fromat": "gif"]], "thumbnails.fromat", -32602),
            ("fonsters/get", ["id": "nope"], "id", -32602),
            ("fonsters/random", ["id": "00000000-0000-4000-8000-000000000001", "source": "poem"], "source", -32602),
            ("fonsters/create", ["name": .string(String(repeating: "x", count: 10_001))], "name", 1002),
        ] {
            let error = try await h.error(method, params)
            #expect(error["code"]?.int == code && error["data"]?["field"]?.string == field, "\(method) \(params): \(error)")
        }
    }
}
