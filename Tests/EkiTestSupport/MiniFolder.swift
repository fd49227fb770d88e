import Foundation

/// A tiny Mini Tokyo 3D data folder written by a test: two railways meeting at one platform group,
/// A-line (A1 → A2 → A3) and B-line (B1 → B2), with A3 and B1 sharing platforms.
/// Tests pass their own train JSON to exercise one quirk each.
public struct MiniFolder {
    public let scratch = ScratchFolder()
    public var url: URL { scratch.url }

    public init(trains: String, stationsExtra: String = "", omitCoordinatesOf: Set<String> = []) throws {
        func station(_ id: String, _ railway: String, _ ja: String, _ en: String, _ lon: Double, _ lat: Double) -> String {
            let coord = omitCoordinatesOf.contains(id) ? "" : #""coord": [\#(lon), \#(lat)], "#
            return #"{"id": "\#(id)", "railway": "\#(railway)", \#(coord)"title": {"ja": "\#(ja)", "en": "\#(en)"}}"#
        }
        let stations = [
            station("Op.A.A1", "Op.A", "甲一", "Ko-ichi", 139.70, 35.60),
            station("Op.A.A2", "Op.A", "甲二", "Ko-ni", 139.71, 35.61),
            station("Op.A.A3", "Op.A", "甲三", "Ko-san", 139.72, 35.62),
            station("Op.B.B1", "Op.B", "甲三", "Ko-san", 139.7201, 35.6201),
            station("Op.B.B2", "Op.B", "乙二", "Otsu-ni", 139.73, 35.63),
        ]
        try scratch.write("railways.json", """
            [{"id": "Op.A", "title": {"ja": "甲線", "en": "A Line"}, "stations": ["Op.A.A1", "Op.A.A2", "Op.A.A3"],
              "ascending": "Outbound", "descending": "Inbound", "color": "#FF0000"},
             {"id": "Op.B", "title": {"ja": "乙線", "en": "B Line"}, "stations": ["Op.B.B1", "Op.B.B2"],
              "ascending": "Outbound", "descending": "Inbound", "color": "#0000FF"}]
            """)
        try scratch.write("stations.json", "[" + stations.joined(separator: ",") + stationsExtra + "]")
        try scratch.write("station-groups.json", #"[[["Op.A.A3", "Op.B.B1"]]]"#)
        try scratch.write("rail-directions.json", #"""
            [{"id": "Outbound", "title": {"ja": "下り", "en": "Outbound"}}, {"id": "Inbound", "title": {"ja": "上り", "en": "Inbound"}}]
            """#)
        try scratch.write("train-types.json", #"[{"id": "Op.Local", "title": {"ja": "普通", "en": "Local"}}]"#)
        try scratch.write("operators.json", ##"[{"id": "Op", "title": {"ja": "オプ鉄道", "en": "Op Railway"}, "color": "#000000"}]"##)
        try scratch.write("coordinates.json", """
            {"railways": [{"id": "Op.A", "sublines": [{"type": "main", "coords": [[139.70, 35.60], [139.71, 35.61], [139.72, 35.62]]}]},
                          {"id": "Op.B", "sublines": [{"type": "main", "coords": [[139.7201, 35.6201], [139.73, 35.63]]}]}]}
            """)
        try scratch.write("train-timetables/op-a.json", trains)
    }

    public func remove() { scratch.remove() }
}
