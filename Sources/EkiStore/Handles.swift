/// How the records of a timetable refer to each other: a station, railway, complex or direction
/// by its row in the database, in a type of its own (nigiri's typed indices). A code string
/// (`JR-East.Yamanote`) appears only where a person or a file reads or writes one — CLI arguments,
/// JSON, URLs, import; inside, a railway lists its stations by handle and a station names its
/// railway and complex by handle, so a look-up is an index, not a string hashed again, and a
/// station handle cannot be handed where a railway is meant.
public struct Handle<Of>: Hashable, Comparable, Sendable {
    /// The record's row id (what departures, trains and route networks store).
    public let row: Int64
    @inlinable public init(_ row: Int64) { self.row = row }
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.row < b.row }
}

public typealias StationHandle = Handle<Reference.Station>
public typealias RailwayHandle = Handle<Reference.Railway>
/// A station complex: the stations of one place across railways (渋谷).
public typealias ComplexHandle = Handle<Reference.Complex>
public typealias DirectionHandle = Handle<Reference.Direction>
/// A train part (one railway's stretch of a train; through service links several).
public typealias TrainHandle = Handle<RunningPart>
/// A calendar a railway runs on some days (`Weekday`, a GTFS service_id).
public typealias ServiceHandle = Handle<Reference.Service>
public typealias TrainTypeHandle = Handle<Reference.TrainType>

/// A record that a handle names and riders know by an id (`JR-East.Yamanote`, `Inbound`).
public protocol HandledRecord: Sendable {
    associatedtype Handle: Hashable & Sendable
    var handle: Handle { get }
    var id: String { get }
}

/// A small table of records (railways, directions) in row order, looked up by handle; the by-id
/// index is for the edges, where a person or a file names one.
public struct Records<Record: HandledRecord>: Sendable {
    /// Every record, in row order.
    public let values: [Record]
    @usableFromInline let positions: [Record.Handle: Int]
    @usableFromInline let positionsById: [String: Int]

    init(_ values: [Record]) {
        self.values = values
        var positions = [Record.Handle: Int](minimumCapacity: values.count)
        var positionsById = [String: Int](minimumCapacity: values.count)
        for (position, record) in values.enumerated() {
            positions[record.handle] = position
            positionsById[record.id] = position
        }
        self.positions = positions
        self.positionsById = positionsById
    }

    @inlinable public subscript(_ handle: Record.Handle) -> Record? {
        positions[handle].map { values[$0] }
    }

    /// The record a person or a file names by its id.
    @inlinable public subscript(id id: String) -> Record? {
        positionsById[id].map { values[$0] }
    }

    /// A record's id alone, without copying the record.
    @inlinable public func id(of handle: Record.Handle) -> String? {
        positions[handle].map { values[$0].id }
    }

    public var count: Int { values.count }
}
