import CreatureCore
import FonsterStore
import RPCTransport

/// The kept keys' `BandIndex` while the library stays as it was: `lookalikesOf` then reads the
/// bands of the keys drawing about as many cells as its seed, not all of them (at a million, half
/// a millisecond a keystroke). Built the second time it is asked at one library version (a name
/// typed against a library that does not change), never at the first (an edit saved each
/// keystroke would sort the bands each time); for `atLeast` keys or more; charged to `account`
/// (`.kept`) while the budget grants it, let go once the kept keys are of another version.
final class KeptBandIndex: Sendable {
    private struct Kept {
        var version: StoreVersion?
        var index: BandIndex?
        var asked = 0
    }

    private let kept = Locked(Kept())
    private let account: MemoryAccount?
    /// The fewest keys worth an index (`minimum` unless a test says otherwise).
    let atLeast: Int
    /// How many indexes were built (for tests).
    let built = Locked(0)
    /// The fewest keys worth an index: below it reading every band costs a few microseconds.
    static let minimum = 1 << 16

    /// Indexes of at least `atLeast` keys, charged to `account`.
    init(account: MemoryAccount?, atLeast: Int = minimum) {
        self.account = account
        self.atLeast = atLeast
    }

    /// The index of `keys`, the library at `version`: the one kept, or one built now when this is
    /// the second call at `version`; nil otherwise (the bands are then all read).
    func index(of keys: LibraryPictures.Keys, at version: StoreVersion) -> BandIndex? {
        guard keys.count >= atLeast else { return nil }
        let (index, build) = kept.withLock { kept -> (BandIndex?, Bool) in
            if kept.version != version {
                account?.release(kept.index?.bytes ?? 0, for: .kept)
                kept = Kept(version: version)
            }
            if let index = kept.index { return (index, false) }
            kept.asked += 1
            return (nil, kept.asked == 2)
        }
        if let index, index.count == keys.count { return index }
        guard build else { return nil }
        let made = BandIndex(keys.bands)
        guard account?.tryReserve(made.bytes, for: .kept) ?? true else { return nil }
        built.withLock { $0 += 1 }
        kept.withLock { kept in
            if kept.version == version && kept.index == nil { kept.index = made } else { account?.release(made.bytes, for: .kept) }
        }
        return made
    }

    /// Lets the index go unless it is of `version`: the kept keys moved on (an edit, a read).
    func letGo(unlessAt version: StoreVersion) {
        kept.withLock { kept in
            guard kept.version != version else { return }
            account?.release(kept.index?.bytes ?? 0, for: .kept)
            kept = Kept()
        }
    }

    /// The bytes of the index kept (for tests).
    var bytes: Int { kept.withLock { $0.index?.bytes ?? 0 } }
}
