import Testing
import CreatureCore
@testable import RPC

/// `EditedPlaces` follows a library's places through creates, updates and deletes: checked
/// against an array edited the same way, with several deletes at one place in a row.
@Suite struct EditedPlacesTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func placesAreWhereTheEditedLibraryHasThem(run: UInt64) {
        var random = SeededGenerator(seed: run)
        let count = 12
        // The library as an array of line places (the Fonster at line place p is p).
        var library = Array(0..<count), created = count
        var places = EditedPlaces(), edited: [Int] = []
        for _ in 0..<40 {
            let kind = library.isEmpty ? 0 : random.next() % 3
            switch kind {
            case 0:  // a create: at the end
                library.append(created)
                #expect(places.note(library.count - 1, removed: false) == created)
                edited.append(created)
                created += 1
            case 1:  // an update: in place
                let index = Int(random.next() % UInt64(library.count))
                #expect(places.note(index, removed: false) == library[index])
                edited.append(library[index])
            default:  // a delete, often at the place of the last one
                let index = random.next() % 2 == 0 ? min(library.count - 1, count / 2) : Int(random.next() % UInt64(library.count))
                #expect(places.note(index, removed: true) == library[index])
                library.remove(at: index)
            }
        }
        for place in 0..<created {
            #expect(places.now(place) == library.firstIndex(of: place), "line place \(place)")
        }
        #expect(places.noneGone == (library.count == created))
        #expect(!edited.isEmpty)
    }
}
