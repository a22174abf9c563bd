import CreatureCore

/// `render --metadata` for SVG: the seed, XML-escaped, in a `<metadata>` element right after the
/// `<title>`, so the file gives its seed back like the PNG's iTXt chunk does:
/// `<metadata><fonsters:seed xmlns:fonsters="urn:fonsters">hello</fonsters:seed></metadata>`.
enum SVGSeedMetadata {
    /// The namespace of the `seed` element.
    static let namespace = "urn:fonsters"

    /// `svg` with the seed's `<metadata>` inserted after `</title>` (or after the opening tag).
    /// Throws a usage error for a seed holding a character XML 1.0 cannot carry (most control
    /// characters, U+FFFE, U+FFFF): the PNG format keeps any seed.
    static func insert(seed: String, into svg: String) throws -> String {
        if let bad = seed.unicodeScalars.first(where: { !allowed($0) }) {
            let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
            throw CLIError("The seed holds the character \(code), which an SVG file cannot carry; use --format png to keep this seed with --metadata.")
        }
        let element = #"<metadata><fonsters:seed xmlns:fonsters="\#(namespace)">"# + SVGEncoder.escapeXML(seed) + "</fonsters:seed></metadata>"
        guard let anchor = svg.range(of: "</title>") ?? svg.range(of: ">") else { return svg + element }
        var result = svg
        result.insert(contentsOf: element, at: anchor.upperBound)
        return result
    }

    /// Whether XML 1.0 allows `scalar` in text.
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
