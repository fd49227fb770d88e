import EkiData
import EkiTestSupport
import Foundation
import Testing

/// Which files a fetch asks for, and from where (against the real folder: RealDataDataTests).
@Suite struct FetchPlanTests {
    @Test func theDefaultAddressesAreTheRepositoryAndTheODPTAPI() {
        let base = SourceCatalogue.defaultBaseURL(.minitokyo3d)
        let items = MiniTokyo3DFileList.timetableItems(base: base, railways: ["Tokyu.Toyoko", "Tokyu.Toyoko"])
        #expect(items.map(\.url.absoluteString) == ["https://raw.githubusercontent.com/nagix/mini-tokyo-3d/master/data/train-timetables/tokyu-toyoko.json"])
        #expect(SourceCatalogue.defaultBaseURL(.odpt).absoluteString == "https://api.odpt.org/api/v4/")
    }

    @Test func odptDumpsCarryTheKeyInTheirURLsAndTheImportersFileNames() {
        let items = ODPTFileList.items(base: URL(string: "https://api.odpt.org/api/v4")!, consumerKey: "k+y&z")
        #expect(items.map(\.path) == ["odpt_Railway.json", "odpt_Station.json", "odpt_StationTimetable.json", "odpt_TrainTimetable.json",
                                      "odpt_TrainType.json", "odpt_RailDirection.json", "odpt_Calendar.json", "odpt_Operator.json"])
        #expect(items[0].url.absoluteString == "https://api.odpt.org/api/v4/odpt:Railway.json?acl:consumerKey=k%2By%26z")
        #expect(items.allSatisfy { $0.shape == .array })
    }

    @Test func theDefaultFolderIsUnderTheXDGDataDirectory() {
        #expect(SourceCatalogue.defaultFolder(.minitokyo3d, environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/r"]).path
                == "/x/data/eki/sources/minitokyo3d")
        #expect(SourceCatalogue.defaultFolder(.odpt, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/r"]).path
                == "/home/r/.local/share/eki/sources/odpt")
    }
}
