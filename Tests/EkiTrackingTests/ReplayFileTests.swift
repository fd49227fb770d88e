import Foundation
@testable import EkiTracking
import Testing

/// Reading rides: JSON Lines and GPX 1.1, and the line number of what is wrong.
@Suite struct ReplayFileTests {
    func read(_ text: String) throws -> [Fix] { try RideFileReader.read(Data(text.utf8)) }

    func failure(_ text: String) -> RideFileError? {
        do { _ = try read(text); return nil } catch let error as RideFileError { return error } catch { return nil }
    }

    @Test func jsonLinesWithIsoAndEpochTimes() throws {
        let fixes = try read("""
            {"t": "2026-11-24T07:41:10+09:00", "lat": 35.5081, "lon": 139.6176, "accuracy": 8, "speed": 12.5, "course": 320}

            {"t": 1795473671.5, "lat": 35.5083, "lon": 139.6174, "accuracy": 9, "speed": -1, "course": -1}
            {"t": "2026-11-23T22:41:12.250Z", "lat": 35.5085, "lon": 139.6172}
            """)
        #expect(fixes.count == 3)
        #expect(fixes[0].time == 1_795_473_670)   // 07:41:10 Tokyo
        #expect(fixes[0].speed == 12.5 && fixes[0].course == 320 && fixes[0].accuracy == 8)
        #expect(fixes[1].time == 1_795_473_671.5 && fixes[1].speed == -1)
        #expect(fixes[2].time == 1_795_473_672.25)
        #expect(fixes[2].accuracy == RideFileReader.defaultAccuracy && fixes[2].speed == -1 && fixes[2].course == -1)
    }

    @Test func nonsenseValuesAreReadForTheTrackerToSkip() throws {
        let fixes = try read("""
            {"t": 1795473670, "lat": 123.4, "lon": 139.6, "accuracy": -5}
            {"t": 1795473600, "lat": 35.5, "lon": 139.6, "accuracy": 10, "speed": null}
            """)
        #expect(fixes.count == 2)
        #expect(fixes[0].latitude == 123.4 && fixes[0].accuracy == -5)
        #expect(fixes[1].speed == -1)
    }

    @Test func aBadLineIsNamedByItsNumber() {
        #expect(failure("""
            {"t": 1795473670, "lat": 35.5, "lon": 139.6}
            {"t": 1795473671, "lon": 139.6}
            """) == RideFileError(line: 2, message: FixReader.positionRule))
        #expect(failure("""
            {"t": 1795473670, "lat": 35.5, "lon": 139.6}

            not json at all
            """)?.line == 3)
        #expect(failure("""
            {"t": "yesterday", "lat": 35.5, "lon": 139.6}
            """)?.message == FixReader.timeRule)
        #expect(failure("{\"t\": 1, \"lat\": \"north\", \"lon\": 139.6}")?.message == FixReader.positionRule)
        #expect(failure("\n\n")?.message == "no fixes in the file")
    }

    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
          <trk><trkseg>
            <trkpt lat="35.5081" lon="139.6176"><ele>12</ele><time>2026-11-24T07:41:10+09:00</time><hdop>3</hdop>
              <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>12.5</gpxtpx:speed><gpxtpx:course>320</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
            </trkpt>
            <trkpt lat="35.5083" lon="139.6174"><time>2026-11-23T22:41:11Z</time><extensions><accuracy>7</accuracy></extensions></trkpt>
            <trkpt lat="35.5085" lon="139.6172"><time>2026-11-23T22:41:12Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    @Test func gpxTrackPointsWithExtensions() throws {
        let fixes = try read(Self.gpx)
        #expect(fixes.count == 3)
        #expect(fixes[0] == Fix(time: 1_795_473_670, latitude: 35.5081, longitude: 139.6176, accuracy: 15, speed: 12.5, course: 320))
        #expect(fixes[1].accuracy == 7 && fixes[1].speed == -1)
        #expect(fixes[2].accuracy == RideFileReader.defaultAccuracy)
    }

    @Test func gpxErrorsNameTheirLine() {
        let noTime = Self.gpx.replacingOccurrences(of: "<time>2026-11-23T22:41:11Z</time>", with: "")
        let error = failure(noTime)
        #expect(error?.message == "trkpt without <time>")
        #expect(error?.line == 8)
        #expect(failure("<gpx><trk><trkseg><trkpt lat=\"35\"></trkpt></trkseg></trk></gpx>")?.message == "trkpt without a numeric lat and lon")
        // Cut off in the middle of a point.
        let truncated = failure("<gpx><trk><trkseg>\n<trkpt lat=\"35.5\" lon=\"139.6\"><time>2026-11-24T07:41:10+09:00</time></trkpt>\n<trkpt lat=\"35.5\" lon=")
        #expect(truncated?.line == 3)
        #expect(failure("<gpx></gpx>")?.message == "no track points (trkpt) in the GPX file")
    }
}

/// Review of issue 20, 7: the ride API and the ride files read `t` differently (milliseconds in one
/// only; a five-digit year taken by one). One reader now: `FixReader`.
@Suite struct OneFixReaderTests {
    @Test func aFileReadsTimesAsTheAPIDoes() throws {
        let fixes = try RideFileReader.read(Data("""
            {"t": 1795473670123, "lat": 35.5, "lon": 139.6}
            {"t": "2026-11-24T07:41:11.5+09:00", "lat": 35.5, "lon": 139.6}
            """.utf8))
        #expect(fixes.map(\.time) == [1_795_473_670.123, 1_795_473_671.5])
        for bad in ["\"99999-01-01T00:00:00Z\"", "\"2026-11-24T07:41:11+24:00\"", "true", "\"1795473670\""] {
            #expect(throws: RideFileError(line: 1, message: FixReader.timeRule)) {
                _ = try RideFileReader.read(Data("{\"t\": \(bad), \"lat\": 35.5, \"lon\": 139.6}".utf8))
            }
        }
    }
}

/// Outside the issue: `eki track simulate --out DIR` into a folder that already held rides failed
/// with "The file doesn't exist" and deleted ride-0001.jsonl.
@Suite struct RideFileWriterTests {
    @Test func aRideFileIsReplacedWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eki-rides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ride-0001.jsonl")
        try RideFileWriter.replace(file, with: Data("first\n".utf8))
        try RideFileWriter.replace(file, with: Data("second\n".utf8))
        #expect(try String(contentsOf: file, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ride-0001.jsonl"])
    }
}
