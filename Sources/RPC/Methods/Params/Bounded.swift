import CreatureCore

/// A whole-number param's allowed range and its value when absent.
protocol BoundedRange {
    /// The values allowed.
    static var range: ClosedRange<Int> { get }
    /// The value when the param is absent.
    static var standard: Int { get }
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
