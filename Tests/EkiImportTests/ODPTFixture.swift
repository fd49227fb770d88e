import EkiTestSupport
import Foundation

/// A small ODPT dump written by hand from the API specification (v4): two operators' railways
/// meeting at 港 (Minato), where through trains stay on one platform.
///
///     北線 Kita Line:   一番町 Ichi ── 二番町 Ni ── 港 Minato
///     南線 Minami Line:                          港 Minato ── 海 Umi ── 一番町 Ichi (another one, 3 km away)
///
/// 海 is next to 二番町 and lists it in odpt:connectingStation. Trains: a through pair
/// (Kita 101 → Minami 101), a train past midnight (Kita 102), a New Year's Eve train on a calendar
/// with a date list (Kita 103), inbound trains with and without odpt:railDirection. The station
/// timetable of 一番町 outbound leaves out Kita 102's 23:55: the one disagreement.
struct ODPTFixture {
    let scratch = ScratchFolder()
    var url: URL { scratch.url }

    /// Every file of the dump; tests replace one to exercise one thing.
    static let files: [String: String] = [
        "odpt_Operator.json": #"""
            [{"@id": "urn:ucode:_op1", "@type": "odpt:Operator", "owl:sameAs": "odpt.Operator:Kita",
              "dc:title": "北鉄道", "odpt:operatorTitle": {"ja": "北鉄道", "en": "Kita Railway"}},
             {"@id": "urn:ucode:_op2", "@type": "odpt:Operator", "owl:sameAs": "odpt.Operator:Minami",
              "dc:title": "南鉄道", "odpt:operatorTitle": {"ja": "南鉄道", "en": "Minami Railway"}}]
            """#,
        "odpt_Railway.json": #"""
            [{"@id": "urn:ucode:_r1", "@type": "odpt:Railway", "owl:sameAs": "odpt.Railway:Kita.Kita",
              "dc:title": "北線", "odpt:railwayTitle": {"ja": "北線", "en": "Kita Line"},
              "odpt:operator": "odpt.Operator:Kita", "odpt:color": "#00A0E9", "odpt:lineCode": "K",
              "odpt:ascendingRailDirection": "odpt.RailDirection:Outbound",
              "odpt:descendingRailDirection": "odpt.RailDirection:Inbound",
              "odpt:stationOrder": [
                {"odpt:index": 2, "odpt:station": "odpt.Station:Kita.Kita.Ni", "odpt:stationTitle": {"ja": "二番町", "en": "Niban-cho"}},
                {"odpt:index": 1, "odpt:station": "odpt.Station:Kita.Kita.Ichi", "odpt:stationTitle": {"ja": "一番町", "en": "Ichiban-cho"}},
                {"odpt:index": 3, "odpt:station": "odpt.Station:Kita.Kita.Minato", "odpt:stationTitle": {"ja": "港", "en": "Minato"}}]},
             {"@id": "urn:ucode:_r2", "@type": "odpt:Railway", "owl:sameAs": "odpt.Railway:Minami.Minami",
              "dc:title": "南線", "odpt:railwayTitle": {"ja": "南線", "en": "Minami Line"},
              "odpt:operator": "odpt.Operator:Minami", "odpt:color": "#E60012",
              "odpt:ascendingRailDirection": "odpt.RailDirection:Outbound",
              "odpt:descendingRailDirection": "odpt.RailDirection:Inbound",
              "odpt:stationOrder": [
                {"odpt:index": 1, "odpt:station": "odpt.Station:Minami.Minami.Minato", "odpt:stationTitle": {"ja": "港", "en": "Minato"}},
                {"odpt:index": 2, "odpt:station": "odpt.Station:Minami.Minami.Umi", "odpt:stationTitle": {"ja": "海", "en": "Umi"}},
                {"odpt:index": 3, "odpt:station": "odpt.Station:Minami.Minami.Ichi", "odpt:stationTitle": {"ja": "一番町", "en": "Ichiban-cho"}}]}]
            """#,
        "odpt_Station.json": #"""
            [{"@id": "urn:ucode:_s1", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Kita.Kita.Ichi", "dc:title": "一番町",
              "odpt:stationTitle": {"ja": "一番町", "en": "Ichiban-cho"}, "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:stationCode": "K01", "geo:lat": 35.600, "geo:long": 139.700},
             {"@id": "urn:ucode:_s2", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Kita.Kita.Ni", "dc:title": "二番町",
              "odpt:stationTitle": {"ja": "二番町", "en": "Niban-cho"}, "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "geo:lat": 35.600, "geo:long": 139.710,
              "odpt:connectingRailway": ["odpt.Railway:Minami.Minami"]},
             {"@id": "urn:ucode:_s3", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Kita.Kita.Minato", "dc:title": "港",
              "odpt:stationTitle": {"ja": "港", "en": "Minato"}, "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "geo:lat": 35.600, "geo:long": 139.720,
              "odpt:connectingRailway": ["odpt.Railway:Minami.Minami"]},
             {"@id": "urn:ucode:_s4", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Minami.Minami.Minato", "dc:title": "港",
              "odpt:stationTitle": {"ja": "港", "en": "Minato"}, "odpt:operator": "odpt.Operator:Minami",
              "odpt:railway": "odpt.Railway:Minami.Minami", "geo:lat": 35.6001, "geo:long": 139.7201},
             {"@id": "urn:ucode:_s5", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Minami.Minami.Umi", "dc:title": "海",
              "odpt:stationTitle": {"ja": "海", "en": "Umi"}, "odpt:operator": "odpt.Operator:Minami",
              "odpt:railway": "odpt.Railway:Minami.Minami", "geo:lat": 35.6008, "geo:long": 139.7105,
              "odpt:connectingStation": ["odpt.Station:Kita.Kita.Ni"]},
             {"@id": "urn:ucode:_s6", "@type": "odpt:Station", "owl:sameAs": "odpt.Station:Minami.Minami.Ichi", "dc:title": "一番町",
              "odpt:stationTitle": {"ja": "一番町", "en": "Ichiban-cho"}, "odpt:operator": "odpt.Operator:Minami",
              "odpt:railway": "odpt.Railway:Minami.Minami", "geo:lat": 35.600, "geo:long": 139.667}]
            """#,
        "odpt_RailDirection.json": #"""
            [{"@id": "urn:ucode:_d1", "@type": "odpt:RailDirection", "owl:sameAs": "odpt.RailDirection:Inbound",
              "dc:title": "上り", "odpt:railDirectionTitle": {"ja": "上り", "en": "Inbound"}},
             {"@id": "urn:ucode:_d2", "@type": "odpt:RailDirection", "owl:sameAs": "odpt.RailDirection:Outbound",
              "dc:title": "下り", "odpt:railDirectionTitle": {"ja": "下り", "en": "Outbound"}}]
            """#,
        "odpt_TrainType.json": #"""
            [{"@id": "urn:ucode:_t1", "@type": "odpt:TrainType", "owl:sameAs": "odpt.TrainType:Kita.Local",
              "dc:title": "各停", "odpt:trainTypeTitle": {"ja": "各停", "en": "Local"}, "odpt:operator": "odpt.Operator:Kita"},
             {"@id": "urn:ucode:_t2", "@type": "odpt:TrainType", "owl:sameAs": "odpt.TrainType:Kita.Express",
              "dc:title": "急行", "odpt:trainTypeTitle": {"ja": "急行", "en": "Express"}, "odpt:operator": "odpt.Operator:Kita"},
             {"@id": "urn:ucode:_t3", "@type": "odpt:TrainType", "owl:sameAs": "odpt.TrainType:Minami.Local",
              "dc:title": "普通", "odpt:trainTypeTitle": {"ja": "普通", "en": "Local"}, "odpt:operator": "odpt.Operator:Minami"}]
            """#,
        "odpt_Calendar.json": #"""
            [{"@id": "urn:ucode:_c1", "@type": "odpt:Calendar", "owl:sameAs": "odpt.Calendar:Weekday",
              "dc:title": "平日", "odpt:calendarTitle": {"ja": "平日", "en": "Weekday"}},
             {"@id": "urn:ucode:_c2", "@type": "odpt:Calendar", "owl:sameAs": "odpt.Calendar:SaturdayHoliday",
              "dc:title": "土休日", "odpt:calendarTitle": {"ja": "土休日", "en": "Saturday and Holiday"}},
             {"@id": "urn:ucode:_c3", "@type": "odpt:Calendar", "owl:sameAs": "odpt.Calendar:Specific.Kita.NewYearsEve",
              "dc:title": "大晦日", "odpt:calendarTitle": {"ja": "大晦日", "en": "New Year's Eve"},
              "odpt:day": ["2026-12-31", "2027-12-31"]}]
            """#,
        "odpt_TrainTimetable.json": #"""
            [{"@id": "urn:ucode:_tt1", "@type": "odpt:TrainTimetable", "dc:date": "2026-11-20T10:00:00+09:00",
              "owl:sameAs": "odpt.TrainTimetable:Kita.Kita.101.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:train": "odpt.Train:Kita.Kita.101", "odpt:trainNumber": "101", "odpt:trainType": "odpt.TrainType:Kita.Local",
              "odpt:railDirection": "odpt.RailDirection:Outbound",
              "odpt:originStation": ["odpt.Station:Kita.Kita.Ichi"], "odpt:destinationStation": ["odpt.Station:Minami.Minami.Umi"],
              "odpt:nextTrainTimetable": ["odpt.TrainTimetable:Minami.Minami.101.Weekday"],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "10:00", "odpt:departureStation": "odpt.Station:Kita.Kita.Ichi"},
                {"odpt:arrivalTime": "10:04", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Ni",
                 "odpt:departureTime": "10:05", "odpt:departureStation": "odpt.Station:Kita.Kita.Ni"},
                {"odpt:arrivalTime": "10:10", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Minato"}]},
             {"@id": "urn:ucode:_tt2", "@type": "odpt:TrainTimetable", "dc:date": "2026-11-21T10:00:00+09:00",
              "owl:sameAs": "odpt.TrainTimetable:Minami.Minami.101.Weekday", "odpt:operator": "odpt.Operator:Minami",
              "odpt:railway": "odpt.Railway:Minami.Minami", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:trainNumber": "101", "odpt:trainType": "odpt.TrainType:Minami.Local",
              "odpt:railDirection": "odpt.RailDirection:Outbound",
              "odpt:originStation": ["odpt.Station:Kita.Kita.Ichi"], "odpt:destinationStation": ["odpt.Station:Minami.Minami.Umi"],
              "odpt:previousTrainTimetable": ["odpt.TrainTimetable:Kita.Kita.101.Weekday"],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "10:12", "odpt:departureStation": "odpt.Station:Minami.Minami.Minato"},
                {"odpt:arrivalTime": "10:20", "odpt:arrivalStation": "odpt.Station:Minami.Minami.Umi"}]},
             {"@id": "urn:ucode:_tt3", "@type": "odpt:TrainTimetable",
              "owl:sameAs": "odpt.TrainTimetable:Kita.Kita.102.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:trainNumber": "102", "odpt:trainType": "odpt.TrainType:Kita.Express",
              "odpt:railDirection": "odpt.RailDirection:Outbound",
              "odpt:destinationStation": ["odpt.Station:Kita.Kita.Minato"],
              "odpt:trainName": [{"ja": "みなと", "en": "Minato"}],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "23:55", "odpt:departureStation": "odpt.Station:Kita.Kita.Ichi"},
                {"odpt:arrivalTime": "00:01", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Ni",
                 "odpt:departureTime": "00:02", "odpt:departureStation": "odpt.Station:Kita.Kita.Ni"},
                {"odpt:arrivalTime": "00:08", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Minato"}]},
             {"@id": "urn:ucode:_tt4", "@type": "odpt:TrainTimetable",
              "owl:sameAs": "odpt.TrainTimetable:Kita.Kita.103.Specific.Kita.NewYearsEve", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:calendar": "odpt.Calendar:Specific.Kita.NewYearsEve",
              "odpt:trainNumber": "103", "odpt:trainType": "odpt.TrainType:Kita.Local",
              "odpt:railDirection": "odpt.RailDirection:Outbound",
              "odpt:destinationStation": ["odpt.Station:Kita.Kita.Ni"],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "01:30", "odpt:departureStation": "odpt.Station:Kita.Kita.Ichi"},
                {"odpt:arrivalTime": "01:35", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Ni"}]},
             {"@id": "urn:ucode:_tt5", "@type": "odpt:TrainTimetable",
              "owl:sameAs": "odpt.TrainTimetable:Kita.Kita.201.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:trainNumber": "201", "odpt:trainType": "odpt.TrainType:Kita.Local",
              "odpt:railDirection": "odpt.RailDirection:Inbound",
              "odpt:destinationStation": ["odpt.Station:Kita.Kita.Ichi"],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "06:00", "odpt:departureStation": "odpt.Station:Kita.Kita.Minato"},
                {"odpt:departureTime": "06:05", "odpt:departureStation": "odpt.Station:Kita.Kita.Ni"},
                {"odpt:arrivalTime": "06:10", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Ichi"}]},
             {"@id": "urn:ucode:_tt6", "@type": "odpt:TrainTimetable",
              "owl:sameAs": "odpt.TrainTimetable:Kita.Kita.202.SaturdayHoliday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:calendar": "odpt.Calendar:SaturdayHoliday",
              "odpt:trainNumber": "202", "odpt:trainType": "odpt.TrainType:Kita.Local",
              "odpt:destinationStation": ["odpt.Station:Kita.Kita.Ichi"],
              "odpt:trainTimetableObject": [
                {"odpt:departureTime": "07:00", "odpt:departureStation": "odpt.Station:Kita.Kita.Minato"},
                {"odpt:departureTime": "07:05", "odpt:departureStation": "odpt.Station:Kita.Kita.Ni"},
                {"odpt:arrivalTime": "07:10", "odpt:arrivalStation": "odpt.Station:Kita.Kita.Ichi"}]}]
            """#,
        "odpt_StationTimetable.json": #"""
            [{"@id": "urn:ucode:_st1", "@type": "odpt:StationTimetable",
              "owl:sameAs": "odpt.StationTimetable:Kita.Kita.Ichi.Outbound.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:station": "odpt.Station:Kita.Kita.Ichi",
              "odpt:railDirection": "odpt.RailDirection:Outbound", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:stationTimetableObject": [
                {"odpt:departureTime": "10:00", "odpt:trainNumber": "101", "odpt:trainType": "odpt.TrainType:Kita.Local",
                 "odpt:destinationStation": ["odpt.Station:Minami.Minami.Umi"]}]},
             {"@id": "urn:ucode:_st2", "@type": "odpt:StationTimetable",
              "owl:sameAs": "odpt.StationTimetable:Kita.Kita.Ni.Outbound.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:station": "odpt.Station:Kita.Kita.Ni",
              "odpt:railDirection": "odpt.RailDirection:Outbound", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:stationTimetableObject": [
                {"odpt:departureTime": "10:05", "odpt:trainNumber": "101"},
                {"odpt:departureTime": "00:02", "odpt:trainNumber": "102", "odpt:isLast": true}]},
             {"@id": "urn:ucode:_st3", "@type": "odpt:StationTimetable",
              "owl:sameAs": "odpt.StationTimetable:Kita.Kita.Minato.Outbound.Weekday", "odpt:operator": "odpt.Operator:Kita",
              "odpt:railway": "odpt.Railway:Kita.Kita", "odpt:station": "odpt.Station:Kita.Kita.Minato",
              "odpt:railDirection": "odpt.RailDirection:Outbound", "odpt:calendar": "odpt.Calendar:Weekday",
              "odpt:stationTimetableObject": [
                {"odpt:departureTime": "10:12", "odpt:trainNumber": "101", "odpt:destinationStation": ["odpt.Station:Minami.Minami.Umi"]}]},
             {"@id": "urn:ucode:_st4", "@type": "odpt:StationTimetable",
              "owl:sameAs": "odpt.StationTimetable:Minami.Minami.Minato.Outbound.Saturday", "odpt:operator": "odpt.Operator:Minami",
              "odpt:railway": "odpt.Railway:Minami.Minami", "odpt:station": "odpt.Station:Minami.Minami.Minato",
              "odpt:railDirection": "odpt.RailDirection:Outbound", "odpt:calendar": "odpt.Calendar:Saturday",
              "odpt:stationTimetableObject": [{"odpt:departureTime": "09:00"}]}]
            """#,
    ]

    /// Writes the dump, with `replacing` files swapped in and `omitting` files left out.
    init(replacing: [String: String] = [:], omitting: Set<String> = []) throws {
        for (name, text) in Self.files.merging(replacing, uniquingKeysWith: { _, new in new }) where !omitting.contains(name) {
            try scratch.write(name, text)
        }
    }

    func remove() { scratch.remove() }
}
