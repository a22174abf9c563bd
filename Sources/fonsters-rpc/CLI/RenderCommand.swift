import Foundation
import CreatureCore

/// `fonsters-rpc render SEED --format png|gif|jpeg|svg --size N -o FILE [--evolution] [--metadata]`:
/// writes an image of the creature (a GIF is a still unless `--evolution` makes it the animation).
enum RenderCommand {
    static func run(_ args: [String]) throws {
        var seed: String?
        var format = ImageFormat.png
        var pixels = 256
        var output: String?
        var evolution = false, metadata = false
        var rest = args[...]
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst() else { throw CLIError("\(flag) needs a value") }
            return v
        }
        while let arg = rest.popFirst() {
            switch arg {
            case "--format":
                let text = try value(arg)
                guard let f = ImageFormat(rawValue: text == "jpg" ? "jpeg" : text) else {
                    throw CLIError("--format must be png, gif, jpeg or svg (got \(text))")
                }
                format = f
            case "--size":
                let text = try value(arg)
                guard let n = Int(text) else { throw CLIError("--size must be a whole number of pixels (got \(text))") }
                pixels = n
            case "-o", "--output": output = try value(arg)
            case "--evolution": evolution = true
            case "--metadata": metadata = true
            case "--": seed = try value("a seed")
            default:
                guard seed == nil else { throw CLIError("unexpected argument \(arg) (quote a seed that has spaces)") }
                seed = arg
            }
        }
        guard let seed else { throw CLIError("render needs a seed") }
        guard let output else { throw CLIError("render needs -o FILE") }
        let size: ImageSize
        do { size = try ImageSize(pixels: pixels) } catch { throw CLIError("\(error)") }
        let image: RenderedImage
        if evolution {
            guard format == .gif else { throw CLIError("--evolution makes an animated GIF: use --format gif") }
            image = try Renderer.evolutionGIF(seed: seed, size: size)
        } else {
            image = try Renderer.still(Creature(seed: seed), format: format, size: size,
                                       metadata: metadata ? PNGMetadata(seed: seed, created: Date()) : nil)
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(image.bytes)) else {
            throw CLIError("cannot write \(output)")
        }
    }
}
