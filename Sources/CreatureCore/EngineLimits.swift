import Limits

/// The bounds the engine keeps on what it is given, each written once here: the longest text a
/// seed or a name may be, and the size of share links. `TextLimit` and `ShareLink` check them;
/// the server lists them with its own (`fonsters-rpc limits`).
public enum EngineLimits {
    /// The longest seed or name, in UTF-16 units (an emoji counts as two or more).
    public static let maxTextUnits = 10_000
    /// The most seeds one share link may bring in.
    public static let maxShareSeeds = 1000
    /// Share links longer than this many characters are refused by the apps (we warn and still return them).
    public static let maxShareLinkLength = 2000
}

extension EngineLimits {
    /// Every limit of the engine.
    public static var all: [Limit] {
        let search = CreatureSearch.Request(base: "", wants: SearchWants([]), engine: .v2)
        return [
            Limit("EngineLimits.maxTextUnits", .count(maxTextUnits, unit: "UTF-16 units"), "in a seed or a name (an emoji counts as two or more)",
                  group: "engine", passed: "`1002`, checked before any drawing"),
            Limit("EngineLimits.maxShareSeeds", .count(maxShareSeeds, unit: "seeds"), "in one share link", group: "engine"),
            Limit("EngineLimits.maxShareLinkLength", .count(maxShareLinkLength, unit: "characters"),
                  "of a share link the apps accept (longer ones are warned of)", group: "engine"),
            Limit("ImageSize.scaleRange", .count(ImageSize.pixelRange.upperBound, unit: "pixels"),
                  "on the side of an image: \(ImageSize.rule) (the sprite scaled \(ImageSize.scaleRange.lowerBound) to \(ImageSize.scaleRange.upperBound) times)",
                  group: "engine", passed: "`-32602` naming the rule, before any drawing"),
            Limit("SeedVariants.maxNumber", .count(SeedVariants.maxNumber, unit: "numbers"), "tried as the end of a search's numbered variants",
                  group: "engine"),
            Limit("CreatureSearch.Request.maxCandidates", .count(search.maxCandidates, unit: "candidates"),
                  "tried by a search that says nothing of it", group: "engine"),
            Limit("CreatureSearch.Request.timeLimit", .duration(.milliseconds(Int(search.timeLimit * 1000))),
                  "spent by a search that says nothing of it", group: "engine"),
            Limit("Naming.maxFileNameBytes", .bytes(Naming.maxFileNameBytes), "of UTF-8 in a file name made from a Fonster's name", group: "engine"),
            Limit("PNGMetadataReader.maximumTextBytes", .bytes(PNGMetadataReader.maximumTextBytes), "of text read from a PNG's metadata",
                  group: "engine"),
            Limit("JPEGEncoder.maximumCommentBytes", .bytes(JPEGEncoder.maximumCommentBytes), "in a JPEG comment (the format's own bound)",
                  group: "engine"),
        ]
    }
}
