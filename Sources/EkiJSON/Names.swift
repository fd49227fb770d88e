import EkiCore
import EkiStore
import Foundation

/// JSON shapes shared by the commands (the CLI's `--json` contract; the web API reuses them).
public struct NameJSON: CompactJSON {
    var ja: String, en: String
    public init(_ name: LocalizedName) { ja = name.ja; en = name.en }

    public func write(to out: inout JSONWriter) {
        out.openObject()
        out.key("en"); out.string(en)
        out.key("ja"); out.string(ja)
        out.closeObject()
    }
}

public struct StationNameJSON: Encodable {
    var id: String
    var title: NameJSON
    public init(_ station: Reference.Station) { id = station.publicId; title = NameJSON(station.name) }
}

public struct RailwayRefJSON: Encodable {
    var id: String
    var title: NameJSON
    var color: String?
    public init(_ railway: Reference.Railway) { id = railway.id; title = NameJSON(railway.name); color = railway.color }
}

public struct StationRefJSON: Encodable {
    var id: String
    var railway: String?
    public init(_ station: Reference.Station, reference: Reference) {
        id = station.publicId
        railway = station.railway.flatMap { reference.railways.id(of: $0) }
    }
}
