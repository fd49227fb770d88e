import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Networks are built by one background builder from a small queue, never by the caller (issue
/// 20: four clients building networks on the request path starved everyone), and only for the
/// dates the server serves.
@Suite struct RouteNetworksTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!

    @Test func askingNeverBuildsTheCallerWaitsForTheBuilder() async throws {
        let timetable = try SharedData.imported().timetable
        let networks = RouteNetworks(timetable: timetable, waitInline: nil)
        // The caller gets "not ready" at once: the building happens elsewhere.
        #expect(throws: RouteNetworks.Failure.notReady(Self.tuesday)) { _ = try networks.network(for: Self.tuesday) }
        #expect(throws: RouteNetworks.Failure.notReady(Self.tuesday)) { _ = try networks.network(for: Self.tuesday) }
        #expect(await networks.waitUntilBuilt(Self.tuesday, timeout: .seconds(120)))
        let network = try networks.network(for: Self.tuesday)
        #expect(network.serviceDate == Self.tuesday)
        // The same as one built directly, from the same weekday's trains.
        let direct = try RouteNetwork(timetable: timetable, serviceDate: Self.tuesday)
        #expect(network.connectionCount == direct.connectionCount && network.tripCount == direct.tripCount)
        #expect(network.connectionCount > 500_000)
        // Nothing pending for a built date: no wait.
        #expect(await networks.waitUntilBuilt(Self.tuesday, timeout: .zero))
    }

    @Test func theQueueIsSmallAndTheRestAreBusy() async throws {
        let networks = RouteNetworks(timetable: try SharedData.imported().timetable, queueLimit: 2, waitInline: nil)
        let days = (0..<6).map { Self.tuesday.adding(days: $0) }
        var outcomes: [RouteNetworks.Failure] = []
        for day in days {
            do {
                _ = try networks.network(for: day)
            } catch let failure as RouteNetworks.Failure {
                outcomes.append(failure)
            }
        }
        // At most one building and two waiting: the other days are turned away, not queued.
        let queued = outcomes.filter { if case .notReady = $0 { true } else { false } }
        #expect(queued.count >= 2 && queued.count <= 3)
        #expect(outcomes.filter { $0 == .busy }.count == days.count - queued.count)
        #expect(queued.first == .notReady(days[0]))
    }

    /// A caller with no way to wait asynchronously (a router without RouteNetworkWait) waits inline.
    @Test func aCallerCanWaitInline() throws {
        let networks = RouteNetworks(timetable: try SharedData.imported().timetable, waitInline: .seconds(120))
        #expect(try networks.network(for: Self.tuesday.adding(days: 1)).serviceDate == Self.tuesday.adding(days: 1))
    }

    @Test func datesOutsideTheWindowAreRefused() throws {
        let window = RouteNetworks.Window(days: -1...30) { Self.tuesday }
        let networks = RouteNetworks(timetable: try SharedData.imported().timetable, window: window, waitInline: nil)
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
