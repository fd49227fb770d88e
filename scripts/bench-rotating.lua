-- wrk script: next departures from a rotating set of stations, each at a different minute of the
-- day, so that nearly every request misses the server's answer cache and runs the whole query.
-- Usage: wrk -s scripts/bench-rotating.lua <url>
--   default: 32 station ids, both directions (16 departures, ~6.5 KB of JSON an answer);
--   EKI_BENCH_NAMES=1: 9 platforms by name, railway and direction (8 departures, ~3.3 KB).

local ids = {
  "Tobu.TobuSkytree.KitaSenju", "Odakyu.Odawara.ShimoKitazawa", "Keisei.Main.Aoto", "TokyoMetro.Ginza.OmoteSando",
  "TokyoMetro.Ginza.Kanda", "Keikyu.Main.KeikyuKawasaki", "Tokyu.Toyoko.Hiyoshi", "JR-East.ChuoSobuLocal.Nakano",
  "Tokyu.DenEnToshi.Azamino", "Odakyu.Enoshima.Fujisawa", "JR-East.ChuoRapid.Ochanomizu", "Keikyu.Main.Heiwajima",
  "TokyoMetro.Marunouchi.Otemachi", "Tobu.Tojo.Kawagoe", "JR-East.Yamanote.Takadanobaba", "JR-East.Yamanote.Otsuka",
  "TokyoMetro.Hibiya.Ebisu", "TokyoMetro.Fukutoshin.MeijiJingumae", "TokyoMetro.Tozai.Kayabacho",
  "Toei.Arakawa.HigashiOguSanchome", "TokyoMetro.Hanzomon.Oshiage", "Yurikamome.Yurikamome.ShijoMae",
  "JR-East.KeihinTohokuNegishi.Kanda", "TokyoMetro.Chiyoda.KitaSenju", "Toei.NipporiToneri.NishiNippori",
  "Keio.Keio.SeisekiSakuragaoka", "Toei.Asakusa.Takaracho", "Minatomirai.Minatomirai.Bashamichi",
  "JR-East.Yamanote.Shinjuku", "Tokyu.Toyoko.Shibuya", "Seibu.Ikebukuro.Ikebukuro", "Toei.Oedo.Tochomae",
}
-- One platform each, named as riders type it: kanji, kana or romaji, narrowed by railway and direction.
local names = {
  "%E9%A6%AC%E8%BB%8A%E9%81%93&direction=Inbound", "bashamichi&direction=Outbound",
  "shibuya&railway=toyoko&direction=Inbound", "%E6%B8%8B%E8%B0%B7&railway=%E5%B1%B1%E6%89%8B%E7%B7%9A&direction=InnerLoop",
  "shinjuku&railway=yamanote&direction=OuterLoop", "hiyoshi&railway=toyoko&direction=Inbound",
  "%E3%81%AA%E3%81%8B%E3%82%81%E3%81%90%E3%82%8D&railway=toyoko&direction=Outbound",
  "%E6%A8%AA%E6%B5%9C&railway=%E6%9D%B1%E6%A8%AA%E7%B7%9A&direction=Inbound",
  "%E3%81%8A%E3%81%8A%E3%81%95%E3%81%8D&railway=yamanote&direction=InnerLoop",
}

local counter = 0
local stations = ids

function setup(thread)
  thread:set("offset", counter * 7919)   -- threads start at different places of the sequence
  counter = counter + 1
end

function init(args)
  if os.getenv("EKI_BENCH_NAMES") == "1" then stations = names end
  counter = offset or 0
end

function request()
  counter = counter + 1
  local station = stations[counter % #stations + 1]
  local minute = math.floor(counter / #stations) % 1440
  local at = string.format("2026-11-24T%02d:%02d", math.floor(minute / 60), minute % 60)
  return wrk.format("GET", "/api/v1/departures?station=" .. station .. "&at=" .. at .. "&limit=8")
end

function done(summary, latency, requests)
  io.write(string.format("rotating: %d requests, %d errors (connect %d, read %d, write %d, status %d, timeout %d)\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status +
    summary.errors.timeout, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status,
    summary.errors.timeout))
end
