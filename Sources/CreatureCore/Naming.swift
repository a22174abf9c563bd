/// Names derived from a Fonster (docs/engine.md §9): the display name and the export file name.
public enum Naming {
    /// The name if it has non-whitespace; else the trimmed seed (first 27 characters + "..."
    /// when longer than 30); else "Untitled".
    public static func displayName(name: String, seed: String) -> String {
        if !Seeds.trim(name).isEmpty { return name }
        let trimmed = Seeds.trim(seed)
        if trimmed.isEmpty { return "Untitled" }
        return trimmed.count > 30 ? String(trimmed.prefix(27)) + "..." : trimmed
    }

    /// The longest file name, in UTF-8 bytes, that Linux, macOS and Windows all accept.
    public static let maxFileNameBytes = 255

    /// The base name used when nothing usable is left (the apps' default).
    public static let fallbackBaseName = "creature-avatar"

    /// The base of an export file name (no extension), as the apps make it (§9) but safe on every
    /// system: from the trimmed name if non-empty, else the seed; runs of whitespace, control
    /// characters (C0, DEL, C1, line and paragraph separators) or `\ / : * ? " < > |` become `_`,
    /// bidi controls are dropped, `_` runs are squeezed, `_` and `.` are stripped at both ends, 80
    /// characters are kept; "creature-avatar" when nothing is left.
    public static func exportBaseName(name: String, seed: String) -> String {
        asciiBaseName(name: name, seed: seed) ?? scalarBaseName(name: name, seed: seed)
    }

    /// `exportBaseName` scalar by scalar, for any text.
    static func scalarBaseName(name: String, seed: String) -> String {
        let trimmedName = Seeds.trim(name)
        let source = trimmedName.isEmpty ? Seeds.trim(seed) : trimmedName
        let isEnd = { (s: Unicode.Scalar) in s == "_" || s == "." }
        // A long seed is read a piece at a time: once more than 80 characters are left after the
        // leading `_` and `.`, the rest of the seed can only change what follows them.
        var length = 256
        while true {
            let piece = source.unicodeScalars.prefix(length)
            let cleaned = trimmed(mapped(piece), leading: isEnd, trailing: { _ in false })
            if piece.endIndex == source.unicodeScalars.endIndex || cleaned.count > 80 {
                let base = trimmed(String(cleaned.prefix(80)), leading: isEnd, trailing: isEnd)
                return base.isEmpty ? fallbackBaseName : base
            }
            length *= 4
        }
    }

    /// `exportBaseName` in one pass over the bytes when the text it is made from is ASCII (where
    /// each character is one byte and no bidi control can hide); nil when it is not.
    static func asciiBaseName(name: String, seed: String) -> String? {
        func trimmedASCII(_ text: String) -> (bytes: [UInt8], range: Range<Int>)? {
            let bytes = Array(text.utf8)
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let isSpace = { (b: UInt8) in b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
            let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
            let end = (bytes.lastIndex { !isSpace($0) } ?? -1) + 1
            return (bytes, start..<max(start, end))
        }
        guard var source = trimmedASCII(name) else { return nil }
        if source.range.isEmpty {
            guard let fromSeed = trimmedASCII(seed) else { return nil }
            source = fromSeed
        }
        let underscore = UInt8(ascii: "_"), dot = UInt8(ascii: ".")
        var out: [UInt8] = []
        out.reserveCapacity(min(80, source.range.count))
        for byte in source.bytes[source.range] where out.count < 80 {
            let mapped = byte == underscore || isSeparator(Unicode.Scalar(byte)) ? underscore : byte
            if out.isEmpty && (mapped == underscore || mapped == dot) { continue }
            if mapped == underscore && out.last == underscore { continue }
            out.append(mapped)
        }
        while let last = out.last, last == underscore || last == dot { out.removeLast() }
        return out.isEmpty ? fallbackBaseName : String(decoding: out, as: UTF8.self)
    }

    /// Separators and controls as one `_` per run (existing `_` runs squeezed too), bidi
    /// controls dropped.
    private static func mapped(_ s: Substring.UnicodeScalarView) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.count * 2)
        for scalar in s {
            if isBidiControl(scalar) { continue }
            if scalar == "_" || isSeparator(scalar) {
                if out.last != UInt8(ascii: "_") { out.append(UInt8(ascii: "_")) }
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The export file name with the format's extension, e.g. `Bob.png`: the base name, with `_`
    /// after a Windows device name (`CON_.png`), cut on a character boundary to fit 255 UTF-8
    /// bytes with the extension.
    public static func exportFileName(name: String, seed: String, fileExtension: String) -> String {
        // An ASCII base is safe already (no separator, no dot or space at its ends, at most 80
        // bytes, so 80 + 1 + 63 fit in 255): only a device name or an extension of more than
        // letters and digits asks for more.
        if let base = asciiBaseName(name: name, seed: seed), !isDeviceName(base),
           !fileExtension.isEmpty, fileExtension.utf8.count < 64,
           fileExtension.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return base + "." + fileExtension
        }
        return safeFileName(base: exportBaseName(name: name, seed: seed), fileExtension: fileExtension)
    }

    /// `base.ext` made safe on Linux, macOS and Windows: separators and controls become `_`, bidi
    /// controls are dropped, no leading dot, no trailing dot or space, `_` after a Windows device
    /// name (CON, NUL, COM1…, any case, any extension), at most 255 UTF-8 bytes (the base is cut on
    /// a character boundary), never empty ("creature-avatar").
    public static func safeFileName(base: String, fileExtension: String) -> String {
        let ext = clean(fileExtension, dots: false)
        var stem = trimmed(clean(base, dots: true), leading: { $0 == "." }, trailing: { $0 == "." || $0 == " " })
        if stem.isEmpty { stem = fallbackBaseName }
        if isDeviceName(stem) {
            let dot = stem.unicodeScalars.firstIndex(of: ".") ?? stem.unicodeScalars.endIndex
            stem.unicodeScalars.insert("_", at: dot)
        }
        let budget = maxFileNameBytes - (ext.isEmpty ? 0 : ext.utf8.count + 1)
        if stem.utf8.count > budget {
            var bytes = 0
            let fitting = stem.prefix { character in
                bytes += character.utf8.count
                return bytes <= budget
            }
            stem = trimmed(String(fitting), leading: { _ in false }, trailing: { $0 == "." || $0 == " " })
            if stem.isEmpty { stem = fallbackBaseName }
        }
        return ext.isEmpty ? stem : stem + "." + ext
    }

    /// `s` with separators and controls as `_` and bidi controls dropped (dots too unless
    /// `dots`); `s` itself when it needs nothing.
    private static func clean(_ s: String, dots: Bool) -> String {
        let unsafe = { (c: Unicode.Scalar) in isSeparator(c) || isBidiControl(c) || (!dots && c == ".") }
        guard s.unicodeScalars.contains(where: unsafe) else { return s }
        var out: [UInt8] = []
        for scalar in s.unicodeScalars where !isBidiControl(scalar) && (dots || scalar != ".") {
            if isSeparator(scalar) { out.append(UInt8(ascii: "_")) } else { UTF8.encode(scalar) { out.append($0) } }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Characters no file name may hold: engine whitespace, C0 and C1 controls, DEL, line and
    /// paragraph separators, U+200B, and `\ / : * ? " < > |`.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F {
            switch scalar {
            case " ", "\\", "/", ":", "*", "?", "\"", "<", ">", "|": return true
            default: return false
            }
        }
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200B: return true
        default: break
        }
        switch scalar {
        case "\\", "/", ":", "*", "?", "\"", "<", ">", "|": return true
        default: return Seeds.isWhitespace(scalar)
        }
    }

    /// The bidi controls that can make a name display differently from its bytes: LRE, RLE, PDF,
    /// LRO, RLO (U+202A–U+202E), LRI, RLI, FSI, PDI (U+2066–U+2069), LRM, RLM and ALM.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// Windows device names, which no file may take whatever its extension.
    static let deviceNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"] {
            names.insert("COM" + digit)
            names.insert("LPT" + digit)
        }
        return names
    }()

    /// Whether the part before the first dot (trailing spaces ignored) is a device name.
    static func isDeviceName(_ name: String) -> Bool {
        var stem = name.unicodeScalars.prefix { $0 != "." }
        while stem.last == " " { stem = stem.dropLast() }
        return stem.count <= 7 && deviceNames.contains(String(String.UnicodeScalarView(stem)).uppercased())
    }

    /// `s` without the given scalars at its start and end (scalar by scalar, so a dot followed by
    /// a combining mark still counts as a leading dot).
    static func trimmed(_ s: String, leading: (Unicode.Scalar) -> Bool, trailing: (Unicode.Scalar) -> Bool) -> String {
        var scalars = Substring(s).unicodeScalars
        while let first = scalars.first, leading(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, trailing(last) { scalars = scalars.dropLast() }
        return scalars.startIndex == s.startIndex && scalars.endIndex == s.endIndex ? s : String(scalars)
    }
}
