import EkiStore
import Foundation

/// The reviewed change times of the Tokyo region's big interchanges (`interchanges.tsv` beside
/// this file, compiled in), for the Mini Tokyo 3D data, whose platform groups lump lines a rider
/// walks minutes between (東京's group 65 holds every JR line on the ground, from 中央線快速's
/// elevated platforms to 東海道線's). Three kinds of rows, tab-separated, `#` starting a comment:
///
///     area   <station code>  <area label>
///     walk   <area label>    <area label>  <minutes>  <kind>  <basis>
///     cross  <from code>     <to code>     <minutes>  <directions>  <basis>
///
/// An area is the platforms a rider reaches off one concourse; a walk is the change between two
/// areas of a station (both ways alike; an area with itself for a change inside it); a cross row
/// is a change across one island platform from one station to the other, only for the pairs of
/// directions it names (`Northbound>InnerLoop,Southbound>OuterLoop`: the arriving train's direction,
/// then the boarding train's): a train of the other direction stands at another platform, and
/// the change to it is the areas' walk. The basis says what a figure rests on and where it was
/// read. docs/TRANSFERS.md says how to correct a figure.
public struct InterchangeTable: Sendable {
    /// What a change is like, for the words a rider reads (a walk row names one of same-area,
    /// concourse, long-walk, deep, gates, street; a cross row is cross-platform).
    public typealias Kind = ChangeKind
    static let walkKinds: Set<Kind> = [.sameArea, .concourse, .longWalk, .deep, .gates, .street]

    /// A change from one station (a railway's stop) to another of the same complex.
    public struct Change: Sendable, Equatable {
        public var minutes: Int
        public var kind: Kind
        public var basis: String
        /// A cross row's pairs of directions (direction codes): the train arrived on, the train boarded.
        public var directions: [DirectionPair] = []
    }

    public struct DirectionPair: Sendable, Equatable, Hashable {
        public var arriving: String
        public var departing: String
    }

    /// A row that cannot be read: its line (1-based) and why.
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var problem: String
        public var description: String { "interchanges.tsv line \(line): \(problem)" }
    }

    /// Station code → its area's label.
    public private(set) var areas: [String: String] = [:]
    private var walks: [String: [String: Change]] = [:]
    private var crosses: [String: [String: Change]] = [:]

    /// The table compiled into eki (a test reads the same file: a broken row never ships, and an
    /// import would stop with its line rather than go on without it).
    public static let reviewed = Result { try InterchangeTable(parsing: String(decoding: PackageResources.interchanges_tsv, as: UTF8.self)) }

    public init(parsing text: String) throws {
        var named: [(line: Int, label: String)] = []   // the areas walks name, checked at the end
        // "\r\n" is one Character, and a newline: files saved on any system read alike.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            func fail(_ problem: String) -> Malformed { Malformed(line: index + 1, problem: problem) }
            func minutes(_ field: String) throws -> Int {
                guard let value = Int(field), (1...60).contains(value) else { throw fail("minutes \"\(field)\" is not a whole number from 1 to 60") }
                return value
            }
            switch fields[0] {
            case "area":
                guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else { throw fail("an area row is: area, station code, area label") }
                guard areas[fields[1]] == nil else { throw fail("\(fields[1]) is already in area \(areas[fields[1]]!)") }
                areas[fields[1]] = fields[2]
            case "walk":
                guard fields.count == 6, !fields[1].isEmpty, !fields[2].isEmpty, !fields[5].isEmpty else {
                    throw fail("a walk row is: walk, area, area, minutes, kind, basis")
                }
                guard let kind = Kind(rawValue: fields[4]), Self.walkKinds.contains(kind) else {
                    throw fail("kind \"\(fields[4])\" is not one of same-area, concourse, long-walk, deep, gates, street")
                }
                let change = Change(minutes: try minutes(fields[3]), kind: kind, basis: fields[5])
                guard walks[fields[1]]?[fields[2]] == nil else { throw fail("a second walk between \(fields[1]) and \(fields[2])") }
                named += [(index + 1, fields[1]), (index + 1, fields[2])]
                walks[fields[1], default: [:]][fields[2]] = change
                walks[fields[2], default: [:]][fields[1]] = change
            case "cross":
                guard fields.count == 6, !fields[1].isEmpty, !fields[2].isEmpty, !fields[5].isEmpty else {
                    throw fail("a cross row is: cross, station code, station code, minutes, directions, basis")
                }
                guard crosses[fields[1]]?[fields[2]] == nil else { throw fail("a second cross row from \(fields[1]) to \(fields[2])") }
                let pairs = try fields[4].split(separator: ",").map { pair -> DirectionPair in
                    let ends = pair.split(separator: ">", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard ends.count == 2, !ends[0].isEmpty, !ends[1].isEmpty else {
                        throw fail("directions \"\(fields[4])\" are not arriving>boarding pairs, comma-separated")
                    }
                    return DirectionPair(arriving: ends[0], departing: ends[1])
                }
                guard !pairs.isEmpty else { throw fail("a cross row names no directions") }
                crosses[fields[1], default: [:]][fields[2]] = Change(minutes: try minutes(fields[3]), kind: .crossPlatform, basis: fields[5], directions: pairs)
            default:
                throw fail("\"\(fields[0])\" is not area, walk or cross")
            }
        }
        // Every area a walk names is some station's.
        let labels = Set(areas.values)
        if let unknown = named.first(where: { !labels.contains($0.label) }) {
            throw Malformed(line: unknown.line, problem: "a walk names the area \(unknown.label), which no station is in")
        }
    }

    /// The change from `from` to `to` (station codes) when the table covers both: the walk between
    /// their areas, whatever the trains' directions.
    public func change(from: String, to: String) -> Change? {
        guard let a = areas[from], let b = areas[to] else { return nil }
        return walks[a]?[b]
    }

    /// The change across the platform from `from` to `to`, for the directions it names.
    public func cross(from: String, to: String) -> Change? { crosses[from]?[to] }

    /// Whether the table names `code` (its complex is reviewed).
    public func covers(_ code: String) -> Bool { areas[code] != nil }

    /// Every area label with the walks it has, for checks.
    public var walkPairs: [(String, String)] { walks.flatMap { label, others in others.keys.map { (label, $0) } } }

    /// Every cross row, for checks.
    public var crossPairs: [(from: String, to: String, change: Change)] {
        crosses.flatMap { from, others in others.map { (from, $0.key, $0.value) } }
    }
}
