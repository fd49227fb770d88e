#!/usr/bin/env python3
"""Writes the Mini Tokyo 3D data as a GTFS feed, to measure `eki import` of a big GTFS feed.

We have no real Tokyo GTFS feed offline; this gives one of the same size (~93k trips, ~1.2M stop
times) for docs/PERFORMANCE.md. Not shipped in `eki`.

    scripts/export-gtfs.py ../shared/data/minitokyo3d /tmp/mt3d-gtfs [--zip]

- agency.txt: one agency per railway operator (Asia/Tokyo, ja); translations.txt gives English names.
- stops.txt: a station complex (station-groups.json) is a parent station; stations sharing platforms
  (a sub-group) share one platform stop, so through service hands over on the same platform.
- routes.txt: one route per railway (subway operators route_type 1, others 2); trips.txt: one trip
  per train part, direction_id 0 for the railway's ascending direction, headsign its destination,
  block_id the through-service chain (pt/nt) it belongs to.
- Calendars: per railway and Mini Tokyo 3D calendar, the exact dates of one year (2026-04-01 to
  2027-03-31) that Eki's rule gives it (Japanese holidays and Dec 30 - Jan 3 as holidays), written as
  calendar.txt weekly patterns plus calendar_dates.txt exceptions; railways whose calendar gets the
  same dates share its service_id.
"""
import csv
import datetime
import json
import os
import sys
import zipfile

SUBWAYS = {"TokyoMetro", "Toei", "YokohamaMunicipal"}
START, END = datetime.date(2026, 4, 1), datetime.date(2027, 3, 31)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: export-gtfs.py MINITOKYO3D_DIR OUT_DIR [--zip]")
    source, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    load = lambda name: json.load(open(os.path.join(source, name), encoding="utf-8"))
    railways, stations, groups = load("railways.json"), load("stations.json"), load("station-groups.json")
    operators = {o["id"]: o for o in load("operators.json")}
    folder = os.path.join(source, "train-timetables")
    trains = [t for name in sorted(os.listdir(folder)) for t in json.load(open(os.path.join(folder, name), encoding="utf-8"))]
    by_id = {s["id"]: s for s in stations}
    holidays = {row["date"] for row in csv.DictReader(open(os.path.join(source, "..", "jp-holidays-1955-2050.csv"), encoding="utf-8"))}

    def writer(name, header):
        f = open(os.path.join(out, name), "w", encoding="utf-8", newline="")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        return f, w

    def title(record, lang):
        t = record.get("title") or {}
        return t.get(lang) or t.get("ja") or t.get("en") or record["id"]

    # Stops: parents from the groups, one platform stop per sub-group.
    platform, parent = {}, {}
    for n, complex_ in enumerate(groups):
        for sub in complex_:
            for sid in sub:
                platform.setdefault(sid, sub[0])
                parent.setdefault(sid, f"G{n}")
    f, w = writer("stops.txt", ["stop_id", "stop_name", "stop_lat", "stop_lon", "location_type", "parent_station"])
    tf, tw = writer("translations.txt", ["table_name", "field_name", "language", "translation", "record_id", "record_sub_id", "field_value"])
    for n, complex_ in enumerate(groups):
        members = [by_id[s] for sub in complex_ for s in sub if s in by_id]
        coords = [m["coord"] for m in members if m.get("coord")]
        first = members[0] if members else {"id": f"G{n}"}
        lat = sum(c[1] for c in coords) / len(coords) if coords else ""
        lon = sum(c[0] for c in coords) / len(coords) if coords else ""
        w.writerow([f"G{n}", title(first, "ja"), lat, lon, 1, ""])
        tw.writerow(["stops", "stop_name", "en", title(first, "en"), f"G{n}", "", ""])
    used = {s["s"] for t in trains for s in t["tt"]}
    written = set()
    for sid in sorted(used | set(by_id)):
        stop = platform.get(sid, sid)
        if stop in written:
            continue
        written.add(stop)
        record = by_id.get(stop, {"id": stop})
        coord = record.get("coord") or ["", ""]
        w.writerow([stop, title(record, "ja"), coord[1], coord[0], 0, parent.get(sid, "")])
        tw.writerow(["stops", "stop_name", "en", title(record, "en"), stop, "", ""])
    f.close()

    # Agencies and routes.
    f, w = writer("agency.txt", ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"])
    agencies = sorted({r["id"].split(".")[0] for r in railways})
    for a in agencies:
        o = operators.get(a, {"id": a})
        w.writerow([a, title(o, "ja"), "https://example.com/" + a, "Asia/Tokyo", "ja"])
        tw.writerow(["agency", "agency_name", "en", title(o, "en"), a, "", ""])
    f.close()
    f, w = writer("routes.txt", ["route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color"])
    for r in railways:
        a = r["id"].split(".")[0]
        w.writerow([r["id"], a, "", title(r, "ja"), 1 if a in SUBWAYS else 2, (r.get("color") or "").lstrip("#")])
        tw.writerow(["routes", "route_long_name", "en", title(r, "en"), r["id"], "", ""])
    f.close()
    tf.close()

    # Blocks: connected through-service chains.
    root = {t["id"]: t["id"] for t in trains}
    def find(x):
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x
    for t in trains:
        for other in (t.get("nt") or []) + (t.get("pt") or []):
            if other in root:
                root[find(other)] = find(t["id"])

    # Calendars: per railway, Eki's rule over the year.
    def calendar_of(t):
        base = t.get("t")
        if base and t["id"].startswith(base + "."):
            return t["id"][len(base) + 1:].split(".")[0]
        return [c for c in t["id"].split(".") if not c.isdigit()][-1]
    calendars = {}
    for t in trains:
        calendars.setdefault(t["r"], set()).add(calendar_of(t))
    preferred = {"weekday": ["Weekday"], "saturday": ["Saturday", "SaturdayHoliday"], "holiday": ["Holiday", "SaturdayHoliday"]}
    days = [START + datetime.timedelta(n) for n in range((END - START).days + 1)]
    def kind(day):
        if day.isoformat() in holidays or (day.month == 12 and day.day >= 30) or (day.month == 1 and day.day <= 3) or day.weekday() == 6:
            return "holiday"
        return "saturday" if day.weekday() == 5 else "weekday"
    cf, cw = writer("calendar.txt", ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"])
    df, dw = writer("calendar_dates.txt", ["service_id", "date", "exception_type"])
    # Railways whose calendar runs on the same dates share one service_id (Weekday, Saturday#2, …),
    # as one operator's feed would, so blocks can hand over between railways of one service.
    service_ids, service_of = {}, {}
    for railway, present in sorted(calendars.items()):
        runs = {c: set() for c in present}
        for day in days:
            chosen = next((c for c in preferred[kind(day)] if c in present), None)
            if chosen:
                runs[chosen].add(day)
        for c, dates in sorted(runs.items()):
            key = (c, frozenset(dates))
            if key not in service_ids:
                same = sum(1 for other in service_ids if other[0] == c)
                service_ids[key] = c if same == 0 else f"{c}#{same + 1}"
                sid = service_ids[key]
                pattern = [sum(1 for d in dates if d.weekday() == wd) * 2 >= sum(1 for d in days if d.weekday() == wd) for wd in range(7)]
                cw.writerow([sid] + [int(p) for p in pattern] + [START.strftime("%Y%m%d"), END.strftime("%Y%m%d")])
                for day in days:
                    if pattern[day.weekday()] and day not in dates:
                        dw.writerow([sid, day.strftime("%Y%m%d"), 2])
                    elif not pattern[day.weekday()] and day in dates:
                        dw.writerow([sid, day.strftime("%Y%m%d"), 1])
            service_of[(railway, c)] = service_ids[key]
    cf.close()
    df.close()

    # Trips and stop times.
    rails = {r["id"]: r for r in railways}
    f, w = writer("trips.txt", ["route_id", "service_id", "trip_id", "trip_headsign", "trip_short_name", "direction_id", "block_id"])
    sf, sw = writer("stop_times.txt", ["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"])
    def clock(text):
        h, m = int(text[:2]), int(text[3:5])
        if h * 60 + m < 180:
            h += 24
        return f"{h:02d}:{m:02d}:00"
    for t in trains:
        if t["r"] not in rails or len(t["tt"]) < 2:
            continue
        ds = (t.get("ds") or [None])[0]
        headsign = title(by_id[ds], "ja") if ds in by_id else ""
        direction = 0 if t.get("d") == rails[t["r"]].get("ascending") else 1
        chain = find(t["id"])
        w.writerow([t["r"], service_of[(t["r"], calendar_of(t))], t["id"], headsign, t.get("n", ""), direction,
                    chain if chain != t["id"] or t.get("nt") else ""])
        for n, stop in enumerate(t["tt"], 1):
            a, d = stop.get("a") or stop.get("d"), stop.get("d") or stop.get("a")
            if not a:
                continue
            sw.writerow([t["id"], clock(a), clock(d), platform.get(stop["s"], stop["s"]), n])
    f.close()
    sf.close()

    if "--zip" in sys.argv:
        with zipfile.ZipFile(out.rstrip("/") + ".zip", "w", zipfile.ZIP_DEFLATED) as z:
            for name in sorted(os.listdir(out)):
                z.write(os.path.join(out, name), name)
    print(f"wrote {out}: {len(trains)} train parts")


if __name__ == "__main__":
    main()
