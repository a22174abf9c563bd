import Foundation
import Testing
import TestSupport
import CreatureCore
import FonsterDocument
import FonsterStore
@testable import RPC
@testable import RPCTransport

/// Every limit is written once and listed in one place (`LimitPolicy`), and `fonsters-rpc
/// limits` prints exactly that list: the values the code runs with, not a copy of them.
@Suite(.offTheCooperativeThreads) struct LimitPolicyTests {
    @Test func limitsPrintsThePolicy() throws {
        let result = try BuiltExecutable.run(["limits"])
        #expect(result.status == 0, "\(result.stderrText)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text == LimitPolicy.table() + "\n")
        let lines = text.split(separator: "\n").map(String.init)
        for entry in LimitPolicy.entries() {
            let line = lines.first { $0.hasSuffix("  \(entry.meaning)  [\(entry.source)]") }
            #expect(line?.hasPrefix("  \(entry.value.text) ") == true, "\(entry.source): \(line ?? "missing")")
        }
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

    /// The code runs with the policy's values: each place that applies a limit reads it from there.
    @Test func theCodeUsesThePolicysValues() {
        let values = Dictionary(uniqueKeysWithValues: LimitPolicy.entries().map { ($0.source.split(separator: ",")[0], $0.value) })
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
    }

    @Test func valuesPrintWithTheirUnits() {
        #expect(LimitPolicy.Value.bytes(64 << 20).text == "64 MiB (67,108,864 bytes)")
        #expect(LimitPolicy.Value.bytes(16 << 10).text == "16 KiB (16,384 bytes)")
        #expect(LimitPolicy.Value.bytes(1000).text == "1,000 bytes")
        #expect(LimitPolicy.Value.count(1024, unit: "requests").text == "1,024 requests")
        #expect(LimitPolicy.Value.duration(.seconds(30)).text == "30 s")
        #expect(LimitPolicy.Value.duration(.milliseconds(250)).text == "250 ms")
    }
}
