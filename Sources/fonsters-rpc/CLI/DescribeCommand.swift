import Foundation
import CreatureCore

/// A seed as a JSON string literal, for captions (control characters and quotes escaped).
enum JSONValueQuote {
    static func quoted(_ s: String) -> String {
        let data = (try? JSONEncoder().encode(s)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// `fonsters-rpc describe SEED…` or `describe --stdin` (a JSON array of seeds on stdin): prints a
/// JSON array of records in the golden-file format, one creature per seed; with `--scene`, the
/// scene records of `scene-v1.json` instead; with `--draw`, pictures of the creatures.
enum DescribeCommand {
    static let help = """
    usage: fonsters-rpc describe [--engine \(EngineOption.choices)] [--scene | --draw] SEED…
           fonsters-rpc describe [--engine …] [--scene | --draw] --stdin < seeds.json

    Prints a JSON array of golden-format records (grid, colours, features, environment), one per
    seed. With --stdin, reads the seeds as a JSON array of strings from standard input.
    A seed that starts with a dash goes after --:  fonsters-rpc describe -- --bogus

      --engine NAME   the engine to draw with (default \(EngineVersion.current.rawValue))
      --scene         print each seed's scene instead (ENGINE.md §8.1, the format of
                      scene-v1.json: sky levels, effects, sun period, clouds)
      --draw          draw each creature instead: on a terminal, 16 lines of 24-bit colour
                      half blocks on the creature's sky, then its description; plain text
                      (the 32 grid rows, . for transparent) when NO_COLOR is set or the
                      output is not a terminal
      --stdin         read the seeds from standard input instead of the arguments
      -h, --help      show this help
    """

    static func run(_ args: [String], output: Int32 = STDOUT_FILENO) throws {
        var reader = ArgumentReader(args)
        var engine = EngineVersion.current
        while let option = try reader.nextOption() {
            switch option {
            case "--engine": engine = try EngineOption.parse(reader.value())
            case "--stdin", "--scene", "--draw": break
            default: throw reader.unknown(option, command: "describe", takesSeeds: true)
            }
        }
        let seeds: [String]
        if reader.has("--stdin") {
            guard reader.operands.isEmpty else {
                throw CLIError("The describe command reads seeds from its arguments or with --stdin, not both; this got --stdin and '\(reader.operands[0])'.")
            }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let list = try? JSONDecoder().decode([String].self, from: data) else {
                throw CLIError(#"The input of describe --stdin must be a JSON array of strings, such as ["hello", "Bob"]."#)
            }
            seeds = list
        } else {
            guard !reader.operands.isEmpty else {
                throw CLIError("The describe command needs at least one seed, or --stdin.")
            }
            seeds = reader.operands
        }
        if reader.has("--scene") && reader.has("--draw") {
            throw CLIError("The options --scene and --draw each choose what describe prints; give one.")
        }
        if reader.has("--draw") {
            let colour = TerminalPicture.colourOnStandardOutput
            var text = ""
            for (n, seed) in seeds.enumerated() {
                let (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: engine)
                if n > 0 { text += "\n" }
                let picture = colour ? TerminalPicture(creature).lines : creature.grid.rows
                text += picture.joined(separator: "\n") + "\n"
                text += (JSONValueQuote.quoted(seed)) + " (\(engine.rawValue)): " + alt + "\n"
            }
            try OutputFile.writeAll(Array(text.utf8), to: output, path: "standard output")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = reader.has("--scene")
            ? try encoder.encode(seeds.map { SceneRecord(seed: $0, engine: engine) })
            : try encoder.encode(seeds.map { CreatureRecord(Creature(seed: $0, engine: engine)) })
        data.append(0x0A)
        try OutputFile.writeAll([UInt8](data), to: output, path: "standard output")
    }
}
