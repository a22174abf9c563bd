import CreatureCore
import Limits

/// A whole-number param's allowed range, its value when absent and its unit.
protocol BoundedRange {
    /// The values allowed.
    static var range: ClosedRange<Int> { get }
    /// The value when the param is absent.
    static var standard: Int { get }
    /// What the number counts ("results", "ms"), for the limits' registry.
    static var unit: String { get }
}

/// A whole number within `R.range`; the error names the range.
struct Bounded<R: BoundedRange>: ParamValue, Sendable {
    let value: Int
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Bounded<R> {
        guard let value = json.int, R.range.contains(value) else {
            throw ParamInvalid("must be a whole number from \(English.grouped(R.range.lowerBound)) to \(English.grouped(R.range.upperBound)); it is \(json.serializedString().prefix(40)).")
        }
        return Bounded(value: value)
    }
    static var schema: JSONValue {
        ["type": "integer", "minimum": .int(Int64(R.range.lowerBound)), "maximum": .int(Int64(R.range.upperBound))]
    }
    static var placeholder: Bounded<R> { Bounded(value: R.standard) }
}

/// A param type whose values are bounded: recorded with the param, so that every `Bounded`
/// param is in the limits' registry (`LimitPolicy`) without being listed by hand.
protocol BoundedParam: SendableMetatype {
    /// The bound of a param named `param` of `method`.
    static func limit(method: String, param: String) -> Limit
}

extension Bounded: BoundedParam {
    static func limit(method: String, param: String) -> Limit {
        // `RPC.SearchMethod.Limit` → `SearchMethod.Limit`: where the range is written.
        let name = String(reflecting: R.self).split(separator: ".").dropFirst().joined(separator: ".")
        return Limit(name, .count(R.range.upperBound, unit: R.unit),
                     "in \(method)'s `\(param)` (from \(English.grouped(R.range.lowerBound)); \(English.grouped(R.standard)) when absent)",
                     group: "params", passed: "`-32602` naming the range")
    }
}
