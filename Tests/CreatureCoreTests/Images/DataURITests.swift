import Foundation
import Testing
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct DataURITests {
    @Test func base64MatchesFoundationForEveryTailLength() {
        var rng = SeededGenerator(seed: 5)
        for length in Array(0...64) + [399, 400, 401] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let expected = Data(bytes).base64EncodedString()
            #expect(DataURI.base64(bytes) == expected, "\(length) bytes")
            #expect(DataURI.make(mime: "image/png", bytes: bytes) == "data:image/png;base64," + expected, "\(length) bytes")
        }
    }

    @Test func pngDataURIDecodesBackToTheFile() throws {
        let png = try PNGEncoder.encode(ImageTestSprites.disc, scale: 8)
        let uri = RenderedImage(bytes: png, format: .png, pixels: 256).dataURI
        #expect(uri.hasPrefix("data:image/png;base64,"))
        #expect(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))).map { [UInt8]($0) } == png)
    }
}
