import Foundation
import CreatureCore
import FonsterStore
import RPCTransport

extension LibraryPictures {
    /// The library's Fonsters (but one) as a test of "does this picture look like one of them?",
    /// for `fonsters/distinctVariants`: their keys searched as `lookalikesOf` searches them
    /// (through the kept band index when there is one), stopping at the first found, so a
    /// library of any size is compared and nothing is drawn again but the looks to compare.
    struct LookalikeTest: Sendable {
        let keys: Keys
        let index: BandIndex?
        /// The place of the Fonster whose picture does not count, when the library holds it.
        let skipped: Int?

        /// Whether one of the library's Fonsters but the skipped one draws `picture` or one alike.
        func matches(_ picture: Picture) -> Bool {
            Lookalikes.containsMatch(of: picture, in: keys.keys, bands: keys.bands, index: index, skip: { $0 == skipped }) { keys.look($0) }
        }
    }

    /// On `request`'s compute pool: the test of `library` (its keys drawn where missing, and
    /// kept, as for look-alikes) with the Fonster `except` left out.
    func lookalikeTest(_ library: Library, except: UUID?, request: RequestContext) throws(ResponseError) -> LookalikeTest {
        let keys = try self.keys(library, request)
        let skipped = except.flatMap { id in keys.seeds.firstIndex { $0.id == id } }
        return LookalikeTest(keys: keys, index: bandIndex.index(of: keys, at: library.version), skipped: skipped)
    }
}
