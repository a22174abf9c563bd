import Testing
import TestSupport

@Test func fixturesArePresent() throws {
    #expect(try Fixtures.golden("hash-v1.json").count > 1000)
}
