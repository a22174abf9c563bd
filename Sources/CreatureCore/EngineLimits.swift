/// The bounds the engine keeps on what it is given, each written once here: the longest text a
/// seed or a name may be, and the size of share links. `TextLimit` and `ShareLink` check them;
/// the server lists them with its own (`fonsters-rpc limits`).
public enum EngineLimits {
    /// The longest seed or name, in UTF-16 units (an emoji counts as two or more).
    public static let maxTextUnits = 10_000
    /// The most seeds one share link may bring in.
    public static let maxShareSeeds = 1000
    /// Share links longer than this many characters are refused by the apps (we warn and still return them).
    public static let maxShareLinkLength = 2000
}
