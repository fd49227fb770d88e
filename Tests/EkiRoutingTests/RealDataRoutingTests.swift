import EkiCore
@testable import EkiRouting
import EkiStore
import EkiTestSupport
import Foundation
import Testing

/// Routing proved on the real thing (../shared, imported once per test process): what only the
/// real data can show — the reviewed interchange table's thousands of changes counted alike by the
/// scans and the planner, the fastest route against an independent search over the whole real
/// network, real last trains through five railways and past midnight (issue 29's 終電 馬車道 →
/// 池袋). The logic itself is tested on the hand-written Tokyo (`TokyoFixture`) in the suites
/// beside this one; every test here is skipped, and says so, where the real data is not there.
@Suite struct RealDataRoutingTests {
    static let tuesday = CivilDate(iso: "2026-11-24")!
    static let rules = TransferRules()

    static func timetable() throws -> Timetable { try SharedData.imported().timetable }

    // MARK: - One change rule

    /// Every pair of stations of every real complex and every cross row of the reviewed table.
    @Test func theScansAndThePlannerCountTheSameMinutesOnTheRealData() throws {
        let reference = try Self.timetable().reference
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules()) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: .mustHold) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules(pace: .hurry)) > 1000)
        #expect(ChangeRuleTests.expectOneRule(reference, rules: TransferRules(pace: .relaxed)) > 1000)
    }
}
