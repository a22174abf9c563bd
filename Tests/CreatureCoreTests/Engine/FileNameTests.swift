import Testing
import TestSupport
@testable import CreatureCore

/// Export file names are safe on Linux, macOS and Windows.
@Suite(.offTheCooperativeThreads) struct FileNameTests {
    /// An independent check of every rule a safe file name must pass.
    static func problems(_ fileName: String) -> [String] {
        var found: [String] = []
        if fileName.isEmpty { found.append("empty") }
        if fileName.utf8.count > 255 { found.append("\(fileName.utf8.count) bytes") }
        for scalar in fileName.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 { found.append("control U+\(String(v, radix: 16))") }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || [0x200E, 0x200F, 0x061C].contains(v) {
                found.append("bidi U+\(String(v, radix: 16))")
            }
            if "<>:\"/\\|?*".unicodeScalars.contains(scalar) { found.append("reserved \(scalar)") }
        }
        if fileName.unicodeScalars.first == "." { found.append("leading dot") }
        if let last = fileName.unicodeScalars.last, last == "." || last == " " { found.append("trailing \(last)") }
        let stem = String(String.UnicodeScalarView(fileName.unicodeScalars.prefix { $0 != "." })).uppercased()
        let devices = ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
            + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] } + ["COM¹", "COM²", "COM³", "LPT¹", "LPT²", "LPT³"]
        if devices.contains(stem.trimmingSuffix(" ")) { found.append("device name \(stem)") }
        return found
    }

    static func png(_ name: String, seed: String = "seed") -> String {
        Naming.exportFileName(name: name, seed: seed, fileExtension: "png")
    }

    @Test func everyControlCharacterBecomesAnUnderscore() {
        let controls = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) + [0x2028, 0x2029]
        for value in controls {
            let c = Character(Unicode.Scalar(UInt32(value))!)
            let name = Self.png("a\(c)b")
            #expect(name == "a_b.png", "U+\(String(value, radix: 16))")
            #expect(Self.problems(name).isEmpty)
            #expect(Self.png("\(c)\(c)x\(c)") == "x.png", "U+\(String(value, radix: 16)) at the ends")
        }
    }

    @Test func newlinesNoLongerReachTheFileName() {
        // docs/engine.md §9 keeps a newline (it is not engine whitespace); we replace it like a space.
        #expect(Self.png("", seed: "line1\nline2") == "line1_line2.png")
        #expect(Self.png("a\r\nb") == "a_b.png")
    }

    @Test func everyBidiControlIsDropped() {
        for value in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C] {
            let c = Character(Unicode.Scalar(UInt32(value))!)
            #expect(Self.png("a\(c)b") == "ab.png", "U+\(String(value, radix: 16))")
            #expect(Self.png("\(c)") == "creature-avatar.png")
        }
        // The classic spoof: shown as "photoexe.png" reversed, really an .exe-looking name.
        #expect(Self.png("photo\u{202E}gnp.exe") == "photognp.exe.png")
    }

    @Test func reservedCharactersBecomeUnderscores() {
        for c in "<>:\"/\\|?*" {
            #expect(Self.png("a\(c)b") == "a_b.png", "\(c)")
        }
        #expect(Self.png("a<>:b") == "a_b.png")
    }

    @Test func windowsDeviceNamesGetAnUnderscore() {
        #expect(Self.png("CON") == "CON_.png")
        #expect(Self.png("con") == "con_.png")
        #expect(Self.png("Nul.txt") == "Nul_.txt.png")
        #expect(Self.png("aux.tar.gz") == "aux_.tar.gz.png")
        #expect(Self.png("COM1") == "COM1_.png")
        #expect(Self.png("lpt9") == "lpt9_.png")
        #expect(Self.png("COM0") == "COM0_.png")
        #expect(Self.png("com²") == "com²_.png")
        #expect(Self.png("CONOUT$") == "CONOUT$_.png")
        #expect(Self.png("prn.") == "prn_.png")
        for fine in ["CONSOLE", "COM10", "NULL", "LPT", "ACON", "CON-1", "con_1"] {
            #expect(Self.png(fine) == fine + ".png")
        }
        #expect(Naming.safeFileName(base: "aux", fileExtension: "") == "aux_")
        for device in ["CON", "PRN", "AUX", "NUL", "COM1", "COM9", "LPT1", "LPT9", "COM¹", "LPT³", "CONIN$"] {
            for spelled in [device, device.lowercased()] {
                for ext in ["png", "gif", "jpg", "svg"] {
                    #expect(Self.problems(Naming.exportFileName(name: spelled, seed: "", fileExtension: ext)).isEmpty)
                }
            }
        }
    }

    @Test func noLeadingDotsNoTrailingDotsOrSpaces() {
        #expect(Self.png(".hidden") == "hidden.png")
        #expect(Self.png("...") == "creature-avatar.png")
        #expect(Self.png("._.x") == "x.png")
        #expect(Self.png("abc.") == "abc.png")
        #expect(Self.png("abc. . .") == "abc.png")
        #expect(Self.png("a.b") == "a.b.png")
        // A dot carrying a combining mark is still a leading dot to the file system.
        #expect(Self.problems(Self.png(".\u{301}x")).isEmpty)
        #expect(Naming.safeFileName(base: "x..", fileExtension: "") == "x")
        #expect(Naming.safeFileName(base: "x ", fileExtension: "") == "x_", "spaces become underscores")
        #expect(Naming.safeFileName(base: "..", fileExtension: "png") == "creature-avatar.png")
    }

    @Test func neverEmpty() {
        for name in ["", " ", "\t", "\u{3000}", "_", "?", "\u{202E}", "\u{0}", "..", "\u{200B}"] {
            #expect(Naming.exportFileName(name: name, seed: name, fileExtension: "gif") == "creature-avatar.gif", "\(name.debugDescription)")
        }
        #expect(Naming.safeFileName(base: "", fileExtension: "") == "creature-avatar")
    }

    @Test func readableUnicodeIsKept() {
        #expect(Self.png("🐙 octopus") == "🐙_octopus.png")
        #expect(Self.png("日本語のテキスト") == "日本語のテキスト.png")
        #expect(Self.png("Zoë") == "Zoë.png")
        #expect(Self.png("👩‍👩‍👧 family") == "👩‍👩‍👧_family.png")
        #expect(Self.png("🇺🇸🇯🇵") == "🇺🇸🇯🇵.png")
        #expect(Self.png("مرحبا") == "مرحبا.png")
    }

    @Test func longNamesFit255BytesOnACharacterBoundary() {
        // 80 characters are kept first (the apps' rule), then bytes: "abc" + 62 four-byte emoji is
        // 251 bytes, so with ".png" exactly 255.
        let exact = "abc" + String(repeating: "🐙", count: 62)
        #expect(Self.png(exact) == exact + ".png")
        #expect(Self.png(exact).utf8.count == 255)
        // One byte more: the last emoji goes whole.
        let over = "abcd" + String(repeating: "🐙", count: 62)
        #expect(Self.png(over) == "abcd" + String(repeating: "🐙", count: 61) + ".png")
        // Families of 18 bytes each: 13 fit in 251 bytes, none is split.
        let family = "👩‍👩‍👧"
        let families = Self.png(String(repeating: family, count: 80))
        #expect(families == String(repeating: family, count: 13) + ".png")
        // ASCII stops at 80 characters long before 255 bytes.
        #expect(Self.png(String(repeating: "z", count: 300)) == String(repeating: "z", count: 80) + ".png")
        // Long seeds: leading junk and squeezed runs past the first few hundred characters count.
        #expect(Self.png(String(repeating: "_.", count: 1000) + "x") == "x.png")
        #expect(Self.png("a" + String(repeating: "\n", count: 5000) + "b") == "a_b.png")
        #expect(Self.png(String(repeating: "\u{202E}", count: 3000) + "ok") == "ok.png")
        let words = String(repeating: "ab ", count: 4000)
        #expect(Self.png(words) == String(String(repeating: "ab_", count: 27).prefix(80)) + ".png")
        // One character longer than the whole budget (a letter with 300 accents) leaves nothing.
        #expect(Self.png("e" + String(repeating: "\u{301}", count: 300)) == "creature-avatar.png")
        // A cut that ends on a dot does not leave a trailing dot.
        let octopi = String(repeating: "🐙", count: 62)  // 248 bytes
        #expect(Naming.safeFileName(base: octopi + "ab.xyz", fileExtension: "png") == octopi + "ab.png")
        // A longer extension leaves less room for the base.
        let base = String(repeating: "é", count: 200)  // 400 bytes
        let jpeg = Naming.safeFileName(base: base, fileExtension: "jpeg")
        #expect(jpeg == String(repeating: "é", count: 125) + ".jpeg")
    }

    @Test func nastyNamesAreAlwaysSafe() {
        let pieces = ["", ".", "..", " ", "\n", "\u{0}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2066}", "CON", "nul", "com1",
                      "🐙", "👩‍👩‍👧", "é", "e\u{301}", "_", "?", "/", "\\", ":", "a", String(repeating: "🐙", count: 70)]
        for a in pieces {
            for b in pieces {
                for c in ["", ".", " ", "\u{200F}", "x"] {
                    let name = a + b + c
                    for ext in ["png", "gif", "jpg", "svg"] {
                        let fileName = Naming.exportFileName(name: name, seed: "seed", fileExtension: ext)
                        #expect(Self.problems(fileName).isEmpty, "\(name.debugDescription) → \(fileName.debugDescription): \(Self.problems(fileName))")
                        #expect(fileName.hasSuffix("." + ext))
                    }
                }
            }
        }
    }
}

private extension String {
    func trimmingSuffix(_ character: Character) -> String {
        var s = Substring(self)
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
