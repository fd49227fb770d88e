import EkiCore
import EkiStore
import Foundation

/// `eki search --json` (and the web API's /api/v1/search).
public struct SearchJSON: Encodable {
    var results: [Result]

    public init(_ results: [SearchResult], reference: Reference) { self.results = results.map { Result($0, reference: reference) } }

    struct Result: Encodable {
        var kind: String
        var id: String?
        var title: NameJSON
        var stations: [StationRefJSON]?
        var coord: [Double]?
        var color: String?
        var `operator`: NameJSON?

        init(_ result: SearchResult, reference: Reference) {
            switch result {
            case .station(let station):
                kind = "station"
                title = NameJSON(station.title.name)
                stations = station.stations.map { StationRefJSON($0, reference: reference) }
                coord = (station.title.coordinate ?? station.complex.coordinate).map { [$0.latitude, $0.longitude] }
            case .railway(let railway):
                kind = "railway"
                id = railway.railway.id
                title = NameJSON(railway.railway.name)
                color = railway.railway.color
                `operator` = railway.railway.operatorName.map(NameJSON.init)
            }
        }
    }
}
