import Foundation
import CreatureCore
import FonsterStore

/// The protocol's Fonster object.
extension Fonster: ResultObject {
    static let component: String? = "Fonster"
    static let members: [Member<Fonster>] = [
        Member("id") { $0.id },
        Member("name") { $0.name },
        Member("displayName") { $0.displayName },
        Member("seed") { $0.seed },
        Member("randomSource") { $0.randomSource },
        Member("createdAt", schema: timestamp) { $0.createdAtISO8601 },
        Member("canUndo") { $0.canUndo },
        Member("canRedo") { $0.canRedo },
        Member("birthday") { $0.isBirthday(now: Date()) },
        Member("engine", schema: EngineVersion.schema) { $0.engine },
        Member("position", schema: Schema.integer(minimum: 0)) { $0.position },
    ]
}

extension Fonster {
    /// The schema of an instant as the library writes it: ISO 8601 to the millisecond, with its zone.
    static let timestamp = Schema.string(pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$"#)
}

/// A deleted Fonster as `fonsters/trash` lists it: as it was (its `position` the place it had),
/// and when it was deleted.
extension TrashedFonster: ResultObject {
    static let members: [Member<TrashedFonster>] = Fonster.members.lifted { $0.fonster } + [
        Member("deletedAt", schema: Fonster.timestamp) { $0.deletedAtISO8601 },
    ]
}

/// The other Fonsters of the library that draw the same picture as one (`sameAs`) or nearly
/// (`nearlyAs`): at most `LibraryPictures.listed` ids of each, with how many there are.
struct LookalikeList: Sendable {
    let sameAs: [UUID], sameCount: Int, nearlyAs: [UUID], nearlyCount: Int

    /// The first `LibraryPictures.listed` of each kind, and the counts.
    init(sameAs: some Sequence<UUID>, sameCount: Int, nearlyAs: some Sequence<UUID>, nearlyCount: Int) {
        self.sameAs = Array(sameAs.prefix(LibraryPictures.listed))
        self.nearlyAs = Array(nearlyAs.prefix(LibraryPictures.listed))
        (self.sameCount, self.nearlyCount) = (sameCount, nearlyCount)
    }

    /// The ids as listed (`LibraryPictures.Listed`).
    init(_ found: LibraryPictures.Listed<UUID>) {
        self.init(sameAs: found.sameAs, sameCount: found.sameCount, nearlyAs: found.nearlyAs, nearlyCount: found.nearlyCount)
    }

    static let members: [Member<LookalikeList>] = [
        Member("sameAs", schema: Schema.array(Schema.ref("UUID"), maximum: LibraryPictures.listed)) { $0.sameAs },
        Member("sameCount", schema: Schema.integer(minimum: 0)) { $0.sameCount },
        Member("nearlyAs", schema: Schema.array(Schema.ref("UUID"), maximum: LibraryPictures.listed)) { $0.nearlyAs },
        Member("nearlyCount", schema: Schema.integer(minimum: 0)) { $0.nearlyCount },
    ]
}

/// A Fonster just made or changed, with its look-alikes in the library.
struct EditedFonster: ResultObject {
    let fonster: Fonster
    let lookalikes: LookalikeList
    static let component: String? = "EditedFonster"
    static let summary: String? = """
        A Fonster with the other Fonsters of the library that draw the same picture (sameAs) or one that looks \
        alike (nearlyAs: the same silhouette, or nearly, whatever the colours; the rule of the language server's \
        look-alikes): at most \(LibraryPictures.listed) ids of each, \
        in library order; sameCount and nearlyCount say how many there are.
        """
    static let members: [Member<EditedFonster>] = Fonster.members.lifted { $0.fonster } + LookalikeList.members.lifted { $0.lookalikes }
}

/// A Fonster as `fonsters/list` gives it: with its thumbnail and the thumbnail's etag when asked.
struct ListedFonster: ResultObject {
    let fonster: Fonster
    let thumbnail: RenderedImage?
    static let component: String? = "ListedFonster"
    static let members: [Member<ListedFonster>] = Fonster.members.lifted { $0.fonster } + [
        .optional("thumbnail") { $0.thumbnail.map(ImageURI.init) },
        .optional("etag") { $0.thumbnail?.etag },
    ]
}

/// A Fonster after random text was put in its seed, and whether the text came from the local
/// generators because the endpoint failed.
struct RandomEdit: ResultObject {
    let fonster: Fonster
    let usedFallback: Bool
    static let component: String? = "RandomEdit"
    static let members: [Member<RandomEdit>] = Fonster.members.lifted { $0.fonster } + [Member("usedFallback") { $0.usedFallback }]
}

/// The answer of `share/import` and `library/import`: the new Fonsters, how many of the
/// chosen ones were skipped as already in the library, and (a cancelled `library/import` that
/// had finished steps) how many were left unread.
struct ImportedFonsters: ResultObject {
    let created: [EditedFonster]
    let skipped: Int
    var unfinished: Int = 0
    static let component: String? = "ImportResult"
    static let members: [Member<ImportedFonsters>] = [
        Member("created") { $0.created },
        Member("skipped", schema: Schema.integer(minimum: 0)) { $0.skipped },
        .optional("unfinished", schema: Schema.integer(minimum: 1),
                  note: "Only when the import was cancelled after some steps: the entries not imported (the steps done stay).") {
            $0.unfinished > 0 ? $0.unfinished : nil
        },
    ]
}
