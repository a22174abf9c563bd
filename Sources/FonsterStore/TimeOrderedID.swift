import Foundation

/// New Fonsters' ids: RFC 9562 version 7 UUIDs (48 bits of Unix milliseconds, then 74 bits that
/// start random each millisecond), so a new row's id lands at the end of the id index instead of
/// on a random page of it (with random ids a million-seed import rewrote a scattered page per
/// seed). Still plain UUIDs to every reader; nothing orders the list by id (it is ordered by
/// position). In one process each id is greater than the one before, in a burst within one
/// millisecond or when the clock steps back; other processes' ids differ by their random bits.
enum TimeOrderedID {
    /// The last id made: its milliseconds and its 74 bits after them (12 high, 62 low).
    private struct Last {
        var milliseconds: UInt64 = 0
        var high: UInt64 = 0
        var low: UInt64 = 0
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var last = Last()  // guarded by lock

    /// A new id, greater than every id this process made before.
    static func next() -> UUID {
        let now = UInt64(max(0, (Date().timeIntervalSince1970 * 1000).rounded(.down)))
        lock.lock()
        var state = last
        if now > state.milliseconds {
            var random = SystemRandomNumberGenerator()
            state = Last(milliseconds: now, high: random.next() & 0xFFF, low: random.next() & 0x3FFF_FFFF_FFFF_FFFF)
        } else if state.low < 0x3FFF_FFFF_FFFF_FFFF {
            state.low += 1  // the same millisecond (or the clock went back): count on from the last
        } else if state.high < 0xFFF {
            (state.high, state.low) = (state.high + 1, 0)
        } else {
            (state.milliseconds, state.high, state.low) = (state.milliseconds + 1, 0, 0)
        }
        last = state
        lock.unlock()
        return make(milliseconds: state.milliseconds, high: state.high, low: state.low)
    }

    /// The version 7 UUID of `milliseconds` (48 bits), `high` (12 bits) and `low` (62 bits).
    static func make(milliseconds: UInt64, high: UInt64, low: UInt64) -> UUID {
        let first = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | (high & 0xFFF)  // version 7
        let second = 0x8000_0000_0000_0000 | (low & 0x3FFF_FFFF_FFFF_FFFF)  // RFC variant
        return withUnsafeBytes(of: (first.bigEndian, second.bigEndian)) { b in
            UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
    }
}
