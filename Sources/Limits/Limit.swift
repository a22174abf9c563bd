/// One bound the server keeps, declared where it is written: its Swift name, its value with its
/// unit, what it bounds, its group, where it is declared, its option if it has one, and what
/// happens past it. Each module lists its own (`ServerLimits.all`, `EngineLimits.all`, …);
/// `LimitPolicy` joins them for `fonsters-rpc limits` and protocol.md's bounds tables.
public struct Limit: Sendable, Hashable {
    /// A limit's value with its unit.
    public enum Value: Sendable, Hashable {
        /// A number of bytes.
        case bytes(Int)
        /// A count of `unit` (e.g. "requests").
        case count(Int, unit: String)
        /// A time.
        case duration(Duration)

        /// The value as printed: bytes in KiB or MiB when whole ("64 MiB (67,108,864 bytes)"),
        /// counts grouped ("1,024 requests"), times in seconds or milliseconds.
        public var text: String {
            switch self {
            case .bytes(let n):
                let plain = "\(Limit.grouped(n)) bytes"
                if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(Limit.grouped(n >> 20)) MiB (\(plain))" }
                if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(Limit.grouped(n >> 10)) KiB (\(plain))" }
                return plain
            case .count(let n, let unit):
                return "\(Limit.grouped(n)) \(unit)"
            case .duration(let duration):
                let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
                return ms % 1000 == 0 ? "\(Limit.grouped(Int(ms / 1000))) s" : "\(Limit.grouped(Int(ms))) ms"
            }
        }
    }

    /// The Swift name it is written as (`ServerLimits.maxBatchEntries`), or a param's range type.
    public let name: String
    /// Its value and unit.
    public let value: Value
    /// What it bounds, in a few words that follow the value ("1,000 entries" "in one batch").
    public let meaning: String
    /// The part of the server it belongs to ("requests", "back-pressure", "web", …).
    public let group: String
    /// The command-line option (or setting) that changes it, if any.
    public let option: String?
    /// What happens past it, for protocol.md's bounds tables (nil: not told there).
    public let passed: String?
    /// The file that declares it (`#fileID`).
    public let file: String

    /// A limit named `name` (its Swift name), of `value`, bounding what `meaning` says.
    public init(_ name: String, _ value: Value, _ meaning: String, group: String, option: String? = nil, passed: String? = nil,
                file: String = #fileID) {
        (self.name, self.value, self.meaning, self.group, self.option, self.passed, self.file) = (name, value, meaning, group, option, passed, file)
    }

    /// Where it is set: its Swift name, and its option when it has one.
    public var source: String { option.map { "\(name), \($0)" } ?? name }

    /// `n` with a comma every three digits ("1,024").
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
