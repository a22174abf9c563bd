import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterDocument
import FonsterStore
import Limits
@testable import RPC
@testable import RPCTransport

/// Every limit is declared once as a `Limit` where it is written, and joined in one registry
/// (`LimitPolicy`); `fonsters-rpc limits` prints exactly that registry: the values the code runs
/// with, not a copy of them. A limit-shaped constant that is not registered fails here.
@Suite(.offTheCooperativeThreads) struct LimitPolicyTests {
    @Test func limitsPrintsThePolicy() throws {
        let result = try BuiltExecutable.run(["limits"])
        #expect(result.status == 0, "\(result.stderrText)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text == LimitPolicy.table() + "\n")
        let lines = text.split(separator: "\n").map(String.init)
        for limit in LimitPolicy.all() {
            let line = lines.first { $0.hasSuffix("  \(limit.meaning)  [\(limit.source)]") }
            #expect(line?.hasPrefix("  \(limit.value.text) ") == true, "\(limit.source): \(line ?? "missing")")
        }
        // Each group is one heading, the params' bounds among them.
        let headings = lines.filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") }
        #expect(Set(headings).count == headings.count, "\(headings)")
        #expect(headings.contains("params:"))
        #expect(lines.contains { $0.hasPrefix("  200 results ") && $0.hasSuffix("[SearchMethod.Limit]") })
    }

    @Test func limitsPrintsTheBoundsTheOptionsSet() throws {
        let result = try BuiltExecutable.run(["limits", "--max-batch", "7", "--memory-budget", "3145728"])
        #expect(result.status == 0, "\(result.stderrText)")
        var limits = ServerLimits()
        limits.maxBatchEntries = 7
        limits.memoryBudget = 3 << 20
        #expect(String(decoding: result.stdout, as: UTF8.self) == LimitPolicy.table(limits) + "\n")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  7 entries ") && $0.hasSuffix("[ServerLimits.maxBatchEntries, --max-batch]") })
        #expect(lines.contains { $0.hasPrefix("  3 MiB (3,145,728 bytes) ") && $0.hasSuffix("[ServerLimits.memoryBudget, --memory-budget]") })
    }

    @Test func helpPointsToTheLimits() throws {
        let result = try BuiltExecutable.run(["--help"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("fonsters-rpc limits [SERVER OPTIONS]"))
    }

    /// The code runs with the registry's values: each place that applies a limit reads it from there.
    @Test func theCodeUsesThePolicysValues() {
        let values = Dictionary(uniqueKeysWithValues: LimitPolicy.all().map { ($0.name, $0.value) })
        #expect(values["ServerLimits.maxMessageBytes"] == .bytes(FrameLimits().maxMessage))
        #expect(values["ServerLimits.maxHeaderLineBytes"] == .bytes(FrameLimits().maxHeaderLine))
        #expect(values["ServerLimits.maxHTTPHeadBytes"] == .bytes(HTTPLimits().maxHeadBytes))
        #expect(values["ServerLimits.maxHTTPHeaders"] == .count(HTTPLimits().maxHeaders, unit: "fields"))
        #expect(values["ServerLimits.inlineWorkBytes"] == .bytes(RequestContext.inlineBytes))
        #expect(values["ServerLimits.defaultRequestBytes"] == .bytes(Scheduling.defaultBytes))
        #expect(values["ServerLimits.joinedWriteBytes"] == .bytes(FileDescriptorOutput.joinLimit))
        #expect(values["ServerLimits.maxPongQueueBytes"] == .bytes(WebSocketConnection.pongQueueLimit))
        #expect(values["ServerLimits.readChunkBytes"] == .bytes(FileDescriptorInput.chunkSize))
        #expect(values["EngineLimits.maxTextUnits"] == .count(TextLimit.maxLength, unit: "UTF-16 units"))
        #expect(values["EngineLimits.maxShareSeeds"] == .count(ShareLink.maxSeeds, unit: "seeds"))
        #expect(values["DocumentLimits.maxLines"] == .count(DocumentLimits().maxLines, unit: "lines"))
        #expect(values["ServerLimits.maxBatchEntries"] == .count(ServerLimits().maxBatchEntries, unit: "entries"))
        #expect(values["LanguageSettings.defaultMaxProblems"] == .count(LanguageSettings().maxProblems, unit: "problems"))
        #expect(values["DocumentAnalysis.maxRelated"] == .count(DocumentDiagnostics.maxRelated, unit: "lines"))
    }

    /// A bounded param's limit is its declared range: what `openrpc.json` says and what a
    /// request past it gets.
    @Test func theParamsBoundsAreTheirDeclaredRanges() throws {
        let params = LimitPolicy.params
        #expect(Set(params.map(\.name)).isSuperset(of: ["SearchMethod.Limit", "SearchMethod.MaxCandidates", "DistinctVariantsMethod.Count"]))
        for method in ProtocolFiles.declarations {
            for param in method.params {
                guard let maximum = param.schema["maximum"]?.int, param.schema["type"]?.string == "integer" else { continue }
                let limit = try #require(params.first { $0.meaning.hasPrefix("in \(method.name)'s `\(param.name)` ") }, "\(method.name) \(param.name)")
                guard case .count(let value, _) = limit.value else { Issue.record("\(limit.name) is not a count"); continue }
                #expect(value == maximum, "\(limit.name)")
                var params = method.heaviest.object ?? JSONObject()
                params[param.name] = .int(Int64(maximum) + 1)
                let refused = method.refusal(of: .object(params))
                #expect(refused?.code == .invalidParams && refused?.message.contains(English.grouped(maximum)) == true, "\(limit.name): \(String(describing: refused))")
            }
        }
    }

    @Test func valuesPrintWithTheirUnits() {
        #expect(Limit.Value.bytes(64 << 20).text == "64 MiB (67,108,864 bytes)")
        #expect(Limit.Value.bytes(16 << 10).text == "16 KiB (16,384 bytes)")
        #expect(Limit.Value.bytes(1000).text == "1,000 bytes")
        #expect(Limit.Value.count(1024, unit: "requests").text == "1,024 requests")
        #expect(Limit.Value.duration(.seconds(30)).text == "30 s")
        #expect(Limit.Value.duration(.milliseconds(250)).text == "250 ms")
    }

    /// Each limit is in the registry once, and is declared where its name says: its type and its
    /// member (or range type) are written in one file under Sources/.
    @Test func everyLimitIsRegisteredOnceWhereItIsWritten() throws {
        let all = LimitPolicy.all()
        let names = all.map(\.name)
        #expect(Set(names).count == names.count, "twice: \(Dictionary(grouping: names) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        let declared = try LimitScan.declarations()
        for limit in all where !declared.contains(LimitScan.key(limit.name)) {
            Issue.record("\(limit.name) (\(limit.file)) is declared nowhere under Sources/")
        }
        #expect(declared.count > 1000, "only \(declared.count) declarations found under Sources/")
    }

    /// Every limit-shaped constant under Sources/ — a `let`/`var` named max…, maximum… or …Limit
    /// whose value is written there, or a `BoundedRange` — is in the registry, but for the few
    /// that bound no input (named here with why).
    @Test func noLimitEscapesTheRegistry() throws {
        let registered = Set(LimitPolicy.all().map { LimitScan.key($0.name) })
        let found = try LimitScan.limitShaped()
        #expect(found.count > 40, "only \(found.count) limit-shaped declarations found")
        #expect(found.contains { $0.key == "ServerLimits.maxBatchEntries" } && found.contains { $0.key == "SearchMethod.Limit" })
        for (key, place) in found where !registered.contains(key) && LimitScan.notLimits[key] == nil {
            Issue.record("\(place): \(key) looks like a limit but is not a registered `Limit`: add it to its module's list (e.g. `ServerLimits.all`)")
        }
        for key in LimitScan.notLimits.keys where !found.contains(where: { $0.key == key }) {
            Issue.record("\(key) is excused as not a limit but is no longer found: drop it from `LimitScan.notLimits`")
        }
    }
}

/// The source scan behind `noLimitEscapesTheRegistry`: declarations under Sources/ keyed
/// `Type.member`, with the innermost type they are written in.
enum LimitScan {
    /// Limit-shaped names that bound nothing a client or a file sends, and why.
    static let notLimits: [String: String] = [
        "ISO8601Timestamp.maxFractionDigits": "a fact of the timestamp format",
        "ISO8601Timestamp.maxOffsetSeconds": "a fact of the timestamp format (±14 h)",
        "AnimateMethod.maxBytes": "a local share of the request's own response limit",
    ]

    /// A registry name's last two parts: `CreatureSearch.Request.timeLimit` → `Request.timeLimit`.
    static func key(_ name: String) -> String { name.split(separator: ".").suffix(2).joined(separator: ".") }

    /// Each Swift file under Sources/ (generated ones aside) and its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, [Substring])] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.hasPrefix("// Generated by") { continue }
            files.append((String(url.path.dropFirst(sources.path.count + 1)), text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files
    }

    /// Each declaration (`let`, `var`, `case`, a type) of every file, as `Type.member` keys.
    static func declarations() throws -> Set<String> {
        var keys: Set<String> = []
        try walk { type, member, _, _, _ in keys.insert("\(type).\(member)") }
        return keys
    }

    /// The limit-shaped declarations, with their file and line.
    static func limitShaped() throws -> [(key: String, place: String)] {
        let name = /^(max[A-Z]\w*|maximum\w*|\w+Limit|[a-z]+Range)$/
        var found: [(String, String)] = []
        try walk { type, member, initializer, conformances, place in
            let bounded = conformances.contains("BoundedRange")
            let written = initializer?.contains(where: \.isNumber) == true
            if bounded || (written && member.wholeMatch(of: name) != nil) { found.append(("\(type).\(member)", place)) }
        }
        return found
    }

    /// Calls `body` with each declaration's innermost enclosing type, its name, its initializer
    /// (nil: none), the conformances of a type, and its place.
    static func walk(_ body: (String, String, Substring?, String, String) -> Void) throws {
        let type = /^(\s*)(?:(?:public|private|fileprivate|internal|final|indirect)\s+)*(struct|enum|class|actor|extension|protocol)\s+([A-Za-z_][\w.]*)(.*)$/
        let member = /^\s*(?:(?:public|private|fileprivate|internal|static|nonisolated|lazy|final|override)(?:\(set\))?\s+)*(?:let|var)\s+(\w+)\s*(?::[^=]*)?(=.*)?$/
        for (path, lines) in try files() {
            var stack: [(indent: Int, name: String)] = []
            for (number, line) in lines.enumerated() {
                let indent = line.prefix { $0 == " " }.count
                if line.contains(where: { !$0.isWhitespace }) { stack.removeAll { $0.indent >= indent } }
                let place = "\(path):\(number + 1)"
                if let m = line.wholeMatch(of: type) {
                    let name = String(m.output.3.split(separator: ".").last ?? "")
                    if let outer = stack.last { body(outer.name, name, nil, String(m.output.4), place) }
                    stack.append((indent, name))
                } else if let m = line.wholeMatch(of: member), let outer = stack.last {
                    body(outer.name, String(m.output.1), m.output.2, "", place)
                }
            }
        }
    }
}
