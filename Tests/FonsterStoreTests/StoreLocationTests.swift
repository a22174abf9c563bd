import Foundation
import Testing
import TestSupport
@testable import FonsterStore

/// The store's parent folder is worked out from the absolute path, so every shape of path has one.
@Suite(.offTheCooperativeThreads) struct StoreLocationTests {
    @Test func theParentFolderOfEveryShape() {
        let cases: [(String, String)] = [
            ("z", "/work/dir"), (" ", "/work/dir"), ("~", "/work/dir"), ("a/b", "/work/dir/a"),
            ("/x", "/"), ("/a/b/", "/a"), ("./z", "/work/dir/."), ("~/z", "/work/dir/~"), ("/", "/"),
        ]
        for (path, parent) in cases {
            #expect(StoreLocation.parentFolder(of: path, currentFolder: "/work/dir") == parent, "\(path)")
        }
        #expect(StoreLocation.absolutePath("~", currentFolder: "/") == "/~")
        #expect(StoreLocation.absolutePath("z", currentFolder: "/work/") == "/work/z")
    }
}
