import EkiJSON
import EkiStore
import Hummingbird

/// The change times of a station's platforms, or of every complex (eki transfers --json).
extension TimetableAPI {
    func addTransferRoutes(to router: Router<some RequestContext>) throws {
        let operation = try contract.operation("transfers")
        router.get("/api/v1/transfers") { request, _ in
            let query = try QueryParameters(request, operation: operation)
            let station = query.optional("station")
            return try cache.respond(to: request, moment: nil, now: clock()) {
                let complexes = try station.map { Array(Set(try names.resolve($0, railway: nil, in: timetable).map(\.complex))).sorted() }
                return ChangeJSON.list(try timetable.complexChanges(complexes), reference: timetable.reference)
            }
        }
    }
}
