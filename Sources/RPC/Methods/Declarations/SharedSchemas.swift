import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

/// The parts of `openrpc.json` that no one method owns: the document's `info` and the objects
/// several methods share (`components.schemas`), each made from the Swift type or value it
/// describes.
enum SharedSchemas {
    /// The document's `info`.
    static var info: JSONValue {
        [
            "title": "fonsters-rpc", "version": .string(ServerContext.version),
            "description": "Fonsters engine and library over JSON-RPC 2.0 on stdio. protocol.md is the full contract (framing, lifecycle, notifications, errors).",
        ]
    }

    /// The result objects several methods share, by their component name.
    static let objects: [any ResultObject.Type] = [
        Fonster.self, ListedFonster.self, RandomEdit.self, RenderResult.self, ImportedFonsters.self, Environment.Layer.self,
        EnvironmentResult.self, TapSample.self, SearchMethod.Found.self, EditedFonster.self, TextPosition.self, TextRange.self, TextEdit.self,
    ]

    /// The images' MIME types as a pattern's alternatives (`+` escaped).
    private static var mimeTypes: String {
        ImageFormat.allCases.map { $0.mimeType.replacingOccurrences(of: "+", with: "\\+") }.joined(separator: "|")
    }

    /// `components.schemas`: the shared values and objects, by name.
    static var components: JSONValue {
        var schemas: [(String, JSONValue)] = [
            ("UUID", Schema.string(pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")),
            ("DataURI", Schema.string(pattern: "^data:(\(mimeTypes));base64,[A-Za-z0-9+/]+=*$")),
            ("Format", ["type": "string", "enum": .array((ImageFormat.allCases.map(\.rawValue) + ImageFormat.aliases.keys.sorted()).map { .string($0) })]),
            ("Size", ["type": "integer", "minimum": .number(ImageSize.pixelRange.lowerBound), "maximum": .number(ImageSize.pixelRange.upperBound),
                      "multipleOf": .number(Grid.side)]),
            ("RandomSource", ["type": "string", "enum": .array(RandomSource.allCases.map { .string($0.rawValue) })]),
            ("ProgressToken", ["type": ["integer", "string"]]),
        ]
        schemas += objects.map { ($0.component!, $0.objectSchema) }
        schemas += [
            ("Bundle", BundleObject.fullSchema),
            ("Background", Schema.described(Schema.string(pattern: "^(transparent|sky|#?[0-9A-Fa-f]{6})$"), """
                What the image stands on: transparent (the default), the seed's sky (ENGINE.md §8.1), or an opaque colour #rrggbb.
                """)),
            ("Engine", Schema.oneOf(EngineVersion.allCases)),
        ]
        return .object(JSONObject(schemas))
    }
}
