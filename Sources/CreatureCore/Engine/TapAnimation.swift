#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a tap on a creature plays (docs/engine.md §7).
public enum TapAnimation: String, CaseIterable, Sendable {
    case blink, eyebrowRaise, armWave, footKick, slideOffAndBack, squishAndPop, bounce, wiggle, shake,
         pulse, rain, explode, wipe, dissolve, zoom, blinds, push, flip, spinOut, spotlight, bounceIn

    /// Milliseconds of the forward half (progress 0→1) and of the way back (1→0).
    public static let forwardMs = 500, reverseMs = 500

    /// The kind for tap number `tap` (0 for the first) on the raw seed, under `engine`'s hash.
    public static func kind(seed: String, tap: Int, engine: EngineVersion) -> TapAnimation {
        let salted = tap == 0 ? seed : seed + "_" + String(tap)
        return allCases[EngineHash(seed: salted, engine: engine).pick("tap_animation", 21)]
    }

    /// The view transform at progress `t` (0…1) for a view of side `size` points.
    public func transform(t: Double, size: Double) -> TapTransform {
        var x = TapTransform()
        switch self {
        case .blink: x.overlay = .topBand(opacity: 0.85 * t, offset: 0)
        case .eyebrowRaise: x.overlay = .topBand(opacity: 0.6 * t, offset: -8 * t)
        case .armWave: x.rotationDegrees = -10 + 20 * t
        case .footKick: x.rotationDegrees = 8 * t; x.offsetX = 2 * t; x.offsetY = 4 * t
        case .slideOffAndBack: x.offsetX = size * t
        case .squishAndPop: x.scaleX = 1 + 0.05 * t; x.scaleY = 1 - 0.25 * t
        case .bounce: x.scaleX = 1 + 0.2 * t; x.scaleY = x.scaleX
        case .wiggle: x.rotationDegrees = -8 + 16 * sin(Double.pi * t)
        case .shake: x.offsetX = 6 * sin(4 * Double.pi * t)
        case .pulse: x.scaleX = 1 + 0.12 * t; x.scaleY = x.scaleX
        case .rain: x.overlay = .rain(intensity: t)
        case .explode:
            x.scaleX = 1 + 0.05 * t; x.scaleY = x.scaleX
            x.overlay = .explode(burst: t, flash: t <= 0.5 ? 0.8 * t : 0.8 * (1 - t))
        case .wipe: x.overlay = .wipe(reveal: t)
        case .dissolve: x.opacity = 1 - t
        case .zoom: x.scaleX = 0.6 + 0.4 * t; x.scaleY = x.scaleX
        case .blinds: x.overlay = .blinds(open: t)
        case .push: x.offsetX = -size * (1 - t)
        case .flip: x.rotation3DYDegrees = 180 * t
        case .spinOut: x.rotationDegrees = 360 * t
        case .spotlight: x.overlay = .spotlight(vignette: 0.5 * t)
        case .bounceIn:
            let b = t < 0.5 ? 2 * t : 1 - 2 * (t - 0.5)
            let e = 1 - pow(1 - b, 1.5)
            x.offsetY = -0.3 * size * (1 - e)
        }
        return x
    }
}

/// A view transform at one moment of a tap animation; the defaults are the identity.
public struct TapTransform: Equatable, Sendable {
    /// An effect drawn over the creature.
    public enum Overlay: Equatable, Sendable {
        case topBand(opacity: Double, offset: Double)
        case rain(intensity: Double)
        case explode(burst: Double, flash: Double)
        case wipe(reveal: Double)
        case blinds(open: Double)
        case spotlight(vignette: Double)
    }
    /// Scale factors, rotation in degrees (and about the y axis, in 3-D), offset in points, opacity.
    public var scaleX = 1.0, scaleY = 1.0, rotationDegrees = 0.0, rotation3DYDegrees = 0.0
    /// Offset in points.
    public var offsetX = 0.0, offsetY = 0.0
    /// Opacity 0…1.
    public var opacity = 1.0
    /// The overlay, if any.
    public var overlay: Overlay?

    /// The identity transform.
    public init() {}
}
