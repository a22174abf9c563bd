import CreatureCore
import FonsterStore
import RPCTransport

/// What `lookalikesOf` found for a look many Fonsters share, kept while the library stays as it
/// was: a random seed draws a plain disc about one time in twenty, and at a million about 48,000
/// Fonsters look like it, each read from the keys (scattered over 64 MB) to be told apart. The
/// Fonsters alike one look are the same for every picture of that look (`Likeness` compares
/// looks); which of them draw the very picture asked about is told by the fingerprints kept
/// beside them. Only answers of at least `minimum` Fonsters are kept, all for one library
/// version (a change lets them all go), within `limit` bytes and what the budget grants
/// (`.kept`, on the keys' account).
final class PopularLooks: Sendable {
    /// A Fonster alike a look: its place in the library's keys and its picture's fingerprint.
    struct Member: Sendable {
        let place: Int32
        let picture: UInt64
    }

    private struct Kept {
        var version: StoreVersion?
        var members: [UInt64: [Member]] = [:]
        var bytes = 0
    }

    private let kept = Locked(Kept())
    private let account: MemoryAccount?
    /// The fewest Fonsters an answer holds to be kept (`minimum` unless a test says otherwise).
    let atLeast: Int
    /// How many answers were taken from those kept (for tests).
    let served = Locked(0)
    /// The fewest Fonsters an answer holds to be kept.
    static let minimum = 4_096
    /// The most bytes kept (about 500,000 Fonsters' places).
    static let limit = 8 << 20

    /// Answers of at least `atLeast` Fonsters kept on `account`.
    init(account: MemoryAccount?, atLeast: Int = minimum) {
        self.account = account
        self.atLeast = atLeast
    }

    /// The Fonsters alike `look` in the library at `version`, when kept.
    func members(alike look: UInt64, at version: StoreVersion) -> [Member]? {
        let found = kept.withLock { $0.version == version ? $0.members[look] : nil }
        if found != nil { served.withLock { $0 += 1 } }
        return found
    }

    /// Keeps `members` as those alike `look` in the library at `version` when there are at least
    /// `atLeast`; those kept for another version are let go first, and all when there is no room.
    func keep(_ members: [Member], alike look: UInt64, at version: StoreVersion) {
        guard members.count >= atLeast else { return }
        let bytes = members.count * MemoryLayout<Member>.stride
        kept.withLock { kept in
            if kept.version != version || kept.bytes + bytes > Self.limit { letGo(&kept) }
            kept.version = version
            guard kept.members[look] == nil, bytes <= Self.limit, account?.tryReserve(bytes, for: .kept) ?? true else { return }
            kept.members[look] = members
            kept.bytes += bytes
        }
    }

    /// How many answers are kept, and their bytes (for tests).
    var count: (answers: Int, bytes: Int) { kept.withLock { ($0.members.count, $0.bytes) } }

    private func letGo(_ kept: inout Kept) {
        account?.release(kept.bytes, for: .kept)
        kept = Kept()
    }

    /// The places of `members` whose picture is `picture` (`same`) and the others (`nearly`), in order.
    static func split(_ members: [Member], by picture: UInt64) -> (same: [Int], nearly: [Int]) {
        var same: [Int] = [], nearly: [Int] = []
        for member in members {
            if member.picture == picture { same.append(Int(member.place)) } else { nearly.append(Int(member.place)) }
        }
        return (same, nearly)
    }
}
