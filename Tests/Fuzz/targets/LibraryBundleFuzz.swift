// libFuzzer target: library bundle decoding and import (Sources/FonsterStore/LibraryBundle.swift
// and the date parsing it calls), through a fresh in-memory store per input.
// Built by scripts/fuzz.sh against the FonsterStore and CreatureCore modules.
//
// Checks, besides "never crashes, never hangs, never grows without bound":
// - a bundle that decodes, encoded again, decodes to an equal bundle, and its encoding is as
//   long as `serializedCount` says;
// - a refused import leaves the store as it was (empty);
// - an accepted import adds at most one Fonster per entry (each drawn by an engine this build
//   knows: `Fonster.engine` is an `EngineVersion`).
import FonsterStore
import Foundation
import JSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    var entries = Int.max
    if let bundle = try? LibraryBundle.decode(json) {
        entries = bundle.fonsters.count
        let again: LibraryBundle
        let encoded = bundle.json.serialized()
        guard encoded.count == bundle.json.serializedCount else {
            fatalError("serializedCount \(bundle.json.serializedCount), but \(encoded.count) bytes written")
        }
        do {
            again = try LibraryBundle.decode(Data(encoded))
        } catch {
            fatalError("an encoded bundle does not decode: \(error)")
        }
        guard again == bundle else { fatalError("encode → decode changed the bundle") }
    }

    let store: FonsterStore
    do {
        store = try FonsterStore(location: .memory, options: StoreOptions(starterFonsters: false))
    } catch {
        fatalError("no in-memory store: \(error)")
    }
    let imported = (try? store.importLibrary(json)) != nil
    let listed: [Fonster]
    do { listed = try store.list() } catch { fatalError("list failed after an import: \(error)") }
    if !imported {
        guard listed.isEmpty else { fatalError("a refused import left \(listed.count) Fonsters") }
    } else {
        guard listed.count <= entries else { fatalError("\(listed.count) Fonsters from \(entries) entries") }
    }
    return 0
}
