import JSON

extension Scene {
    /// The scene's fields in the numbers of `scene-v1.json` (docs/engine.md §8.1): `sky` (three white
    /// levels, top to bottom), `showOptionalEffects`, and `sun` and `clouds` (null when not drawn).
    /// `creature/environment` answers them as its `scene`; `describe --scene` prints them after the seed.
    public var jsonFields: [(String, JSONValue)] {
        [
            ("sky", [.double(sky.top), .double(sky.middle), .double(sky.bottom)]),
            ("showOptionalEffects", .bool(showOptionalEffects)),
            ("sun", sun.map { ["periodSeconds": .int(Int64($0.periodSeconds))] } ?? .null),
            ("clouds", clouds.map { c in
                ["initial": .int(Int64(c.initial)), "max": .int(Int64(c.max)), "items": .array(c.items.map { item in
                    ["index": .int(Int64(item.index)), "startsLeft": .bool(item.startsLeft), "y": .double(item.y),
                     "size": .int(Int64(item.size)), "driftSeconds": .int(Int64(item.driftSeconds)), "shapeSeed": .int(Int64(item.shapeSeed))]
                })]
            } ?? .null),
        ]
    }
}
