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
        /// A station, railway, operator, direction or train type id given twice: the later one is dropped.
        case duplicateId
        /// Coordinates that are not a place on Earth (latitude -90…90, longitude -180…180): dropped.
        case badCoordinates
        /// A station complex naming a station the data does not have: that member is dropped.
        case unknownComplexMember
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
