import Foundation
import CreatureCore

/// What a request will cost, from its params alone, before any work: the bytes it will hold
/// until its answer is written (the server admits work while these fit its memory bound), a
/// size its response cannot be under (past the response limit it is refused at once), and
/// whether its drawing is worth the compute pool. Params that do not parse leave the defaults:
/// the handler reports them.
enum RequestCost {
    /// Typical and smallest encoded size of one image, in bytes, before base64. The smallest
    /// are bounds of the encodings, not of our creatures: a JPEG spends bits on every 8×8 block,
    /// deflate and LZW compress at most about 1,000 and 2,700 to one.
    static func imageBytes(_ format: ImageFormat, pixels: Int) -> (typical: Int, minimum: Int) {
        let area = pixels * pixels
        switch format {
        case .png: return (area / 500 + 400, area / 1032 + 60)
        case .gif: return (area / 200 + 400, area / 2800 + 40)
        case .jpeg: return (area / 40 + 2000, area / 256 + 600)
        case .svg: return (8192, 200)
        }
    }

    /// Memory an encoder holds while it draws one image: a JPEG keeps every coefficient for its
    /// optimized Huffman tables (about 3 bytes a pixel); the other formats stream rows.
    static func workingBytes(_ format: ImageFormat, pixels: Int) -> Int { format == .jpeg ? 3 * pixels * pixels : 0 }

    /// Base64 of `bytes` with a data URI's prefix.
    static func dataURI(_ bytes: Int) -> Int { (bytes + 2) / 3 * 4 + 32 }

    /// Sets `scheduling.bytes`, `minimumResponseBytes` and the refusal's hint for `method`.
    static func estimate(_ method: String, params: JSONValue, into scheduling: inout Scheduling) {
        guard let p = try? Params(params) else { return }
        let format = (try? p.format()) ?? .png
        let pixels = (try? p.size())?.pixels ?? 256
        let image = imageBytes(format, pixels: pixels)
        let working = workingBytes(format, pixels: pixels)
        switch method {
        case "creature/render", "clock/creature":
            scheduling.bytes = 2 * dataURI(image.typical) + working + 4096
        case "creature/frames":
            guard let seed = try? p.string("seed") else { return }
            let total = Evolution.frameCount(of: seed)
            let start = max(0, (try? p.int("start")) ?? 0)
            let count = min(max(0, (try? p.int("count")) ?? total), max(0, total - start))
            // Frame k shows the first k characters of the seed, each at least a byte.
            let first = start + 1, last = start + count
            let prefixes = count > 0 ? (first + last) * count / 2 : 0
            let perFrame = dataURI(image.typical) + 64
            scheduling.bytes = 2 * min(count * perFrame + prefixes, 80 << 20) + working
            scheduling.minimumResponseBytes = prefixes + count * (dataURI(image.minimum) + 40)
            scheduling.bytesPerItem = perFrame + 4 * last
            scheduling.tooLargeHint = "Ask for fewer frames at a time with 'start' and 'count' (from start \(start))."
            scheduling.tooLargeField = "count"
        case "creature/animate":
            guard let seed = try? p.string("seed") else { return }
            let frames = max(1, Evolution.frameCount(of: seed))
            let gif = imageBytes(.gif, pixels: pixels)
            // Every frame's sprite is kept until the file is written.
            scheduling.bytes = 2 * min(dataURI(frames * gif.typical), 80 << 20) + frames * 2048
            scheduling.minimumResponseBytes = dataURI(frames * gif.minimum)
            scheduling.tooLargeHint = "Ask for a smaller 'size', or page through the frames with creature/frames 'start' and 'count'."
            scheduling.tooLargeField = "size"
        case "creature/tapAnimation":
            let samples = min(max(2, (try? p.int("samples")) ?? 5), 1000)
            scheduling.bytes = samples * 2048 + 4096  // each sample is an object of ten numbers
        case "fonsters/list":
            guard let thumbnails = p.object["thumbnails"]?.object, let t = try? Params(.object(thumbnails)) else { return }
            let thumbFormat = (try? t.format()) ?? .png, thumbPixels = (try? t.size(default: 64))?.pixels ?? 64
            let thumb = imageBytes(thumbFormat, pixels: thumbPixels)
            // The library's size is not known yet: 64 Fonsters.
            scheduling.bytes = 2 * 64 * dataURI(thumb.typical) + workingBytes(thumbFormat, pixels: thumbPixels)
        case "share/preview":
            let url = (try? p.string("url")) ?? ""
            let engines = max(1, (try? p.stringArray("engines"))??.count ?? 1)
            let seeds = min(ShareLink.maxSeeds, max(1, url.utf8.count / 2))
            scheduling.bytes = 2 * seeds * (engines * dataURI(imageBytes(.png, pixels: 64).typical) + 200)
        case "library/export", "library/import", "share/import":
            scheduling.bytes = max(scheduling.bytes, 4 << 20)
        default:
            break
        }
    }
}
