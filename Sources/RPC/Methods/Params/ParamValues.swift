import Foundation
import CreatureCore
import FonsterStore

/// A domain value read from one param: its schema for the document and how it is read from the
/// JSON value (with the error that names what is wrong). `ParamsDecoder` reads these directly.
protocol ParamValue: Decodable, SchemaDescribing {
    /// The value a param holds; throws `ParamsDecoder.Invalid` completing "'field' …".
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Self
}

extension ParamValue {
    init(from decoder: any Decoder) throws {
        self = try Self.param(try decoder.singleValueContainer().decode(JSONValue.self))
    }
}

/// The text of a string param, or the mismatch sentence.
private func stringParam(_ json: JSONValue, _ what: String = "a string") throws(ParamsDecoder.Invalid) -> String {
    guard let s = json.string else { throw ParamsDecoder.Invalid("must be \(what); it is \(json.kindName).") }
    return s
}

/// A seed or name: a string of at most 10,000 UTF-16 units (error 1002 past it).
extension Seed: Decodable, ParamValue {
    public init(from decoder: any Decoder) throws {
        self = try Self.param(try decoder.singleValueContainer().decode(JSONValue.self))
    }

    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Seed {
        let s = try stringParam(json)
        do { return try Seed(s) } catch {
            throw ParamsDecoder.Invalid(error)
        }
    }
    static var schema: JSONValue { ["type": "string", "maxLength": .int(Int64(TextLimit.maxLength))] }
    static var placeholder: Seed { try! Seed("") }
}

/// A Fonster's id.
extension UUID: ParamValue {
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> UUID {
        let s = try stringParam(json, "a UUID string")
        guard let id = UUID(uuidString: s) else {
            throw ParamsDecoder.Invalid("must be a UUID such as 00000000-0000-4000-8000-000000000001; \"\(s.prefix(60))\" is not one.")
        }
        return id
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/UUID"] }
    static var placeholder: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)) }
}

/// An engine this server draws with.
extension EngineVersion: ParamValue {
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> EngineVersion {
        let name = try stringParam(json)
        guard let engine = EngineVersion(rawValue: name) else {
            let known = EngineVersion.allCases.map(\.rawValue)
            throw ParamsDecoder.Invalid("must name an engine this server knows (\(known.joined(separator: ", "))); \"\(name.prefix(40))\" is not one.",
                                        data: [("known", .array(known.map { .string($0) }))])
        }
        return engine
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Engine"] }
    static var placeholder: EngineVersion { .v1 }
}

/// An image format (`jpg` is read as `jpeg`; case is ignored).
extension ImageFormat: ParamValue {
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> ImageFormat {
        let s = try stringParam(json)
        guard let format = ImageFormat(rawValue: s.lowercased() == "jpg" ? "jpeg" : s.lowercased()) else {
            throw ParamsDecoder.Invalid("must be one of png, gif, jpeg, svg; \"\(s.prefix(40))\" is not one.")
        }
        return format
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Format"] }
    static var placeholder: ImageFormat { .png }
}

/// An image side in pixels: a multiple of 32 from 32 to 2,048.
extension ImageSize: Decodable, ParamValue {
    public init(from decoder: any Decoder) throws {
        self = try Self.param(try decoder.singleValueContainer().decode(JSONValue.self))
    }

    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> ImageSize {
        guard let pixels = json.int else { throw ParamsDecoder.Invalid("must be a whole number of pixels; it is \(json.kindName).") }
        guard let size = try? ImageSize(pixels: pixels) else {
            throw ParamsDecoder.Invalid("must be \(ImageSize.rule) pixels; it is \(pixels).")
        }
        return size
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Size"] }
    static var placeholder: ImageSize { try! ImageSize(pixels: 256) }
}

/// A random text source.
extension RandomSource: ParamValue {
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> RandomSource {
        let name = try stringParam(json)
        guard let source = RandomSource(rawValue: name) else {
            let known = RandomSource.allCases.map(\.rawValue).joined(separator: ", ")
            throw ParamsDecoder.Invalid("must be one of \(known); \"\(name.prefix(40))\" is not one.")
        }
        return source
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/RandomSource"] }
    static var placeholder: RandomSource { .words }
}

/// A count or index that cannot be negative.
struct Count: ParamValue, Sendable {
    let value: Int
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Count {
        guard let value = json.int else { throw ParamsDecoder.Invalid("must be a whole number; it is \(json.serializedString().prefix(40)).") }
        guard value >= 0 else { throw ParamsDecoder.Invalid("must be 0 or more; it is \(value).") }
        return Count(value: value)
    }
    static var schema: JSONValue { ["type": "integer", "minimum": 0] }
    static var placeholder: Count { Count(value: 0) }
}

/// The playback speed, 10 %…100 % as 0.1…1.0, read as a frame interval in milliseconds.
struct Speed: ParamValue, Sendable {
    let intervalMs: Int
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Speed {
        guard let speed = json.double, speed.isFinite else { throw ParamsDecoder.Invalid("must be a number; it is \(json.kindName).") }
        guard (0.1...1.0).contains(speed) else { throw ParamsDecoder.Invalid("must be between 0.1 and 1.0; it is \(speed).") }
        return Speed(intervalMs: Evolution.intervalMs(speed: speed))
    }
    static var schema: JSONValue { ["type": "number", "minimum": 0.1, "maximum": 1.0] }
    static var placeholder: Speed { Speed(intervalMs: Evolution.defaultIntervalMs) }
}

/// A bundle object as `library/export` gives it (checked in full by the store).
struct BundleObject: ParamValue, Sendable {
    let json: JSONValue
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> BundleObject {
        guard json.object != nil else { throw ParamsDecoder.Invalid("must be a library bundle object (from library/export); it is \(json.kindName).") }
        return BundleObject(json: json)
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Bundle"] }
    static var placeholder: BundleObject { BundleObject(json: [:]) }
}

/// What an image stands on: `transparent` (the default), `sky` (the seed's sky, ENGINE.md §8.1)
/// or an opaque colour `#rrggbb`.
extension Background: Decodable, ParamValue {
    public init(from decoder: any Decoder) throws {
        self = try Self.param(try decoder.singleValueContainer().decode(JSONValue.self))
    }
    static func param(_ json: JSONValue) throws(ParamsDecoder.Invalid) -> Background {
        guard let text = json.string else {
            throw ParamsDecoder.Invalid("must be 'transparent', 'sky' or a colour #rrggbb; it is \(json.kindName).")
        }
        do { return try Background(parsing: text) } catch { throw ParamsDecoder.Invalid(sentence: error.description) }
    }
    static var schema: JSONValue { Schema.ref("Background") }
    static var placeholder: Background { .transparent }
}
