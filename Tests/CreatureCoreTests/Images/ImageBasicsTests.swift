import Foundation
import Testing
import JSON
import TestSupport
@testable import CreatureCore

@Suite(.offTheCooperativeThreads) struct ImageBasicsTests {
    @Test func formatsKnowTheirTypesAndExtensions() {
        #expect(ImageFormat.allCases.map(\.rawValue) == ["png", "gif", "jpeg", "svg"])
        #expect(ImageFormat.allCases.map(\.mimeType) == ["image/png", "image/gif", "image/jpeg", "image/svg+xml"])
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["png", "gif", "jpg", "svg"])
        #expect(ImageFormat(rawValue: "jpeg") == .jpeg && ImageFormat(rawValue: "jpg") == nil)
    }

    @Test(arguments: [(32, 1), (96, 3), (256, 8), (2048, 64)])
    func validPixelSizes(pixels: Int, scale: Int) throws {
        #expect(try ImageSize.scale(forPixels: pixels) == scale)
        let size = try ImageSize(pixels: pixels)
        #expect(size.scale == scale && size.pixels == pixels)
        #expect(try ImageSize(scale: scale) == size)
    }

    @Test(arguments: [0, 31, 100, 2047, 2080, -32, 4096])
    func invalidPixelSizes(pixels: Int) {
        #expect(throws: ImageError.invalidSize(pixels)) { try ImageSize(pixels: pixels) }
    }

    @Test func errorMessagesAreSpecific() {
        #expect(ImageError.invalidSize(100).message == "size must be a multiple of 32 from 32 to 2,048 pixels (got 100)")
        #expect(ImageError.invalidScale(65).message.contains("(got 65)"))
        #expect(ImageError.invalidQuality(0).message.contains("between 1 and 100"))
        #expect(ImageError.badCRC(chunk: "IHDR", offset: 8).message.contains("IHDR"))
        #expect(ImageError.invalidSize(7).localizedDescription == ImageError.invalidSize(7).message)
        #expect("\(ImageError.noFrames)" == ImageError.noFrames.message)
        #expect(throws: ImageError.invalidScale(0)) { try ImageSize(scale: 0) }
        #expect(throws: ImageError.invalidScale(65)) { try ImageSize(scale: 65) }
    }

    @Test func base64MatchesFoundation() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(DataURI.base64(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
        }
    }

    /// One base64 for both ways a data URI is made: the JSON writer's (straight into a response)
    /// writes the same text as `DataURI.make`, whose base64 is Foundation's, at every tail length
    /// and at an image's size.
    @Test func theJSONWritersDataURIIsDataURIMake() {
        for length in Array(0..<40) + [6_001, 65_536] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 7) }
            let made = DataURI.make(mime: "image/svg+xml", bytes: bytes)
            #expect(made == "data:image/svg+xml;base64," + Data(bytes).base64EncodedString(), "length \(length)")
            var out = JSONWriter(capacity: 16)
            out.dataURI(mime: "image/svg+xml", bytes: bytes)
            #expect(String(decoding: out.bytes, as: UTF8.self) == "\"" + made + "\"", "length \(length)")
        }
    }

    @Test func dataURIs() throws {
        #expect(DataURI.make(mime: "image/png", bytes: [1, 2, 3]) == "data:image/png;base64,AQID")
        let svg = SVGEncoder.encode(ImageTestSprites.disc, title: "é")
        let uri = RenderedImage(bytes: svg, format: .svg, pixels: 32).dataURI
        #expect(uri.hasPrefix("data:image/svg+xml;base64,"))
        let payload = try #require(Data(base64Encoded: String(uri.dropFirst("data:image/svg+xml;base64,".count))))
        #expect([UInt8](payload) == svg)
    }
}
