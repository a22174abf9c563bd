import Foundation
import CreatureCore
import FonsterDocument
import FonsterStore
import Limits

/// The one registry of every limit the server keeps: each module's own list — the transport's
/// (`ServerLimits.all`), the engine's (`EngineLimits.all`), the store's (`StoreLimits.all`), the
/// documents' (`DocumentLimits.all`, `OpenDocumentLimits.all`) — and the bounds of the methods'
/// `Bounded` params, gathered from their declarations. `fonsters-rpc limits` prints it, and
/// protocol.md's bounds tables are made from it (`ProtocolFiles`).
public enum LimitPolicy {
    /// Units of the concurrency limit a heavy request holds.
    static let heavyWeight = Limit("MethodDeclaration.heavyWeight", .count(MethodDeclaration.heavyWeight, unit: "units"),
                                   "of the concurrency limit held by a heavy request (frames, animations, imports, exports, searches)",
                                   group: "requests")

    /// Every limit, the server's configurable ones as `limits` has them, in groups (each group
    /// where it first comes, its limits in their order).
    public static func all(_ limits: ServerLimits = ServerLimits()) -> [Limit] {
        let all = ServerLimits.all(limits) + [heavyWeight] + EngineLimits.all + StoreLimits.all + DocumentLimits.all() + OpenDocumentLimits.all + params + methods
        var groups: [String] = []
        for limit in all where !groups.contains(limit.group) { groups.append(limit.group) }
        return groups.flatMap { group in all.filter { $0.group == group } }
    }

    /// The methods' own bounds that are not `Bounded` ranges.
    static let methods: [Limit] = [
        Limit("TapAnimationMethod.ViewSize.maxPoints", .count(TapAnimationMethod.ViewSize.maxPoints, unit: "points"),
              "on the side of the view `creature/tapAnimation` scales its offsets to", group: "params", passed: "`-32602`"),
    ]

    /// The bounds of every method's `Bounded` params, as their declarations record them.
    static var params: [Limit] {
        ProtocolFiles.declarations.flatMap { method in
            method.params.compactMap { param in param.bounded?.limit(method: method.name, param: param.name) }
        }
    }

    /// The limits as `fonsters-rpc limits` prints them: a heading per group, then one line each:
    /// the value, what it bounds, and where it is set.
    public static func table(_ limits: ServerLimits = ServerLimits()) -> String {
        let all = all(limits)
        let width = all.map(\.value.text.count).max() ?? 0
        var lines: [String] = []
        var group = ""
        for limit in all {
            if limit.group != group {
                if !group.isEmpty { lines.append("") }
                group = limit.group
                lines.append("\(group):")
            }
            lines.append("  " + limit.value.text.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(limit.meaning)  [\(limit.source)]")
        }
        return lines.joined(separator: "\n")
    }

    /// protocol.md's bounds table of the limits `names` (Swift names), in that order: value,
    /// what it bounds, where it is set, and what happens past it.
    static func markdown(_ names: [String]) throws(ProtocolFiles.DocumentError) -> String {
        let byName = Dictionary(all().map { ($0.name, $0) }) { a, _ in a }
        var rows = ["| limit | bounds | set by | past it |", "|---|---|---|---|"]
        for name in names {
            guard let limit = byName[name] else { throw ProtocolFiles.DocumentError(description: "protocol.md: no limit named \(name)") }
            let setBy = ["`\(limit.name)`"] + (limit.option.map { ["`\($0)`"] } ?? [])
            rows.append("| \(limit.value.text) | \(limit.meaning) | \(setBy.joined(separator: ", ")) | \(limit.passed ?? "") |")
        }
        return rows.joined(separator: "\n")
    }
}
