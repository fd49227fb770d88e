import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Networks are built by one background builder from a small queue, never by the caller (issue
/// 20: four clients building networks on the request path starved everyone), and only for the
/// dates the server serves. On the hand-written Tokyo (`TokyoFixture`); where a test asks what
/// happens while a build is under way, it holds the build (`TokyoFixture.Held`).
@Suite struct RouteNetworksTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!

    /// The fixture's weekday network, counted by hand from `TokyoFixture`'s trains: 1101 trains and
    /// 2108 connections (one per pair of consecutive stops) —
    /// 海岸線 77 inbound (05:00–23:45 every 15, and 24:30) and 76 outbound, 2 each: 306;
    /// 副線 74 locals each way, 2 each: 296, and 12 semi-expresses: 24;
    /// 北線 55 locals each way, 1 each: 110, and 2 特急: 2;
    /// 環状線 115 laps each way (05:00–24:00 every 10), 4 each: 920;
    /// 銀線 220 each way (05:30–23:45 every 5), 1 each: 440;
    /// the two through expresses, 2 + 2 + 1 each: 10.
    static let weekdayTrains = 1101, weekdayConnections = 2108

    @Test func askingNeverBuildsTheCallerWaitsForTheBuilder() async throws {
        let held = try TokyoFixture.Held()
        defer { held.open() }
        let timetable = held.timetable
        let networks = RouteNetworks(timetable: timetable, waitInline: nil)
        // The caller gets "not ready" at once: the building happens elsewhere (and is held up).
        #expect(throws: RouteNetworks.Failure.notReady(Self.tuesday)) { _ = try networks.network(for: Self.tuesday) }
        #expect(throws: RouteNetworks.Failure.notReady(Self.tuesday)) { _ = try networks.network(for: Self.tuesday) }
        held.open()
        #expect(await networks.waitUntilBuilt(Self.tuesday, timeout: .seconds(600)))
        let network = try networks.network(for: Self.tuesday)
        #expect(network.serviceDate == Self.tuesday)
        // The same as one built directly, from the same weekday's trains.
        let direct = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        #expect(network.connectionCount == direct.connectionCount && network.tripCount == direct.tripCount)
        #expect(network.connectionCount == Self.weekdayConnections && network.tripCount == Self.weekdayTrains)
        // Nothing pending for a built date: no wait.
        #expect(await networks.waitUntilBuilt(Self.tuesday, timeout: .zero))
    }

    @Test func theQueueIsSmallAndTheRestAreBusy() async throws {
        let held = try TokyoFixture.Held()
        defer { held.open() }
        let networks = RouteNetworks(timetable: held.timetable, queueLimit: 2, waitInline: nil)
        let days = (0..<6).map { Self.tuesday.adding(days: $0) }
        var outcomes: [RouteNetworks.Failure] = []
        for day in days {
            do {
                _ = try networks.network(for: day)
            } catch let failure as RouteNetworks.Failure {
                outcomes.append(failure)
            }
        }
        // At most one building (held) and two waiting: the other days are turned away, not queued.
        // (Two when the builder had not yet taken the first when the third was asked.)
        #expect(outcomes.count == days.count)
        let queued = outcomes.filter { if case .notReady = $0 { true } else { false } }
        #expect(queued.count >= 2 && queued.count <= 3)
        #expect(outcomes.filter { $0 == .busy }.count == days.count - queued.count)
        #expect(queued.first == .notReady(days[0]))
    }

    /// A caller with no way to wait asynchronously (a router without RouteNetworkWait) waits inline.
    @Test func aCallerCanWaitInline() throws {
        let networks = RouteNetworks(timetable: try TokyoFixture.timetable(), waitInline: .seconds(600))
        let wednesday = try networks.network(for: Self.tuesday.adding(days: 1))
        #expect(wednesday.serviceDate == Self.tuesday.adding(days: 1))
        #expect(wednesday.tripCount == Self.weekdayTrains)
    }

    @Test func datesOutsideTheWindowAreRefused() throws {
        let window = RouteNetworks.Window(days: -1...30) { Self.tuesday }
        let held = try TokyoFixture.Held()
        defer { held.open() }
        let networks = RouteNetworks(timetable: held.timetable, window: window, waitInline: nil)
        let served = Self.tuesday.adding(days: -1)...Self.tuesday.adding(days: 30)
        for outside in [Self.tuesday.adding(days: -2), Self.tuesday.adding(days: 32), CivilDate(iso: "2099-12-31")!] {
            #expect(throws: RouteNetworks.Failure.outsideWindow(outside, served: served)) { _ = try networks.network(for: outside) }
        }
        // Yesterday, a month ahead, and the morning after it (late searches on the last day) are asked for.
        for inside in [Self.tuesday.adding(days: -1), Self.tuesday.adding(days: 30)] {
            #expect(throws: RouteNetworks.Failure.notReady(inside)) { _ = try networks.network(for: inside) }
        }
        #expect(RouteNetworks.Failure.outsideWindow(CivilDate(iso: "2027-01-10")!, served: served).description
                == "fastest routes are served for dates from 2026-11-23 to 2026-12-24, not 2027-01-10")
    }
}

/// Review of issue 20, 2 and 8: four clients asking for new dates evicted today's network and
/// filled the queue (a rider asking today's route got 19 × 503 in 30); the day after the window
/// was served though the window's end said otherwise.
@Suite struct RouteNetworksFairnessTests {
    static let tuesday = RouteNetworksTests.tuesday
    static let window = RouteNetworks.Window(days: -1...30) { tuesday }

    static func builtNow(_ networks: RouteNetworks, _ date: CivilDate) -> Bool {
        (try? networks.network(for: date)) != nil
    }

    @Test func todayAndTomorrowAreNeverEvicted() async throws {
        let networks = RouteNetworks(timetable: try TokyoFixture.timetable(), window: Self.window, capacity: 1, waitInline: nil)
        for offset in 0...4 {
            let date = Self.tuesday.adding(days: offset)
            _ = try? networks.network(for: date)
            #expect(await networks.waitUntilBuilt(date, timeout: .seconds(600)))
        }
        // Three other dates went through a cache of one: today and tomorrow are still there.
        #expect(Self.builtNow(networks, Self.tuesday))
        #expect(Self.builtNow(networks, Self.tuesday.adding(days: 1)))
        #expect(Self.builtNow(networks, Self.tuesday.adding(days: 4)))
        #expect(!Self.builtNow(networks, Self.tuesday.adding(days: 3)))
    }

    @Test func todayJumpsAFullQueueAndEachRequesterHoldsItsShare() throws {
        // The first build held: it stays under way while the rest is asked.
        let held = try TokyoFixture.Held()
        defer { held.open() }
        let networks = RouteNetworks(timetable: held.timetable, window: Self.window, queueLimit: 2, waitInline: nil)
        func ask(_ offset: Int, as requester: String) -> RouteNetworks.Failure? {
            RouteNetworks.$requester.withValue(requester) {
                do {
                    _ = try networks.network(for: Self.tuesday.adding(days: offset))
                    return nil
                } catch {
                    return error as? RouteNetworks.Failure
                }
            }
        }
        // One requester: one place (half of a queue of two), whether building or waiting.
        #expect(ask(5, as: "hammer") == .notReady(Self.tuesday.adding(days: 5)))
        // (Once the builder has taken it, so that what follows does not depend on when it does.)
        while networks.pending.building != Self.tuesday.adding(days: 5) { sched_yield() }
        #expect(ask(6, as: "hammer") == .busy)
        // Others still get places, until the queue is full.
        #expect(ask(6, as: "second") == .notReady(Self.tuesday.adding(days: 6)))
        #expect(ask(7, as: "third") == .notReady(Self.tuesday.adding(days: 7)))
        #expect(ask(8, as: "fourth") == .busy)
        // Today goes ahead of them all, full queue or not.
        #expect(ask(0, as: "rider") == .notReady(Self.tuesday))
    }

    @Test func ridersAskOnlyForTheServedDates() throws {
        let networks = RouteNetworks(timetable: try TokyoFixture.timetable(), window: Self.window, waitInline: nil)
        let served = Self.tuesday.adding(days: -1)...Self.tuesday.adding(days: 30)
        try networks.checkServed(Self.tuesday.adding(days: 30))
        try networks.checkServed(Self.tuesday.adding(days: -1))
        // The morning after the last day is looked at by a late search, never asked for.
        #expect(throws: RouteNetworks.Failure.outsideWindow(Self.tuesday.adding(days: 31), served: served)) {
            try networks.checkServed(Self.tuesday.adding(days: 31))
        }
    }
}
