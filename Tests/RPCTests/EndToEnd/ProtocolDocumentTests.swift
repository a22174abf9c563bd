import Foundation
import Testing
import TestSupport
import RPC

/// One `-->` request and its `<--` response from protocol.md; or a `-->` notification and the
/// `<--` notification it brings (matched with the next of that method and params' version), or
/// none.
struct DocumentedExchange {
    let line: Int
    let request: String
    let response: JSONValue?
}

/// Compares a documented response with a real one under protocol.md's example rules.
struct ExampleMatcher {
    /// Keys whose values depend on the clock or zone of the run.
    static let clockKeys: Set<String> = ["createdAt", "exportedAt", "deletedAt", "createdTimeZone", "birthday"]
    /// Documented server-generated UUID → the one this run generated.
    private(set) var uuids: [String: String] = [:]

    static func isUUID(_ s: String) -> Bool { s.count == 36 && UUID(uuidString: s) != nil }

    /// A request's text with the documented server-generated UUIDs replaced by this run's.
    func translate(_ request: String) -> String {
        var text = request
        for (documented, actual) in uuids {
            text = text.replacingOccurrences(of: documented, with: actual)
            text = text.replacingOccurrences(of: documented.lowercased(), with: actual)
        }
        return text
    }

    /// nil when `actual` matches `documented`, else where and how it differs.
    mutating func mismatch(_ documented: JSONValue, _ actual: JSONValue, at path: String = "$") -> String? {
        if documented == "…" { return nil }  // a value that varies
        switch (documented, actual) {
        case (.string(let d), .string(let a)):
            if d.hasSuffix("…") { return a.hasPrefix(String(d.dropLast())) ? nil : "\(path): \"\(a.prefix(80))\" does not start with \"\(d.dropLast())\"" }
            if d == a { return nil }
            if Self.isUUID(d), Self.isUUID(a) {
                if let known = uuids[d] { return known == a ? nil : "\(path): \(a), expected \(known) (documented \(d))" }
                if uuids.values.contains(a) { return "\(path): \(a) already stands for another documented UUID" }
                uuids[d] = a
                return nil
            }
            return "\(path): \"\(a.prefix(200))\", documented \"\(d.prefix(200))\""
        case (.array(let d), .array(let a)):
            if d.last == "…" {
                guard a.count >= d.count - 1 else { return "\(path): \(a.count) items, documented at least \(d.count - 1)" }
                return zipMismatch(Array(d.dropLast()), Array(a.prefix(d.count - 1)), path)
            }
            guard d.count == a.count else { return "\(path): \(a.count) items, documented \(d.count)" }
            return zipMismatch(d, a, path)
        case (.object(let d), .object(let a)):
            let dKeys = Set(d.keys).subtracting(Self.clockKeys), aKeys = Set(a.keys).subtracting(Self.clockKeys)
            guard dKeys == aKeys else { return "\(path): keys \(aKeys.sorted()), documented \(dKeys.sorted())" }
            for key in d.keys where !Self.clockKeys.contains(key) {
                if let m = mismatch(d[key]!, a[key]!, at: "\(path).\(key)") { return m }
            }
            return nil
        default:
            if let dn = documented.double, let an = actual.double { return dn == an ? nil : "\(path): \(an), documented \(dn)" }
            return documented == actual ? nil : "\(path): \(actual), documented \(documented)"
        }
    }

    private mutating func zipMismatch(_ d: [JSONValue], _ a: [JSONValue], _ path: String) -> String? {
        for (i, (dv, av)) in zip(d, a).enumerated() {
            if let m = mismatch(dv, av, at: "\(path)[\(i)]") { return m }
        }
        return nil
    }
}

/// The repository root (for protocol.md, examples/ and openrpc.json).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

extension EndToEnd {
    /// protocol.md's examples are true: each request, replayed in order, gets the documented response.
    @Suite struct ProtocolDocument {
        static func exchanges() throws -> [DocumentedExchange] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("protocol.md"), encoding: .utf8)
            var result: [DocumentedExchange] = []
            var pending: (Int, String)?
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("--> ") {
                    // A notification with nothing documented after it is sent all the same.
                    if let (at, request) = pending, (try? JSONValue(parsing: request))?["id"] == nil,
                       (try? JSONValue(parsing: request))?["method"] != nil {
                        result.append(DocumentedExchange(line: at, request: request, response: nil))
                    }
                    pending = (number + 1, String(line.dropFirst(4)))
                } else if line.hasPrefix("<-- "), let (at, request) = pending {
                    result.append(DocumentedExchange(line: at, request: request, response: try JSONValue(parsing: String(line.dropFirst(4)))))
                    pending = nil
                }
            }
            return result
        }

        @Test func everyMethodHasAnExample() throws {
            let documented = Set(try Self.exchanges().compactMap { try? JSONValue(parsing: $0.request)["method"]?.string })
            #expect(Set(MethodTable.names).subtracting(documented).isEmpty, "undocumented: \(Set(MethodTable.names).subtracting(documented).sorted())")
        }

        @Test func examplesMatchARealRun() throws {
            let exchanges = try Self.exchanges()
            #expect(exchanges.count >= 30)
            var server = try ServerProcess()
            var matcher = ExampleMatcher()
            for exchange in exchanges {
                let request = matcher.translate(exchange.request)
                server.process.send(body: Array(request.utf8))
                guard let documented = exchange.response else { continue }
                var response: JSONValue?
                while let message = try server.nextMessage(), response == nil {
                    if message["method"] == documented["method"] && message["params"]?["version"] == documented["params"]?["version"] {
                        response = message
                        break
                    }
                }
                let actual = try #require(response, "protocol.md line \(exchange.line): no response")
                if let mismatch = matcher.mismatch(documented, actual) {
                    Issue.record("protocol.md line \(exchange.line): \(mismatch)")
                }
                // The real answer and the documented one both fit the method's generated schema.
                if let method = (try? JSONValue(parsing: request))?["method"]?.string {
                    if let result = actual["result"] { ResultSchemas.check(method, result, "protocol.md line \(exchange.line), the real answer: ") }
                    if let result = exchange.response?["result"] {
                        ResultSchemas.check(method, result, lenient: true, "protocol.md line \(exchange.line), the documented answer: ")
                    }
                }
                if (try? JSONValue(parsing: request))?["method"] == "shutdown" {
                    server.notify("exit")
                    #expect(server.process.waitForExit() == 0)
                    server = try ServerProcess()
                }
            }
            _ = try server.shutdownAndExit()
        }
    }
}
