/// The evolution of a seed (ENGINE.md §1): one frame per grapheme cluster of the trimmed seed.
public enum Evolution {
    /// The default interval between frames, in milliseconds.
    public static let defaultIntervalMs = 300

    /// The prefixes shown by the frames, in order: frame k (1-based) is `prefixes[k-1]`.
    /// Empty when the trimmed seed is empty. Each prefix is drawn through the render-seed rule.
    public static func prefixes(of seed: String) -> [String] {
        let trimmed = Seeds.trim(seed)
        var result: [String] = []
        var end = trimmed.startIndex
        while end < trimmed.endIndex {
            end = trimmed.index(after: end)
            result.append(String(trimmed[..<end]))
        }
        return result
    }

    /// The number of frames of a seed's evolution.
    public static func frameCount(of seed: String) -> Int {
        Seeds.trim(seed).count
    }

    /// The frame interval for a playback speed in 0.1…1.0 (10 %…100 %): `300 ms / (speed × 10)`,
    /// rounded to whole milliseconds. Speeds outside the range are clamped.
    public static func intervalMs(speed: Double) -> Int {
        let clamped = min(1.0, max(0.1, speed.isFinite ? speed : 0.1))
        return Int((300.0 / (clamped * 10)).rounded())
    }
}
