/// Decodable views of the Mini Tokyo 3D data files: only the fields Eki uses, everything else ignored.
enum MiniTokyo3DFiles {
    typealias Titles = [String: String]

    struct Railway: Decodable {
        var id: String
        var title: Titles
        var stations: [String]
        var ascending: String?
        var descending: String?
        var color: String?
    }

    struct Station: Decodable {
        var id: String
        var railway: String?
        var coord: [Double]?
        var title: Titles
    }

    /// rail-directions.json, train-types.json and operators.json share this shape.
    struct Titled: Decodable {
        var id: String
        var title: Titles
        var color: String?
    }

    struct Stop: Decodable {
        var s: String
        var a: String?
        var d: String?
    }

    struct Train: Decodable {
        var id: String
        var t: String?
        var r: String
        var n: String
        var y: String
        var d: String
        var os: [String]?
        var ds: [String]?
        var pt: [String]?
        var nt: [String]?
        var nm: [Titles]?
        var v: String?
        var tt: [Stop]

        enum CodingKeys: String, CodingKey { case id, t, r, n, y, d, os, ds, pt, nt, nm, v, tt }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            t = try c.decodeIfPresent(String.self, forKey: .t)
            r = try c.decode(String.self, forKey: .r)
            // Train numbers are strings, but a number written as a JSON number is still a number.
            if let number = try? c.decode(String.self, forKey: .n) {
                n = number
            } else if let number = try? c.decode(Int.self, forKey: .n) {
                n = String(number)
            } else {
                n = try c.decodeIfPresent(String.self, forKey: .n) ?? ""
            }
            y = try c.decode(String.self, forKey: .y)
            d = try c.decode(String.self, forKey: .d)
            os = try c.decodeIfPresent([String].self, forKey: .os)
            ds = try c.decodeIfPresent([String].self, forKey: .ds)
            pt = try c.decodeIfPresent([String].self, forKey: .pt)
            nt = try c.decodeIfPresent([String].self, forKey: .nt)
            nm = try c.decodeIfPresent([Titles].self, forKey: .nm)
            v = try? c.decodeIfPresent(String.self, forKey: .v)
            tt = try c.decode([Stop].self, forKey: .tt)
        }
    }
}
