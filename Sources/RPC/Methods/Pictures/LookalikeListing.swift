import Foundation
import CreatureCore

extension LibraryPictures {
    /// What an answer lists of an item's look-alikes: the first `listed` of each kind, and how
    /// many there are.
    typealias Listed<ID> = (sameAs: [ID], sameCount: Int, nearlyAs: [ID], nearlyCount: Int)

    /// For each of `targets`, from `groups`: the other members of its exact group, and the rest of
    /// its near group (a near group holds whole exact groups), counting only those `listable`
    /// lets through, in group order. Linear however many look alike: each near group's list is
    /// found once per exact group in it (an item alone with its picture stops after `listed`).
    static func listed<ID: Hashable>(for targets: [ID], in groups: Lookalikes.Groups<ID>,
                                     listing listable: (ID) -> Bool) -> [Listed<ID>] {
        var exactOf: [ID: Int] = [:], nearOf: [ID: Int] = [:]
        for (g, group) in groups.exact.enumerated() { for member in group { exactOf[member] = g } }
        for (g, group) in groups.near.enumerated() { for member in group { nearOf[member] = g } }
        let exact = groups.exact.map { $0.filter(listable) }, near = groups.near.map { $0.filter(listable) }
        var nearlyByExact: [Int: [ID]] = [:]
        return targets.map { target in
            let own = exactOf[target], counted = listable(target) ? 1 : 0
            let same = own.map { exact[$0] } ?? []
            var found: Listed<ID> = (Array(same.lazy.filter { $0 != target }.prefix(listed)), own == nil ? 0 : same.count - counted, [], 0)
            guard let g = nearOf[target] else { return found }
            let members = near[g]
            if let own, let known = nearlyByExact[own] {
                found.nearlyAs = known
            } else {
                for member in members where member != target && (own == nil || exactOf[member] != own) {
                    found.nearlyAs.append(member)
                    if found.nearlyAs.count == listed { break }
                }
                if let own { nearlyByExact[own] = found.nearlyAs }
            }
            found.nearlyCount = members.count - (own == nil ? counted : same.count)
            return found
        }
    }
}
