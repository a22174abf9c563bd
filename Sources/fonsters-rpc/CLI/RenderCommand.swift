import Foundation
import CreatureCore

/// `fonsters-rpc render SEED -o FILE [--format F] [--size N] [--background B] [--evolution] [--metadata]
/// [--engine E]`: writes an image of the creature (a GIF is a still unless `--evolution` makes it
/// the animation). Binary images are not written to a terminal.
enum RenderCommand {
    static let help = """
    usage: fonsters-rpc render SEED -o FILE [--format png|gif|jpeg|svg] [--size N]
                               [--background transparent|sky|#rrggbb]
                               [--evolution] [--metadata] [--engine \(EngineOption.choices)]

    Writes an image of the creature drawn from SEED. A seed that starts with a dash goes
    after --:  fonsters-rpc render -o out.png -- -dash

      -o, --output FILE  where to write; - is standard output. A regular file is replaced
                         atomically; a FIFO, device or symlink (/dev/stdout) is written in place.
                         A PNG, GIF or JPEG is not poured into a terminal: pipe or redirect it
      --format F         png, gif, jpeg (or jpg) or svg; by default the file's extension
                         (.png .gif .jpg .jpeg .svg), else png. Must agree with the extension
      --size N           the side in pixels: a multiple of 32 from 32 to 2048 (default 256)
      --background B     what the creature stands on: transparent (default; JPEG shows white),
                         sky (the seed's grey sky gradient, one band per cell row) or an
                         opaque colour such as '#1e1e1e'. An evolution stands on the whole
                         seed's sky
      --evolution        an animated GIF with one frame per prefix of the seed
      --metadata         keep the seed in the file: PNG iTXt chunks, a JPEG comment, or an SVG
                         <metadata> element (a GIF cannot carry it)
      --engine NAME      the engine to draw with (default \(EngineVersion.current.rawValue))
      -h, --help         show this help
    """

    /// The format a file name's extension names (`x.JPG` → JPEG), if any.
    static func format(ofFileNamed path: String) -> ImageFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": .png
        case "gif": .gif
        case "jpg", "jpeg": .jpeg
        case "svg": .svg
        default: nil
        }
    }

    static func run(_ args: [String]) throws {
        var reader = ArgumentReader(args, aliases: ["-o": "--output"])
        var explicitFormat: ImageFormat?
        var pixels = 256
        var output: String?
        var engine = EngineVersion.current
        var background = Background.transparent
        while let option = try reader.nextOption() {
            switch option {
            case "--format":
                let text = try reader.value()
                guard let f = ImageFormat(rawValue: text.lowercased() == "jpg" ? "jpeg" : text.lowercased()) else {
                    throw CLIError("The format '\(text)' is not one render writes; choose png, gif, jpeg or svg.")
                }
                explicitFormat = f
            case "--size":
                let text = try reader.value()
                guard let n = Int(text), (try? ImageSize(pixels: n)) != nil else {
                    throw CLIError("The size '\(text)' is not an image size; give \(ImageSize.rule) pixels.")
                }
                pixels = n
            case "--output": output = try reader.value()
            case "--background":
                do { background = try Background(parsing: reader.value()) } catch let error as BackgroundError { throw CLIError(error.description) }
            case "--engine": engine = try EngineOption.parse(reader.value())
            case "--evolution", "--metadata": break
            default: throw reader.unknown(option, command: "render", takesSeeds: true)
            }
        }
        let evolution = reader.has("--evolution"), metadata = reader.has("--metadata")
        guard let seed = reader.operands.first else {
            throw CLIError("The render command needs a seed, as in 'fonsters-rpc render hello -o hello.png'.")
        }
        guard reader.operands.count == 1 else {
            throw CLIError("The render command draws one seed, and this got \(reader.operands.count): \(reader.operands.map { "'\($0)'" }.joined(separator: ", ")); quote a seed that has spaces.")
        }
        guard let output else {
            throw CLIError("The render command needs an output file: -o FILE, or -o - for standard output.")
        }
        let named = format(ofFileNamed: output)
        if let explicitFormat, let named, explicitFormat != named {
            throw CLIError("The format \(explicitFormat.rawValue) contradicts the output file \(output), which names \(named.rawValue); drop --format or make them agree.")
        }
        let format = explicitFormat ?? named ?? (evolution ? .gif : .png)
        if evolution && format != .gif {
            throw CLIError("The option --evolution makes an animated GIF, and the format is \(format.rawValue); use --format gif or a .gif file.")
        }
        if metadata && format == .gif {
            throw CLIError("The format gif cannot carry --metadata; use png, jpeg or svg to keep the seed in the file.")
        }
        if output == "-" && format != .svg && isatty(STDOUT_FILENO) == 1 {
            throw CLIError("A \(format.rawValue) image is binary and standard output is a terminal; -o - needs a pipe or a file, as in 'fonsters-rpc render "
                + "\(seed.count <= 20 && seed.allSatisfy { $0.isLetter || $0.isNumber } ? seed : "SEED") -o - > creature.\(format.fileExtension)', or give -o creature.\(format.fileExtension).")
        }
        let size = try ImageSize(pixels: pixels)
        let bytes: [UInt8]
        if evolution {
            bytes = try Renderer.evolutionGIF(seed: seed, size: size, engine: engine, background: background).bytes
        } else {
            let creature = Creature(seed: seed, engine: engine)
            let image = try Renderer.still(creature, format: format, size: size, background: background,
                                           metadata: metadata ? PNGMetadata(seed: seed, created: Date()) : nil)
            if format == .svg && metadata {
                bytes = Array(try SVGSeedMetadata.insert(seed: seed, into: String(decoding: image.bytes, as: UTF8.self)).utf8)
            } else {
                bytes = image.bytes
            }
        }
        try OutputFile.save(bytes, to: output)
    }
}
