/// The image formats a Fonster can be drawn in.
public enum ImageFormat: String, CaseIterable, Codable, Sendable {
    /// Indexed-colour PNG with transparency: the smallest lossless form.
    case png
    /// GIF89a, still or animated, with one-bit transparency.
    case gif
    /// Baseline JPEG composited onto white (no transparency).
    case jpeg
    /// Scalable vector graphics: one `<rect>` per run of same-coloured cells.
    case svg

    /// The media type to send with the image, e.g. `image/png`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .gif: "image/gif"
        case .jpeg: "image/jpeg"
        case .svg: "image/svg+xml"
        }
    }

    /// The usual file-name extension, without the dot (`png`, `gif`, `jpg`, `svg`).
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .gif: "gif"
        case .jpeg: "jpg"
        case .svg: "svg"
        }
    }
}
