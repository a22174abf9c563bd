import Foundation
import Testing
import TestSupport
import CreatureCore

/// The command line on a terminal and in pipes, run as real processes: `describe --draw` pictures
/// (colour on a terminal through a pseudo-terminal made by `script`, plain otherwise or with
/// NO_COLOR), a closed pipe ending quietly, binary images refused on a terminal, `--background`.
@Suite(.offTheCooperativeThreads) struct TerminalTests {
    /// Runs the built executable with `arguments` on a pseudo-terminal (util-linux `script`), with
    /// `environment` added and, if given, the terminal `columns` wide; returns its exit status and
    /// everything it wrote to the terminal.
    static func onTerminal(_ arguments: [String], environment: [String: String] = [:],
                           columns: Int? = nil) throws -> (status: Int32, output: String) {
        let quoted = ([BuiltExecutable.url.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", (columns.map { "stty cols \($0); exec " } ?? "") + quoted.joined(separator: " "), "/dev/null"]
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = nil  // the test runner may set it; each test says what it wants
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static var hasScript: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/script") }

    /// The colours of the half-block cells in `text`: (foreground, background) per `▀`.
    static func cells(_ text: String) -> [(RGBA, RGBA)] {
        text.components(separatedBy: "▀").dropLast().compactMap { piece in
            guard let start = piece.range(of: "\u{1B}[38;2;", options: .backwards), piece.hasSuffix("m") else { return nil }
            let numbers = piece[start.upperBound...].dropLast().split(separator: ";").compactMap { UInt8($0) }
            guard numbers.count == 8, numbers[3] == 48, numbers[4] == 2 else { return nil }
            return (RGBA(r: numbers[0], g: numbers[1], b: numbers[2]), RGBA(r: numbers[5], g: numbers[6], b: numbers[7]))
        }
    }

    @Test(.enabled(if: hasScript)) func drawOnATerminalShowsTheCreatureOnItsSky() throws {
        for engine in EngineVersion.allCases {
            let (status, output) = try Self.onTerminal(["describe", "--draw", "--engine", engine.rawValue, "hello"])
            #expect(status == 0, "\(output)")
            let cells = Self.cells(output)
            #expect(cells.count == 32 * 16, "16 lines of 32 half blocks: \(output.prefix(300).debugDescription)")
            let creature = Creature(seed: "hello", engine: engine)
            let sky = try #require(Background.sky.backdrop(seed: "hello", engine: engine))
            for (i, (top, bottom)) in cells.enumerated() {
                let (x, row) = (i % 32, i / 32)
                for (y, got) in [(2 * row, top), (2 * row + 1, bottom)] {
                    let v = creature.grid[x, y]
                    #expect(got == (v < 0 ? sky.rows[y] : creature.colors[Int(v)]), "cell (\(x), \(y)) with \(engine)")
                }
            }
            #expect(output.contains(AltText.sentence(for: creature)))
        }
    }

    @Test(.enabled(if: hasScript)) func noColorAndPipesGetPlainText() throws {
        let (status, output) = try Self.onTerminal(["describe", "--draw", "--engine", "fonsters-v1", "hello"], environment: ["NO_COLOR": "1"])
        #expect(status == 0)
        #expect(!output.contains("\u{1B}["))
        let rows = Creature(seed: "hello", engine: .v1).grid.rows
        #expect(rows.allSatisfy { output.contains($0) })
        let piped = try BuiltExecutable.run(["describe", "--draw", "hello", "grace"],
                                             environment: ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" })
        let text = String(decoding: piped.stdout, as: UTF8.self)
        #expect(piped.status == 0 && !text.contains("\u{1B}"))
        #expect(text.components(separatedBy: "\n").count == 2 * 33 + 2, "32 grid rows and a caption per seed, a blank line between")
    }

    @Test(.enabled(if: hasScript)) func binaryImagesAreRefusedOnATerminal() throws {
        for format in ["png", "gif", "jpeg"] {
            let (status, output) = try Self.onTerminal(["render", "hello", "--format", format, "-o", "-"])
            #expect(status == 2, "\(format): \(output)")
            #expect(output.contains("needs a pipe or a file"))
            #expect(!output.contains("PNG") && !output.contains("GIF8"), "no image bytes reach the terminal")
        }
        let (status, output) = try Self.onTerminal(["render", "hello", "--format", "svg", "-o", "-"])
        #expect(status == 0 && output.contains("<svg"), "an SVG is text, fine on a terminal")
    }

    /// `describe $(seq 3000) | head -c 100` and `render … | head -c 10`: the reader closing early
    /// ends the command quietly with status 0, as `yes | head` does.
    @Test func aClosedPipeEndsQuietly() throws {
        let exe = BuiltExecutable.url.path
        for command in ["\(exe) describe $(seq 3000) | head -c 100 >/dev/null",
                        "\(exe) describe --draw $(seq 500) | head -c 100 >/dev/null",
                        "\(exe) render hello --size 2048 --format gif -o - | head -c 10 >/dev/null"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -o pipefail; " + command + "; echo \"status ${PIPESTATUS[0]}\" >&2"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(text == "status 0\n", "\(command): \(text)")
        }
    }

    @Test func renderTakesABackgroundAndExplainsABadOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-bg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (background, value) in [("sky", Background.sky), ("#1e1e1e", .color(RGBA(r: 30, g: 30, b: 30)))] {
            let result = try BuiltExecutable.run(["render", "grace", "--engine", "fonsters-v1", "--background", background, "--size", "64", "-o", folder + "/a.png"])
            #expect(result.status == 0, "\(result.stderrText)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/a.png")))
            #expect(bytes == (try Renderer.still(Creature(seed: "grace", engine: .v1), format: .png, size: ImageSize(pixels: 64), background: value)).bytes)
        }
        let bad = try BuiltExecutable.run(["render", "grace", "--background", "blue", "-o", folder + "/b.png"])
        #expect(bad.status == 2)
        #expect(bad.stderrText.contains("#rrggbb") && bad.stderrText.contains("render --help"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.png"))
        let help = try BuiltExecutable.run(["render", "--help"])
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--background"))
    }
}
