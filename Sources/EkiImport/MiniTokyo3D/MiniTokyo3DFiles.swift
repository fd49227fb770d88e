/// Decodable views of the Mini Tokyo 3D data files: only the fields Eki uses, everything else ignored.
///
/// Required fields (ids, a railway's station list, a train's railway, direction and stops, a stop's
/// station) are decoded strictly: a record without them cannot be placed, and the import stops with
/// the file and position. Every other field is read tolerantly (`LenientFields`): null, of the wrong
/// type or empty, it is read as absent and noted in `problems`, which the source turns into warnings.
/// docs/FORMATS.md lists which is which.
enum MiniTokyo3DFiles {
    typealias Titles = [String: String]

    struct Railway: Decodable {
        var id: String
        var title: Titles?
        var stations: [String]
        var ascending: String?
        var descending: String?
        var color: String?
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey { case id, title, stations, ascending, descending, color }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.required(.id)
            stations = try c.decode([String].self, forKey: .stations)
            title = c.lenient(Titles.self, .title, .expected, &problems)
            ascending = c.lenient(String.self, .ascending, .expected, &problems)
            descending = c.lenient(String.self, .descending, .expected, &problems)
            color = c.lenient(String.self, .color, .expected, &problems)
            if stations.isEmpty { problems.note(c.codingPath + [CodingKeys.stations], "empty (a railway without its station list)") }
        }
    }

    struct Station: Decodable {
        var id: String
        var railway: String?
        var coord: [Double]?
        var title: Titles?
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey { case id, railway, coord, title }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.required(.id)
            railway = c.lenient(String.self, .railway, .mayBeAbsent, &problems)
            coord = c.lenient([Double].self, .coord, .mayBeAbsent, &problems)
            // Two numbers; whether they are a place on Earth is the validator's to say (badCoordinates).
            if let coord, coord.count < 2 {
                problems.note(c.codingPath + [CodingKeys.coord], "not [longitude, latitude]")
                self.coord = nil
            }
            title = c.lenient(Titles.self, .title, .expected, &problems)
        }
    }

    /// rail-directions.json, train-types.json and operators.json share this shape.
    struct Titled: Decodable {
        var id: String
        var title: Titles?
        var color: String?
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey { case id, title, color }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.required(.id)
            title = c.lenient(Titles.self, .title, .expected, &problems)
            color = c.lenient(String.self, .color, .mayBeAbsent, &problems)
        }
    }

    struct Stop: Decodable {
        var s: String
        var a: String?
        var d: String?
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey { case s, a, d }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            s = try c.required(.s)
            a = c.lenient(String.self, .a, .mayBeAbsent, &problems)
            d = c.lenient(String.self, .d, .mayBeAbsent, &problems)
        }
    }

    struct Train: Decodable {
        var id: String
        var t: String?
        var r: String
        var n: String
        var y: String?
        var d: String
        var os: [String]?
        var ds: [String]?
        var pt: [String]?
        var nt: [String]?
        var nm: [Titles]?
        var v: String?
        var tt: [Stop]
        var problems = FieldProblems()

        enum CodingKeys: String, CodingKey { case id, t, r, n, y, d, os, ds, pt, nt, nm, v, tt }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.required(.id)
            r = try c.required(.r)
            d = try c.required(.d)
            tt = try c.decode([Stop].self, forKey: .tt)
            t = c.lenient(String.self, .t, .mayBeAbsent, &problems)
            // Train numbers are strings, but a number written as a JSON number is still a number.
            if let number = try? c.decode(Int.self, forKey: .n) {
                n = String(number)
            } else {
                n = c.lenient(String.self, .n, .expected, &problems) ?? ""
            }
            y = c.lenient(String.self, .y, .expected, &problems)
            os = c.lenientStrings(.os, .mayBeAbsent, &problems)
            ds = c.lenientStrings(.ds, .mayBeAbsent, &problems)
            pt = c.lenientStrings(.pt, .mayBeAbsent, &problems)
            nt = c.lenientStrings(.nt, .mayBeAbsent, &problems)
            nm = c.lenient([Titles].self, .nm, .mayBeAbsent, &problems)
            v = c.lenient(String.self, .v, .mayBeAbsent, &problems)
            for stop in tt { problems.append(stop.problems) }
            if tt.isEmpty { problems.note(c.codingPath + [CodingKeys.tt], "empty (the train is left out)") }
        }
    }
}
