/// Something odd in the data that the import survived. Never fatal; always names the ids involved.
public struct ImportWarning: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case missingFile
        case unreadableTime
        case timeBackwards
        case timeOutsideServiceDay
        case unknownStation
        case unknownRailway
        case unknownTrainType
        case unknownDirection
        case unknownCalendar
        case danglingThroughService
        case duplicateTrain
        case emptyTrain
        case stationWithoutCoordinates
        case railwayStationMismatch
        case trainTypeCategoryGuessed
        case shapeProblem
        /// A published station timetable (ODPT) lists a departure the train timetables lack, or the reverse.
        case stationTimetableDisagrees
        /// A GTFS route that is not rail (bus, ferry, …), skipped with its trips.
        case notRail
        /// An optional field that is null, empty, missing or of the wrong type: read as absent.
        case badField
    }

    public var kind: Kind
    public var message: String
    public var ids: [String]

    public init(_ kind: Kind, _ message: String, ids: [String]) {
        self.kind = kind
        self.message = message
        self.ids = ids
    }
}
