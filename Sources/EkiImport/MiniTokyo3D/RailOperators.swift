import EkiStore

/// The railway operators of the Mini Tokyo 3D data, by the first part of its railway ids.
///
/// Its operators.json lists airlines only, yet riders name a railway with its operator
/// (東急東横線, "Seibu Shinjuku" versus 都営新宿線), so the names riders use are kept here.
/// The ids are ODPT's operator ids (odpt.Operator:Tokyu), which an ODPT import uses as well.
enum RailOperators {
    static let names: [String: LocalizedName] = [
        "JR-East": .init(ja: "JR東日本", en: "JR East"),
        "JR-Central": .init(ja: "JR東海", en: "JR Central"),
        "TokyoMetro": .init(ja: "東京メトロ", en: "Tokyo Metro"),
        "Toei": .init(ja: "都営", en: "Toei"),
        "Tokyu": .init(ja: "東急", en: "Tokyu"),
        "Tobu": .init(ja: "東武", en: "Tobu"),
        "Seibu": .init(ja: "西武", en: "Seibu"),
        "Keisei": .init(ja: "京成", en: "Keisei"),
        "Keio": .init(ja: "京王", en: "Keio"),
        "Keikyu": .init(ja: "京急", en: "Keikyu"),
        "Odakyu": .init(ja: "小田急", en: "Odakyu"),
        "Sotetsu": .init(ja: "相鉄", en: "Sotetsu"),
        "YokohamaMunicipal": .init(ja: "横浜市営地下鉄", en: "Yokohama Municipal Subway"),
        "Minatomirai": .init(ja: "横浜高速鉄道", en: "Yokohama Minatomirai Railway"),
        "TWR": .init(ja: "東京臨海高速鉄道", en: "Tokyo Waterfront Area Rapid Transit"),
        "MIR": .init(ja: "首都圏新都市鉄道", en: "Metropolitan Intercity Railway"),
        "Hokuso": .init(ja: "北総鉄道", en: "Hokuso Railway"),
        "Shibayama": .init(ja: "芝山鉄道", en: "Shibayama Railway"),
        "SaitamaRailway": .init(ja: "埼玉高速鉄道", en: "Saitama Railway"),
        "ToyoRapid": .init(ja: "東葉高速鉄道", en: "Toyo Rapid Railway"),
        "Yurikamome": .init(ja: "ゆりかもめ", en: "Yurikamome"),
        "YokohamaSeaside": .init(ja: "横浜シーサイドライン", en: "Yokohama Seaside Line"),
        "SaitamaTransit": .init(ja: "埼玉新都市交通", en: "Saitama New Urban Transit"),
        "TokyoMonorail": .init(ja: "東京モノレール", en: "Tokyo Monorail"),
        "TamaMonorail": .init(ja: "多摩モノレール", en: "Tama Monorail"),
        "ChibaMonorail": .init(ja: "千葉都市モノレール", en: "Chiba Urban Monorail"),
        "ShonanMonorail": .init(ja: "湘南モノレール", en: "Shonan Monorail"),
        "KantoRailway": .init(ja: "関東鉄道", en: "Kanto Railway"),
        "IzuHakone": .init(ja: "伊豆箱根鉄道", en: "Izuhakone Railway"),
        "OdakyuHakone": .init(ja: "箱根登山鉄道", en: "Hakone Tozan Railway"),
        "Ryutetsu": .init(ja: "流鉄", en: "Ryutetsu"),
        "Kominato": .init(ja: "小湊鐵道", en: "Kominato Railway"),
        "Isumi": .init(ja: "いすみ鉄道", en: "Isumi Railway"),
        "Choshi": .init(ja: "銚子電気鉄道", en: "Choshi Electric Railway"),
        "KashimaRinkai": .init(ja: "鹿島臨海鉄道", en: "Kashima Rinkai Railway"),
        "Hitachinaka": .init(ja: "ひたちなか海浜鉄道", en: "Hitachinaka Seaside Railway"),
        "Moka": .init(ja: "真岡鐵道", en: "Moka Railway"),
        "UtsunomiyaLightRail": .init(ja: "宇都宮ライトレール", en: "Utsunomiya Light Rail"),
        "Enoden": .init(ja: "江ノ島電鉄", en: "Enoshima Electric Railway"),
        "Izukyu": .init(ja: "伊豆急行", en: "Izukyu"),
        "Fujikyu": .init(ja: "富士山麓電気鉄道", en: "Fuji Kyuko"),
        "Chichibu": .init(ja: "秩父鉄道", en: "Chichibu Railway"),
        "Jomo": .init(ja: "上毛電気鉄道", en: "Jomo Electric Railway"),
        "Joshin": .init(ja: "上信電鉄", en: "Joshin Electric Railway"),
        "WataraseKeikoku": .init(ja: "わたらせ渓谷鐵道", en: "Watarase Keikoku Railway"),
        "Yamaman": .init(ja: "山万", en: "Yamaman"),
    ]
}
