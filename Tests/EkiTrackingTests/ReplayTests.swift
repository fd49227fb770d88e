import EkiCore
@testable import EkiTracking
import Foundation
import Testing

/// Rides on the real data (Tuesday 2026-11-24 trains along their real shapes), replayed through the
/// tracker with the whole network loaded.
@Suite struct ReplayTests {
    static let tokaido = "JR-East.Tokaido.1531E.Weekday"               // Shinagawa 08:02 → Kawasaki → Yokohama 08:20
    static let keihinTohoku = "JR-East.KeihinTohokuNegishi.651B.Weekday" // Shinagawa 08:02, every station → Yokohama 08:31
    static let toyokoLocal = "Tokyu.Toyoko.702082.Weekday"             // Yokohama 08:25 → Kikuna 08:38, every station

    /// The first index from which every state names `railway` (nil when the last one does not).
    func settled(_ states: [TrackingState], on railway: String) -> Int? {
        guard states.last?.railway == railway else { return nil }
        return (states.lastIndex { $0.railway != railway } ?? -1) + 1
    }

    @Test func tokaidoBetweenShinagawaAndYokohama() throws {
        let ride = try ReplayRides.ride(Self.tokaido, from: "JR-East.Tokaido.Shinagawa", to: "JR-East.Tokaido.Yokohama")
        let (states, _) = try ReplayRides.replay(ride.fixes)
        let from = try #require(settled(states, on: "JR-East.Tokaido"))
        #expect(states.last?.direction == "Outbound")
        // The Keihin-Tohoku stops at Oimachi and Omori, the Tokaido goes through: two passes settle it.
        let omori = try #require(ride.calls.first { $0.station == "JR-East.KeihinTohokuNegishi.Omori" }?.time
                                 ?? ride.calls.dropFirst().first?.time)
        #expect(states[from].time <= max(omori, ride.departure + 300) + 60)
        #expect(states.last?.focusStation == "JR-East.Tokaido.Yokohama")
        #expect(states.last?.phase == .at)
    }

    @Test func keihinTohokuOverTheSameStretch() throws {
        let ride = try ReplayRides.ride(Self.keihinTohoku, from: "JR-East.KeihinTohokuNegishi.Shinagawa",
                                        to: "JR-East.KeihinTohokuNegishi.Yokohama")
        let (states, _) = try ReplayRides.replay(ride.fixes)
        let from = try #require(settled(states, on: "JR-East.KeihinTohokuNegishi"))
        #expect(states.last?.direction == "Southbound" || states.last?.direction == "Outbound")
        // Stopping at Omori (the second station) rules the Tokaido out.
        let omori = try #require(ride.calls.first { $0.station == "JR-East.KeihinTohokuNegishi.Omori" })
        #expect(states[from].time <= omori.time + 90)
        // Once right, the next station is right: every station is a stop.
        let kamata = try #require(states.firstIndex { $0.time > omori.time + 60 })
        #expect(states[kamata].nextStation == "JR-East.KeihinTohokuNegishi.Kamata")
        #expect(states.last?.focusStation == "JR-East.KeihinTohokuNegishi.Yokohama")
    }

    /// The ride page shows the train itself (issue 21 finding 5): once stops have told the lines
    /// apart, the tracker names the timetable's own train, with its real destination and times.
    @Test func theTrackerNamesTheTrainItself() throws {
        let ride = try ReplayRides.ride(Self.keihinTohoku, from: "JR-East.KeihinTohokuNegishi.Shinagawa",
                                        to: "JR-East.KeihinTohokuNegishi.Yokohama")
        let (states, _) = try ReplayRides.replay(ride.fixes)
        let omori = try #require(ride.calls.first { $0.station == "JR-East.KeihinTohokuNegishi.Omori" })
        let kamata = try #require(states.firstIndex { $0.time > omori.time + 60 })
        #expect(states[kamata].nextStation == "JR-East.KeihinTohokuNegishi.Kamata")
        let timetable = try ReplayRides.network().timetable
        let train = try #require(try states[kamata].trainRow.flatMap { try timetable.trainPart(row: $0) })
        #expect(train.id == Self.keihinTohoku)
        #expect(train.destinations == ["JR-East.KeihinTohokuNegishi.Ofuna"])
        // 651B: 大森 08:08, 蒲田 08:13, 横浜 08:31 in the timetable (which gives departures only).
        func time(_ station: String) -> String? {
            train.stops.first { $0.station == "JR-East.KeihinTohokuNegishi." + station }.flatMap { $0.arrival ?? $0.departure }?.clock
        }
        #expect(time("Kamata") == "08:13")
        #expect(time("Yokohama") == "08:31")
    }

    @Test func aLongGapInTheFixesIsBridged() throws {
        let ride = try ReplayRides.ride(Self.tokaido, from: "JR-East.Tokaido.Shinagawa", to: "JR-East.Tokaido.Yokohama")
        let kawasaki = try #require(ride.calls.first { $0.station == "JR-East.Tokaido.Kawasaki" }?.time)
        // Four minutes with nothing from a minute after Kawasaki, as in a long tunnel.
        let gap = (kawasaki + 60)...(kawasaki + 300)
        let fixes = ride.fixes.filter { !gap.contains($0.time) }
        let (states, _) = try ReplayRides.replay(fixes)
        let after = try #require(states.firstIndex { $0.time > gap.upperBound })
        #expect(states[after...].allSatisfy { $0.railway == "JR-East.Tokaido" })
        #expect(states[after + 10].nextStation == "JR-East.Tokaido.Yokohama")
        #expect(states[after - 1].reducedAccuracy == false)
    }

    @Test func aChangeOfTrainMovesTheAnswer() throws {
        let first = try ReplayRides.ride(Self.tokaido, from: "JR-East.Tokaido.Shinagawa", to: "JR-East.Tokaido.Yokohama")
        let second = try ReplayRides.ride(Self.toyokoLocal, from: "Tokyu.Toyoko.Yokohama", to: "Tokyu.Toyoko.Kikuna", seed: 2)
        // Walk from the JR platform to the Tokyu one, a fix a second.
        let (a, b) = (first.fixes.last!, second.fixes.first!)
        var walk: [Fix] = []
        var time = a.time + 1
        while time < b.time {
            let f = (time - a.time) / (b.time - a.time)
            walk.append(Fix(time: time, latitude: a.latitude + f * (b.latitude - a.latitude),
                            longitude: a.longitude + f * (b.longitude - a.longitude), accuracy: 30, speed: 0.8))
            time += 1
        }
        let (states, _) = try ReplayRides.replay(first.fixes + walk + second.fixes)
        let from = try #require(settled(states, on: "Tokyu.Toyoko"))
        #expect(states.last?.direction == "Inbound")
        #expect(states[from].time <= second.departure + 120)
        #expect(states.last?.focusStation == "Tokyu.Toyoko.Kikuna")
        // On the Tokaido until Yokohama.
        let yokohama = try #require(states.firstIndex { $0.time >= first.fixes.last!.time })
        #expect(states[yokohama].railway == "JR-East.Tokaido")
    }

    @Test func aFileFullOfGarbageGivesTheSameAnswer() throws {
        let ride = try ReplayRides.ride(Self.toyokoLocal, from: "Tokyu.Toyoko.Yokohama", to: "Tokyu.Toyoko.Kikuna")
        var dirty: [Fix] = []
        var inserted: [SkippedFix: Int] = [:]
        for (i, fix) in ride.fixes.enumerated() {
            dirty.append(fix)
            guard i % 4 == 0 else { continue }
            let kind = SkippedFix.allCases[(i / 4) % SkippedFix.allCases.count]
            var bad = fix
            switch kind {
            case .notANumber: bad.latitude = .nan
            case .timeOutOfRange: bad.time = -1e19
            case .outOfRange: bad.longitude = 400
            case .badAccuracy: bad.accuracy = -10
            case .timeBackwards: bad.time -= 30
            case .duplicate: break
            }
            dirty.append(bad)
            inserted[kind, default: 0] += 1
        }
        let clean = try ReplayRides.replay(ride.fixes).states
        let (states, tracker) = try ReplayRides.replay(dirty)
        for kind in SkippedFix.allCases { #expect(tracker.skipped[kind.rawValue] == inserted[kind]) }
        #expect(tracker.skippedCount == dirty.count - ride.fixes.count)
        #expect(states.last?.railway == clean.last?.railway && clean.last?.railway == "Tokyu.Toyoko")
        #expect(states.last?.nextStation == clean.last?.nextStation)
        #expect(states.last?.focusStation == "Tokyu.Toyoko.Kikuna")
    }
}
