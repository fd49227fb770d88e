import EkiCore
import EkiImport
import EkiStore
import EkiTestSupport
import Foundation
import GRDB
import Testing

/// Any database (issue 28): the importer writes into one it is handed, and a timetable over it
/// answers as one over the file `eki import` writes.
@Suite struct InMemoryImportTests {
    @Test func aFeedImportedIntoMemoryAnswersAsTheFileDoes() throws {
        let fixture = try GTFSFeedFixture()
        defer { fixture.remove() }
        let queue = try DatabaseQueue()
        let report = try Importer().run(folder: fixture.folder, into: queue)
        #expect(report.source == "gtfs" && report.database.isEmpty && report.databaseBytes == 0)
        let memory = try Timetable(reader: queue)
        let file = try GTFSFixtureDatabase.imported().timetable
        #expect(memory.url == nil)
        #expect(memory.language == file.language && memory.timeZone == file.timeZone)
        #expect(report.counts.trains == (try file.info()).counts.trains)
        // The trip R1 (07:00 north → south, on as BLUE's B1) read from both.
        let r1 = try #require(try memory.trainPart("R1"))
        #expect(r1 == (try file.trainPart("R1")))
        #expect(memory.reference.serviceCode(r1.service) == "WK")
        #expect(try memory.trainIds(r1.next) == ["B1"])
        #expect(r1.stops.first?.departure?.clock == "07:00")
    }

    @Test func aTimetableOverAnEmptyDatabaseSaysWhatItIsNot() throws {
        #expect(throws: StoreError.wrongSchema("the database is not an Eki timetable database")) {
            try Timetable(reader: try DatabaseQueue())
        }
    }
}
