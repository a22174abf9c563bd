import Foundation

/// Text written into a PNG as UTF-8 `iTXt` chunks so the seed travels with the picture.
public struct PNGMetadata: Equatable, Sendable {
    /// The seed the creature was drawn from, stored exactly (any Unicode, NUL and newlines included).
    public var seed: String
    /// When the creature was made; adds "\nCreated: <ISO 8601>" to the description when set.
    public var created: Date?

    /// Metadata for `seed`, optionally with a creation date.
    public init(seed: String, created: Date? = nil) {
        self.seed = seed
        self.created = created
    }

    /// The keyword of the chunk holding the seed (and the creation line).
    public static let descriptionKeyword = "Description"
    /// The keyword of the chunk naming the program.
    public static let softwareKeyword = "Software"
    /// The value of the `Software` chunk.
    public static let software = "fonsters"
    /// The keyword of the chunk holding the bare ISO 8601 date, which tells a reader the
    /// description's last line was added by the encoder (so a seed ending in "Created: …" survives).
    public static let creationTimeKeyword = "Creation Time"
    /// What comes before the date on the description's last line.
    static let createdPrefix = "\nCreated: "

    /// The creation date as ISO 8601 in UTC, e.g. `2026-11-21T09:30:00Z`.
    var createdString: String? {
        created.map { $0.formatted(Date.ISO8601FormatStyle()) }
    }

    /// The `(keyword, text)` pairs the encoder writes, in order.
    var textEntries: [(keyword: String, text: String)] {
        var entries: [(String, String)] = []
        if let date = createdString {
            entries.append((PNGMetadata.descriptionKeyword, seed + PNGMetadata.createdPrefix + date))
            entries.append((PNGMetadata.creationTimeKeyword, date))
        } else {
            entries.append((PNGMetadata.descriptionKeyword, seed))
        }
        entries.append((PNGMetadata.softwareKeyword, PNGMetadata.software))
        return entries
    }
}
