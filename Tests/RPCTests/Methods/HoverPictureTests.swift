import Foundation
import Testing
import CreatureCore
@testable import RPC

/// How a hover shows the creature, and seeds shown visibly (hover and outline).
@Suite struct HoverPictureTests {
    @Test func terminalEditorsAndPlainTextGetBlocksAndVSCodeThePicture() {
        #expect(!HoverPicture.showsImages(clientName: "Neovim") && !HoverPicture.showsImages(clientName: "GNU Emacs"))
        #expect(!HoverPicture.showsImages(clientName: "helix") && !HoverPicture.showsImages(clientName: "Eglot"))
        #expect(HoverPicture.showsImages(clientName: "Visual Studio Code") && HoverPicture.showsImages(clientName: "fonsters-vscode"))
        #expect(HoverPicture.showsImages(clientName: nil))
        #expect(HoverPicture.auto.resolved(markdown: true, showsImages: true) == .image)
        #expect(HoverPicture.auto.resolved(markdown: true, showsImages: false) == .blocks)
        #expect(HoverPicture.auto.resolved(markdown: false, showsImages: true) == .blocks)
        #expect(HoverPicture.image.resolved(markdown: true, showsImages: false) == .image)
        #expect(HoverPicture.image.resolved(markdown: false, showsImages: true) == .blocks, "plain text cannot carry a picture")
        #expect(HoverPicture.none.resolved(markdown: true, showsImages: true) == HoverPicture.none)
        #expect(HoverPicture.blocks.resolved(markdown: true, showsImages: true) == .blocks)
    }

    @Test func seedsAreShownWithWhatDoesNotShowMadeVisible() {
        #expect(LineCreature.visible("tab\there") == "tab␉here")
        #expect(LineCreature.visible("zero\u{200B}width") == "zero\\u{200B}width")
        #expect(LineCreature.visible(" both ") == "␠both␠")
        #expect(LineCreature.visible("in side") == "in side")
        #expect(LineCreature.visible("del\u{7F}") == "del␡")
        #expect(LineCreature.visible("line\u{2028}sep") == "line\\u{2028}sep")
        #expect(LineCreature.visible("🦊é") == "🦊é")
        #expect(!LineCreature.visible("\u{0}\u{1}\u{1F}").unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{FFFD}" })
        let long = LineCreature.visible(String(repeating: "a", count: 100))
        #expect(long == String(repeating: "a", count: 80) + "…")
    }

    @Test func theSilhouetteInBlocksHasEveryDrawnCellOnce() {
        for seed in ["hello", "grace", "a much longer seed"] {
            for engine in EngineVersion.allCases {
                let silhouette = Likeness.silhouette(Picture(Creature(seed: seed, engine: engine)))
                let lines = silhouette.blockLines
                let drawn = lines.joined().reduce(0) { $0 + ($1 == "█" ? 2 : $1 == " " ? 0 : 1) }
                #expect(drawn == silhouette.drawnCells && lines.count <= 16 && lines.allSatisfy { $0.count <= 32 })
                #expect(lines.first?.isEmpty == false && lines.last?.isEmpty == false, "no empty rows around it")
            }
        }
    }
}
