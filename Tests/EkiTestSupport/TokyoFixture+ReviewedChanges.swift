import EkiStore

extension TokyoFixture {
    /// The fixture with a reviewed interchange table of its own, as Mini Tokyo 3D's
    /// `interchanges.tsv` gives the real data (docs/TRANSFERS.md): figures where the rule would
    /// count otherwise, and one pair of directions that stand across one island.
    ///
    /// - 渋谷坂, 海岸線 → 銀線: 8 minutes, a long passage (the rule counts 5 through another
    ///   operator's gates), measured.
    /// - 新宿原, 環状線 → 副線: 6 minutes through the gates, an estimate (the rule counts 5).
    /// - 池袋台, 副線 → 北線: one platform group (the rule's 2 minutes), but a 副線 train going
    ///   north (Northbound) stands across the island from a 北線 train leaving (Outbound): 1 minute,
    ///   for that pair of directions only.
    ///
    /// In a database of its own (`reviewedTimetable()`): the values every other test relies on
    /// stay as they are.
    public static let withReviewedChanges: TimetableDataset = {
        var data = dataset
        data.transfers = [
            .init(from: kaiganShibuyazaka, to: ginShibuyazaka, minutes: 8, kind: ChangeKind.longWalk.rawValue,
                  basis: "measured: the 銀線 stands three floors up"),
            .init(from: kanjoShinjukuhara, to: fukuShinjukuhara, minutes: 6, kind: ChangeKind.gates.rawValue,
                  basis: "estimate from the station plan"),
        ]
        data.crosses = [
            .init(from: fukuIkebukurodai, to: kitaIkebukurodai, arriving: "Northbound", departing: "Outbound", minutes: 1,
                  basis: "one island: 副線 north beside 北線 out"),
        ]
        return data
    }()

    /// `withReviewedChanges` in a database in memory, opened (once per test process).
    public static func reviewedTimetable() throws -> Timetable { try reviewedOnce.value.get() }

    private static let reviewedOnce = Once { Result { () throws -> Timetable in
        try timetable(changing: { $0 = withReviewedChanges })
    } }
}
