// libFuzzer target: share-link parsing (Sources/CreatureCore/ShareLink.swift).
// Built by scripts/fuzz.sh against the CreatureCore module.
//
// The input is read as a link (UTF-8, invalid bytes replaced). Checks, besides "never
// crashes, never hangs":
// - the seeds of an accepted link, built into a link again, parse back to the same seeds;
// - seeds cut from the input (split at NUL bytes) survive build → parse unchanged;
// - the cards (with meta's names and engines) of an accepted link round-trip the same way.
import CreatureCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let link = String(decoding: bytes, as: UTF8.self)
    if let seeds = try? ShareLink.parse(link) {
        guard !seeds.isEmpty, seeds.count <= ShareLink.maxSeeds else {
            fatalError("an accepted link gave \(seeds.count) seeds")
        }
        expectRoundTrip(seeds)
    }
    if let cards = try? ShareLink.parseCards(link) {
        let again = try? ShareLink.parseCards(ShareLink.build(cards: cards))
        guard again == cards else { fatalError("build → parseCards changed the cards: \(cards) → \(String(describing: again))") }
    }
    let cut = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .prefix(ShareLink.maxSeeds)
        .map { String(decoding: $0, as: UTF8.self) }
    expectRoundTrip(cut)
    return 0
}

/// `seeds` built into a link parse back to exactly `seeds`.
private func expectRoundTrip(_ seeds: [String]) {
    let link = ShareLink.build(seeds: seeds)
    let parsed: [String]
    do {
        parsed = try ShareLink.parse(link)
    } catch {
        fatalError("a built link does not parse (\(error.message)): \(link)")
    }
    guard parsed == seeds else { fatalError("build → parse changed the seeds: \(seeds) → \(parsed)") }
    // `==` on String compares canonically; a seed must come back scalar for scalar.
    for (a, b) in zip(parsed, seeds) where !a.unicodeScalars.elementsEqual(b.unicodeScalars) {
        fatalError("build → parse changed a seed's scalars: \(Array(b.unicodeScalars)) → \(Array(a.unicodeScalars))")
    }
}
