#!/usr/bin/env python3
"""Draws Shinkansen tickets for testing `eki ticket scan`: no real ticket images are at hand, so Eki makes its own.

    scripts/ticket_render.py OUT_DIR [--count N] [--seed S] [--kinds photo,ekinet,smartex] [--langs ja,en]
                             [--photo clean,hard] [--layouts ekinet-stacked,…|all]

For each ticket it writes NAME.{jpg|png} and NAME.json, the ground truth:
    {"kind": "photo|ekinet|smartex", "difficulty": "screen|clean|hard", "today": "YYYY-MM-DD",
     "ticket": {... the fields `eki ticket scan --json` answers ...}}
Everything follows from the seed: the same command draws the same images, byte for byte.

Kinds: a JR magnetic ticket (~85x57 mm) photographed on a table, an Eki-net screenshot (JR East), a smartEX
screenshot (JR Central/West), each in Japanese and English. A photo is "clean" (held flat, tilted a little, good
light, fine JPEG) or "hard" (tilted up to 12 degrees, perspective, curved paper, blur, noise, uneven light, a
patterned table cloth, JPEG quality down to 40, sometimes stored sideways with an EXIF orientation tag).
The stations and trains come from the dictionaries the scanner reads (Sources/EkiTicket/Dictionaries), fonts from
Debian's fonts-noto-cjk.

Harder layouts (issue 31), drawn instead of the kinds with --layouts a,b,… or --layouts all (the kinds' images stay
as they were): each image in one of Noto Sans/Serif CJK, IPA Gothic/Mincho, VL Gothic, screens dark one time in three,
with status-bar clocks, battery, reservation numbers, countdowns and fares about. The truth adds "layout", "font",
"dark" (and for two-leg "legs", "leg", "trip"); its "kind" is the source (ekinet, smartex; e5489 is JR West's, told
as smartex) or "photo", so the kinds' groups still hold.
    ekinet-stacked  Eki-net 予約内容, each station on its own line with its time, an arrow between (ja)
    ekinet-en       Eki-net in English, a table of labels: From/To and Dep/Arr, or Departure/Arrival (en)
    smartex-app     smartEX, the route on one line or in two columns, reservation number and countdown (ja, en)
    ex-app          the EX app: the stations side by side on a coloured card, each time beneath (ja, en)
    e5489           JR West: label and value on each line, 東京(10:00発) → / 新大阪(12:27着), a purchase time (ja, en)
    combined        乗車券・特急券 in one, photographed: date and train first, route, times, the fare split (ja, en)
    two-leg         a booking of two trains, 往路/復路 days apart or a change of train; the truth is the first leg
                    whose date is not before "today" (else the first), as the scanner picks (ja, en)
    upgrade-stub    a seat-change slip, photographed: train, route, departure, car and seat; no arrival (ja, en)
"""
import argparse
import datetime
import json
import math
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DICTIONARIES = os.path.join(ROOT, "Sources", "EkiTicket", "Dictionaries")
FONT_DIR = "/usr/share/fonts/opentype/noto"
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
WEEKDAYS_JA = "月火水木金土日"
WEEKDAYS_EN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def rows(name):
    with open(os.path.join(DICTIONARIES, name), encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]


LINES = {}
for line, ja, kana, en in rows("shinkansen-stations.tsv"):
    LINES.setdefault(line, []).append((ja, en))
TRAINS = [(ja, en, lines.split()) for ja, en, lines in rows("shinkansen-trains.tsv")]


def route(lines):
    """The stations a train running over `lines` calls at, in order: consecutive lines join at their shared station."""
    stations = list(LINES[lines[0]])
    for line in lines[1:]:
        nxt = LINES[line]
        shared = next(s for s in nxt if s in stations)
        stations = stations[: stations.index(shared) + 1] + nxt[nxt.index(shared) + 1:]
    return [s for s in stations if s[0] != "ガーラ湯沢"]


def font(size, bold=True, mono=False):
    name = "NotoSansCJK-Bold.ttc" if bold else "NotoSansCJK-Regular.ttc"
    return ImageFont.truetype(os.path.join(FONT_DIR, name), size, index=5 if mono else 0)


# ---------------------------------------------------------------- ground truth

# The lines whose trains smartEX sells (JR Central, West, Kyushu); Eki-net sells the others (JR East's).
SMARTEX_LINES = {"Tokaido", "Sanyo", "Kyushu"}


def make_trip(rng, kind, lang):
    # Each app sells its own companies' trains; a paper ticket can be for any.
    pool = TRAINS
    if kind == "smartex":
        pool = [t for t in TRAINS if set(t[2]) <= SMARTEX_LINES]
    elif kind == "ekinet":
        pool = [t for t in TRAINS if not set(t[2]) <= SMARTEX_LINES]
    elif kind == "e5489":
        pool = [t for t in TRAINS if {"Sanyo", "Hokuriku"} & set(t[2])]   # JR West's lines
    ja, en, lines = rng.choice(pool)
    stations = route(lines)
    i, j = sorted(rng.sample(range(len(stations)), 2))
    if j - i > 14:
        j = i + rng.randint(1, 14)
    if rng.random() < 0.5:
        i, j = j, i
    start = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randint(0, 900))
    departure = rng.randint(6 * 60, 20 * 60 + 30)
    arrival = min(departure + abs(j - i) * rng.randint(9, 16) + rng.randint(5, 25), 23 * 60 + 55)
    seat_class = rng.choices(["ordinary", "green", "granClass"], [0.8, 0.16, 0.04])[0]
    if seat_class == "granClass" and ja not in ("はやぶさ", "かがやき", "はくたか", "つるぎ"):
        seat_class = "green"
    letters = {"ordinary": "ABCDE", "green": "ABCD", "granClass": "ABC"}[seat_class]
    car = {"ordinary": rng.randint(1, 16), "green": rng.choice([8, 9, 10, 11]), "granClass": rng.choice([10, 12])}[seat_class]
    number = rng.randint(1, 999) if rng.random() < 0.7 else rng.randint(1, 99)
    row = rng.randint(1, 20)
    issued = start - datetime.timedelta(days=rng.randint(0, 30))
    today = issued - datetime.timedelta(days=rng.randint(0, 5))
    # One ticket in five is scanned with "today" years after the trip (a photo of an old ticket, a
    # wrong phone clock): a year printed on the ticket must win over today's. Drawn from its own
    # generator, so the images of a seed stay the ones they were.
    side = random.Random(start.toordinal() * 1440 + departure)
    if side.random() < 0.2:
        today = start + datetime.timedelta(days=side.randint(400, 1500))
    ticket = {
        "source": kind, "language": lang, "date": start.isoformat(),
        "train": {"name": ja, "nameEn": en, "number": number},
        "from": {"name": stations[i][0], "nameEn": stations[i][1]},
        "to": {"name": stations[j][0], "nameEn": stations[j][1]},
        "departure": "%02d:%02d" % divmod(departure, 60), "arrival": "%02d:%02d" % divmod(arrival, 60),
        "car": car, "seat": "%d%s" % (row, rng.choice(letters)), "seatClass": seat_class, "reserved": True,
    }
    extra = {"issued": issued, "price": rng.randint(15, 300) * 100 + rng.choice([0, 10, 20, 50, 80]), "today": today}
    return ticket, extra


# ---------------------------------------------------------------- the ticket face (physical ticket)

def spaced(name):
    """Two-character names are printed with a full-width space between them, as JR ticket printers do (東　京)."""
    return "\u3000".join(name) if len(name) == 2 else name


def hm(text):
    h, m = text.split(":")
    return "%2d:%s" % (int(h), m)


def ticket_face(rng, t, extra):
    w, h = 1140, 760
    palette = rng.choice([((250, 226, 196), (226, 160, 110)), ((214, 238, 220), (140, 196, 160)), ((236, 232, 214), (196, 180, 140))])
    img = Image.new("RGB", (w, h), palette[0])
    d = ImageDraw.Draw(img)
    small = font(14, bold=False)
    for y in range(0, h, 22):   # the security pattern: faint repeated "JR" in the paper
        for x in range(-20 + (y // 22 % 2) * 18, w, 36):
            d.text((x, y), "JR", fill=palette[1], font=small)
    ink = (rng.randint(10, 50),) * 3
    en = t["language"] == "en"
    cls = t["seatClass"]
    if en:
        title = {"ordinary": "Shinkansen Limited Express Ticket", "green": "Shinkansen Ltd. Exp. / Green Car",
                 "granClass": "Shinkansen Ltd. Exp. / GranClass"}[cls]
        d.text((60, 40), title, fill=ink, font=font(44))
        d.text((60, 130), "%s → %s" % (t["from"]["nameEn"], t["to"]["nameEn"]), fill=ink, font=font(80))
        date = datetime.date.fromisoformat(t["date"])
        d.text((60, 270), "%s.%d  (%s)   (%s)" % (MONTHS[date.month - 1], date.day, hm(t["departure"]), hm(t["arrival"])), fill=ink, font=font(54))
        row, letter = t["seat"][:-1], t["seat"][-1]
        d.text((60, 370), "%s %d   Car %d   Seat %s-%s" % (t["train"]["nameEn"].upper(), t["train"]["number"], t["car"], row, letter), fill=ink, font=font(54))
        place = rng.choice(["TOKYO", "SHINAGAWA", "UENO", "OMIYA", "KYOTO"])
    else:
        title = {"ordinary": rng.choice(["新幹線特急券", "乗車券・新幹線特急券", "新幹線指定席特急券"]),
                 "green": rng.choice(["新幹線特急券・グリーン券", "グリーン券"]),
                 "granClass": "新幹線特急券・グランクラス券"}[cls]
        d.text((60, 40), title, fill=ink, font=font(46))
        d.text((60, 120), "%s → %s" % (spaced(t["from"]["name"]), spaced(t["to"]["name"])), fill=ink, font=font(92))
        date = datetime.date.fromisoformat(t["date"])
        d.text((60, 270), "%d月%d日（%s発）　（%s着）" % (date.month, date.day, hm(t["departure"]), hm(t["arrival"])), fill=ink, font=font(54))
        row, letter = t["seat"][:-1], t["seat"][-1]
        d.text((60, 370), "%s %d号　%d号車　%s番%s席" % (t["train"]["name"], t["train"]["number"], t["car"], row, letter), fill=ink, font=font(54))
        place = rng.choice(["東京北乗", "品川駅", "上野駅", "大宮駅", "新大阪駅"])
    d.text((60, 470), "¥%s" % format(extra["price"], ","), fill=ink, font=font(50))
    issued = extra["issued"]
    d.text((60, 600), "%d.%2d.%2d %s FN%d(%d-)  %05d-%02d" % (issued.year, issued.month, issued.day, place, rng.randint(1, 9), rng.randint(1, 9),
                                                           rng.randint(0, 99999), rng.randint(1, 99)), fill=ink, font=font(34, bold=False))
    return img


# ---------------------------------------------------------------- screenshots

def screenshot(rng, t, extra, kind):
    w = rng.choice([1080, 1170, 750])
    s = w / 1080
    h = int(w * rng.choice([2340 / 1080, 2532 / 1170, 1334 / 750]))
    img = Image.new("RGB", (w, h), (246, 246, 246))
    d = ImageDraw.Draw(img)
    en = t["language"] == "en"
    header = (0, 128, 70) if kind == "ekinet" else (0, 84, 166)
    d.text((40 * s, 24 * s), "%d:%02d" % (rng.randint(0, 23), rng.randint(0, 59)), fill=(0, 0, 0), font=font(int(34 * s)))   # status bar clock
    d.rectangle([0, 90 * s, w, 250 * s], fill=header)
    brand = "えきねっと" if kind == "ekinet" else "smartEX"
    d.text((48 * s, 120 * s), brand, fill=(255, 255, 255), font=font(int(56 * s)))
    heading = ("Reservation details" if kind == "ekinet" else "Reservation Details") if en else ("予約内容" if kind == "ekinet" else "予約詳細")
    d.text((48 * s, 290 * s), heading, fill=(40, 40, 40), font=font(int(50 * s)))
    d.rounded_rectangle([30 * s, 380 * s, w - 30 * s, 1500 * s], radius=int(24 * s), fill=(255, 255, 255), outline=(210, 210, 210), width=2)
    date = datetime.date.fromisoformat(t["date"])
    x, y = 70 * s, 420 * s
    big, mid = font(int(64 * s)), font(int(52 * s), bold=False)
    name, number = t["train"]["name"], t["train"]["number"]
    row, letter = t["seat"][:-1], t["seat"][-1]
    cls = t["seatClass"]
    if en:
        if kind == "ekinet":
            lines = [("%s, %s %d, %d" % (WEEKDAYS_EN[date.weekday()], MONTHS[date.month - 1].title(), date.day, date.year), mid),
                     ("%s %d" % (t["train"]["nameEn"], number), big),
                     ("%s %s → %s %s" % (t["from"]["nameEn"], t["departure"], t["to"]["nameEn"], t["arrival"]), mid),
                     ("Car %d Seat %s%s" % (t["car"], row, letter), big),
                     ({"ordinary": "Ordinary (Reserved)", "green": "Green Car (Reserved)", "granClass": "GranClass"}[cls], mid)]
        else:
            lines = [("%s. %d, %d" % (MONTHS[date.month - 1].title(), date.day, date.year), mid),
                     ("%s %d" % (t["train"]["nameEn"].upper(), number), big),
                     ("%s %s → %s %s" % (t["from"]["nameEn"], t["departure"], t["to"]["nameEn"], t["arrival"]), mid),
                     ("Car %d  Seat %s%s" % (t["car"], row, letter), big),
                     ({"ordinary": "Ordinary car, Reserved", "green": "Green car, Reserved", "granClass": "GranClass"}[cls], mid)]
        fare = "Total  ¥%s" % format(extra["price"], ",")
    else:
        wd = WEEKDAYS_JA[date.weekday()]
        if kind == "ekinet":
            lines = [("%d年%d月%d日(%s)" % (date.year, date.month, date.day, wd), mid),
                     ("%s%d号" % (name, number), big),
                     ("%s %s発 → %s %s着" % (t["from"]["name"], t["departure"], t["to"]["name"], t["arrival"]), mid),
                     ("%d号車 %s番%s席" % (t["car"], row, letter), big),
                     ({"ordinary": "普通車指定席", "green": "グリーン車指定席", "granClass": "グランクラス"}[cls], mid)]
        else:
            lines = [("%d年%d月%d日（%s）" % (date.year, date.month, date.day, wd), mid),
                     ("%s %d号" % (name, number), big),
                     ("%s %s → %s %s" % (t["from"]["name"], t["departure"], t["to"]["name"], t["arrival"]), mid),
                     ("%d号車 %s番%s席" % (t["car"], row, letter), big),
                     ({"ordinary": "普通車 指定席", "green": "グリーン車 指定席", "granClass": "グランクラス"}[cls], mid)]
        fare = "お支払い金額 %s円" % format(extra["price"], ",")
    for text, f in lines:
        # Apps wrap a route too wide for the screen after its arrow.
        parts = [text]
        if d.textlength(text, font=f) > w - 2 * x and "→" in text:
            left, right = text.split("→", 1)
            parts = [left + "→", right.strip()]
        for part in parts:
            d.text((x, y), part, fill=(20, 20, 20), font=f)
            y += f.size * (1.9 if part is parts[-1] else 1.4)
    d.text((x, y + 30 * s), fare, fill=(90, 90, 90), font=font(int(44 * s), bold=False))
    button = "Change" if en else "変更する"
    d.rounded_rectangle([70 * s, 1620 * s, w - 70 * s, 1740 * s], radius=int(20 * s), fill=header)
    d.text((w / 2 - 80 * s, 1650 * s), button, fill=(255, 255, 255), font=font(int(46 * s)))
    return img


# ---------------------------------------------------------------- the photo pipeline

def background(rng, size):
    w, h = size
    base = tuple(rng.randint(60, 200) for _ in range(3))
    img = Image.new("RGB", size, base)
    d = ImageDraw.Draw(img)
    other = tuple(max(0, min(255, c + rng.randint(-70, 70))) for c in base)
    pattern = rng.choice(["check", "stripes", "grain", "dots"])
    step = rng.randint(w // 40, w // 12)
    if pattern == "check":
        for y in range(0, h, step):
            for x in range((y // step % 2) * step, w, 2 * step):
                d.rectangle([x, y, x + step, y + step], fill=other)
    elif pattern == "stripes":
        for x in range(-h, w, step):
            d.polygon([(x, 0), (x + step // 2, 0), (x + step // 2 + h, h), (x + h, h)], fill=other)
    elif pattern == "grain":
        for _ in range(400):
            y = rng.randint(0, h)
            d.line([(0, y), (w, y + rng.randint(-40, 40))], fill=other, width=rng.randint(1, 6))
    else:
        for y in range(0, h, step):
            for x in range(0, w, step):
                d.ellipse([x, y, x + step // 3, y + step // 3], fill=other)
    return img


def perspective_coefficients(src, dst):
    """The 8 coefficients PIL's PERSPECTIVE transform wants (output point -> input point), by Gaussian elimination."""
    a = []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    n = 8
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][8] / a[i][i] for i in range(n)]


def curve(img, amount):
    """Paper bent across: columns shifted up or down along a sine, as a ticket held by its ends bows."""
    w, h = img.size
    strips, mesh = 40, []
    for k in range(strips):
        x0, x1 = w * k // strips, w * (k + 1) // strips
        dy0 = amount * h * math.sin(math.pi * x0 / w)
        dy1 = amount * h * math.sin(math.pi * x1 / w)
        mesh.append(((x0, 0, x1, h), (x0, -dy0, x0, h - dy0, x1, h - dy1, x1, -dy1)))
    return img.transform(img.size, Image.MESH, mesh, resample=Image.BILINEAR, fillcolor=(0, 0, 0, 0))


def photograph(rng, face, hard):
    resolution = rng.choice([(4000, 3000), (4032, 3024), (3264, 2448), (1920, 1440), (1600, 1200)])
    portrait = rng.random() < 0.35
    w, h = (resolution[1], resolution[0]) if portrait else resolution
    canvas = background(rng, (w, h))
    cover = rng.uniform(0.62, 0.9) if not portrait else rng.uniform(0.8, 0.95)
    tw = int(w * cover)
    th = int(tw * face.height / face.width)
    ticket = face.convert("RGBA").resize((tw, th), Image.LANCZOS)
    if hard:
        ticket = curve(ticket, rng.uniform(-0.035, 0.035))
        m = rng.uniform(0.0, 0.08)
        src = [(0, 0), (tw, 0), (tw, th), (0, th)]
        dst = [(rng.uniform(0, m) * tw, rng.uniform(0, m) * th), (tw - rng.uniform(0, m) * tw, rng.uniform(0, m) * th),
               (tw - rng.uniform(0, m) * tw, th - rng.uniform(0, m) * th), (rng.uniform(0, m) * tw, th - rng.uniform(0, m) * th)]
        ticket = ticket.transform((tw, th), Image.PERSPECTIVE, perspective_coefficients(src, dst), resample=Image.BICUBIC)
        angle = rng.uniform(-12, 12)
    else:
        angle = rng.uniform(-3, 3)
    ticket = ticket.rotate(angle, resample=Image.BICUBIC, expand=True)
    x = rng.randint(0, max(0, w - ticket.width))
    y = rng.randint(0, max(0, h - ticket.height))
    canvas.paste(ticket, (x, y), ticket)
    # Light: a gradient from one side (a lamp, a window), darker on hard photos.
    low = rng.uniform(0.45, 0.8) if hard else rng.uniform(0.85, 1.0)
    shade = Image.linear_gradient("L").resize((w, h)).rotate(rng.uniform(0, 360), expand=False, fillcolor=255)
    shade = shade.point(lambda v: int(255 * (low + (1 - low) * v / 255)))
    canvas = Image.composite(canvas, Image.new("RGB", (w, h), (0, 0, 0)), shade) if low < 1 else canvas
    scale = w / 4000
    blur = rng.uniform(0.6, 2.2) * scale * 2 if hard else rng.uniform(0, 0.6) * scale * 2
    if blur > 0.2:
        canvas = canvas.filter(ImageFilter.GaussianBlur(blur))
    sigma = rng.uniform(4, 14) if hard else rng.uniform(0, 4)
    if sigma > 1:
        noise = Image.effect_noise((w, h), sigma * 4).convert("RGB")
        canvas = Image.blend(canvas, noise, 0.12 * sigma / 14)
    quality = rng.randint(40, 75) if hard else rng.randint(85, 95)
    return canvas, quality


def save_photo(rng, img, quality, path):
    exif = Image.Exif()
    if rng.random() < 0.15:
        # Stored sideways, shown upright by the tag: the camera's sensor orientation.
        tag = rng.choice([6, 8, 3])
        img = {6: img.transpose(Image.ROTATE_90), 8: img.transpose(Image.ROTATE_270), 3: img.transpose(Image.ROTATE_180)}[tag]
        exif[0x0112] = tag
    img.save(path, "JPEG", quality=quality, exif=exif.tobytes())


# ---------------------------------------------------------------- harder layouts (issue 31), drawn only with --layouts

# The typefaces a harder image is drawn in, one per image: (regular file, bold file, index in the collection).
# IPA and VL Gothic have no bold: apps and printers that use them print one weight.
TYPEFACES = {
    "noto-sans": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 0),
    "noto-serif": ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 0),
    "ipa-gothic": ("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",) * 2 + (0,),
    "ipa-mincho": ("/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf",) * 2 + (0,),
    "vl-gothic": ("/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf",) * 2 + (0,),
}

# name: (the app or paper, the trip's pool, the source the scanner should tell, languages drawn, drawn on paper)
LAYOUTS = {
    "ekinet-stacked": ("ekinet", "ekinet", ["ja"], False),
    "ekinet-en": ("ekinet", "ekinet", ["en"], False),
    "smartex-app": ("smartex", "smartex", ["ja", "en"], False),
    "ex-app": ("smartex", "smartex", ["ja", "en"], False),
    "e5489": ("e5489", "smartex", ["ja", "en"], False),
    "combined": ("photo", "photo", ["ja", "en"], True),
    "two-leg": (None, None, ["ja", "en"], False),
    "upgrade-stub": ("photo", "photo", ["ja", "en"], True),
}


class Typeface:
    def __init__(self, name):
        self.name = name
        self.regular, self.bold, self.index = TYPEFACES[name]
        self.cache = {}

    def __call__(self, size, bold=True):
        key = (int(size), bold)
        if key not in self.cache:
            self.cache[key] = ImageFont.truetype(self.bold if bold else self.regular, int(size), index=self.index)
        return self.cache[key]


def class_name(cls, en, style):
    """The seat class as each app prints it."""
    if en:
        return {"ordinary": ["Ordinary (Reserved)", "Ordinary car, Reserved", "Reserved seat (Ordinary)"][style],
                "green": ["Green Car (Reserved)", "Green car, Reserved", "Green Car"][style], "granClass": "GranClass"}[cls]
    return {"ordinary": ["普通車指定席", "普通車 指定席", "指定席（普通車）"][style],
            "green": ["グリーン車指定席", "グリーン車 指定席", "グリーン車"][style], "granClass": "グランクラス"}[cls]


def fitted(d, text, face, size, width, bold=True):
    """The font of `size` or smaller in which `text` fits `width` pixels: a long station name is printed smaller."""
    while size > 20 and d.textlength(text, font=face(size, bold)) > width:
        size -= 2
    return face(size, bold)


def date_ja(date, weekday=True, full=False):
    wd = "(%s)" % WEEKDAYS_JA[date.weekday()] if weekday else ""
    return ("%d年" % date.year if full else "") + "%d月%d日%s" % (date.month, date.day, wd)


def date_en(date, style):
    return ["%s, %s %d, %d" % (WEEKDAYS_EN[date.weekday()], MONTHS[date.month - 1].title(), date.day, date.year),
            "%s. %d, %d" % (MONTHS[date.month - 1].title(), date.day, date.year),
            "%d %s %d (%s)" % (date.day, MONTHS[date.month - 1].title(), date.year, WEEKDAYS_EN[date.weekday()])][style]


class Phone:
    """A phone screenshot: the status bar (clock, battery), then whatever the app draws, light or dark."""

    def __init__(self, rng, face, dark, accent, min_height=0):
        self.w = rng.choice([1080, 1170, 750, 1284])
        self.s = self.w / 1080
        self.h = max(int(self.w * rng.choice([2340 / 1080, 2532 / 1170, 1334 / 750, 2778 / 1284])), int(min_height * self.s))
        self.face, self.dark, self.accent = face, dark, accent
        self.bg = (16, 16, 18) if dark else rng.choice([(246, 246, 246), (255, 255, 255), (240, 242, 245)])
        self.card = (34, 34, 38) if dark else (255, 255, 255)
        self.ink = (236, 236, 236) if dark else (20, 20, 20)
        self.sub = (150, 150, 156) if dark else (110, 110, 110)
        self.rule = (70, 70, 76) if dark else (214, 214, 214)
        self.img = Image.new("RGB", (self.w, self.h), self.bg)
        self.d = ImageDraw.Draw(self.img)
        s = self.s
        # The status bar: a clock, a battery percentage, signal bars — times and numbers that are no trip's.
        self.text(48, 26, "%d:%02d" % (rng.randint(0, 23), rng.randint(0, 59)), 36, color=self.ink)
        for k in range(4):
            self.d.rectangle([self.w - 330 * s + k * 18 * s, 58 * s - k * 8 * s, self.w - 320 * s + k * 18 * s, 62 * s], fill=self.ink)
        self.text(self.w / s - 230, 26, "%d%%" % rng.randint(5, 100), 32, bold=False, color=self.ink)
        self.d.rounded_rectangle([self.w - 130 * s, 34 * s, self.w - 60 * s, 66 * s], radius=int(6 * s), outline=self.ink, width=max(1, int(3 * s)))

    def text(self, x, y, text, size, bold=True, color=None, anchor="la"):
        s = self.s
        self.d.text((x * s, y * s), text, fill=color or self.ink, font=self.face(size * s, bold), anchor=anchor)

    def fit(self, x, y, text, size, bold=True, color=None):
        """Text from x to the card's right edge, smaller when it would not fit."""
        f = fitted(self.d, text, self.face, size * self.s, self.w - (x + 70) * self.s, bold)
        self.d.text((x * self.s, y * self.s), text, fill=color or self.ink, font=f)

    def width(self, text, size, bold=True):
        return self.d.textlength(text, font=self.face(size * self.s, bold)) / self.s

    def bar(self, top, bottom, color):
        self.d.rectangle([0, top * self.s, self.w, bottom * self.s], fill=color)

    def box(self, top, bottom, fill=None, outline=None, radius=24, margin=30):
        s = self.s
        self.d.rounded_rectangle([margin * s, top * s, self.w - margin * s, bottom * s], radius=int(radius * s),
                                 fill=fill or self.card, outline=outline or self.rule, width=2)

    def rule_line(self, y, margin=60):
        self.d.line([margin * self.s, y * self.s, self.w - margin * self.s, y * self.s], fill=self.rule, width=2)

    def button(self, y, label, color):
        s = self.s
        self.d.rounded_rectangle([70 * s, y * s, self.w - 70 * s, (y + 120) * s], radius=int(20 * s), fill=color)
        self.text(self.w / s / 2, y + 60, label, 46, color=(255, 255, 255), anchor="mm")


def reservation_number(rng):
    return "%s%d" % (rng.choice(["", "", "E", "A"]), rng.randint(1000, 99999))


def seat_text(t, en, style):
    row, letter = t["seat"][:-1], t["seat"][-1]
    if en:
        return ["Car %d  Seat %s%s" % (t["car"], row, letter), "Car %d, Seat %s-%s" % (t["car"], row, letter), "Car No.%d  Seat No.%s%s" % (t["car"], row, letter)][style]
    return ["%d号車 %s番%s席" % (t["car"], row, letter), "%d号車　%s%s" % (t["car"], row, letter), "%d号車 %s番 %s席" % (t["car"], row, letter)][style]


def draw_ekinet_stacked(rng, t, extra, face, dark):
    """Eki-net's 予約内容: each station on its own line with its time, an arrow between them (issue 31's finding)."""
    green = (0, 128, 70)
    p = Phone(rng, face, dark, green)
    p.bar(90, 230, green)
    p.text(48, 118, "えきねっと", 56, color=(255, 255, 255))
    p.text(p.w / p.s - 48, 132, "JR東日本", 36, bold=False, color=(255, 255, 255), anchor="ra")
    p.text(48, 270, rng.choice(["予約内容", "予約内容の確認", "ご予約内容"]), 50)
    p.text(48, 346, "申込番号 %s" % reservation_number(rng), 36, bold=False, color=p.sub)
    p.box(420, 1560)
    date = datetime.date.fromisoformat(t["date"])
    y = 460
    p.text(70, y, date_ja(date, full=True), 48, bold=False); y += 90
    p.text(70, y, rng.choice(["%s%d号", "%s %d号"]) % (t["train"]["name"], t["train"]["number"]), 62); y += 110
    gap = rng.choice(["\u3000", " ", "  "])
    p.text(70, y, "%s%s%s発" % (t["from"]["name"], gap, t["departure"]), 56); y += 90
    p.text(110, y, rng.choice(["↓", "⇩", "｜"]), 52, bold=False, color=p.sub); y += 84
    p.text(70, y, "%s%s%s着" % (t["to"]["name"], gap, t["arrival"]), 56); y += 110
    p.rule_line(y); y += 30
    p.text(70, y, class_name(t["seatClass"], False, rng.randint(0, 2)), 46, bold=False); y += 76
    p.text(70, y, seat_text(t, False, rng.randint(0, 2)), 56); y += 96
    p.text(70, y, "大人 %d名" % rng.randint(1, 2), 42, bold=False, color=p.sub); y += 70
    p.text(70, y, rng.choice(["新幹線eチケット", "乗車券・特急券（紙のきっぷ）"]), 42, bold=False, color=p.sub); y += 70
    p.text(70, y, "お支払い金額 %s円" % format(extra["price"], ","), 44, bold=False)
    p.button(1640, "変更する", green)
    return p.img


def draw_ekinet_en(rng, t, extra, face, dark):
    """Eki-net in English: a table of labels (From/To and Dep/Arr, or Departure/Arrival) and values."""
    green = (0, 128, 70)
    p = Phone(rng, face, dark, green)
    p.bar(90, 230, green)
    p.text(48, 118, "JR-EAST Train Reservation", 50, color=(255, 255, 255))
    p.text(48, 270, rng.choice(["Reservation details", "Confirm your reservation", "Booking details"]), 50)
    p.text(48, 346, "Application No. %s" % reservation_number(rng), 36, bold=False, color=p.sub)
    p.box(420, 1640)
    date = datetime.date.fromisoformat(t["date"])
    name = t["train"]["nameEn"] if rng.random() < 0.6 else t["train"]["nameEn"].upper()
    if rng.random() < 0.5:
        rows_ = [("Date", date_en(date, rng.randint(0, 2))), ("Train", "%s %d" % (name, t["train"]["number"])),
                 ("From", t["from"]["nameEn"]), ("Dep", t["departure"]), ("To", t["to"]["nameEn"]), ("Arr", t["arrival"])]
    else:
        rows_ = [("Date", date_en(date, rng.randint(0, 2))), ("Train", "%s %d" % (name, t["train"]["number"])),
                 ("Departure", "%s  %s" % (t["from"]["nameEn"], t["departure"])), ("Arrival", "%s  %s" % (t["to"]["nameEn"], t["arrival"]))]
    rows_ += [("Seat", seat_text(t, True, rng.randint(0, 2))), ("Class", class_name(t["seatClass"], True, rng.randint(0, 2))),
              ("Passengers", "Adult %d" % rng.randint(1, 2)), ("Total", "¥%s" % format(extra["price"], ","))]
    y, label_x, value_x = 460, 70, rng.choice([330, 380])
    for label, value in rows_:
        p.text(label_x, y + 6, label, 40, bold=False, color=p.sub)
        p.fit(value_x, y, value, 50 if label not in ("Passengers", "Total") else 44)
        y += 100
        p.rule_line(y - 18)
    p.button(1720, "Change", green)
    return p.img


def draw_smartex_app(rng, t, extra, face, dark):
    """smartEX with distractors: the reservation number, a countdown to departure, the fare, the clock and battery."""
    blue = rng.choice([(0, 84, 166), (0, 62, 140), (20, 96, 190)])
    p = Phone(rng, face, dark, blue)
    en = t["language"] == "en"
    p.bar(90, 230, blue)
    p.text(48, 118, "smartEX" if rng.random() < 0.6 else ("スマートEX" if not en else "smart EX"), 56, color=(255, 255, 255))
    date = datetime.date.fromisoformat(t["date"])
    hours, minutes = rng.randint(0, 30), rng.randint(1, 59)
    if en:
        p.text(48, 270, "Reservation Details", 50)
        p.text(48, 346, "Reservation No. %s   Departs in %d h %d min" % (rng.randint(1000, 9999), hours, minutes), 34, bold=False, color=p.sub)
    else:
        p.text(48, 270, rng.choice(["予約詳細", "ご予約内容"]), 50)
        p.text(48, 346, "予約番号 %d　発車まで %d時間%d分" % (rng.randint(1000, 9999), hours, minutes), 36, bold=False, color=p.sub)
    p.box(420, 1540)
    y = 460
    p.text(70, y, date_en(date, 1) if en else date_ja(date, full=True).replace("(", "（").replace(")", "）"), 50, bold=False); y += 90
    name = t["train"]["nameEn"].upper() if en else t["train"]["name"]
    p.text(70, y, ("%s %d" if en else "%s %d号") % (name, t["train"]["number"]), 66); y += 120
    fs, ts = (t["from"]["nameEn"], t["to"]["nameEn"]) if en else (t["from"]["name"], t["to"]["name"])
    if rng.random() < 0.5:
        # Two columns: the station over its time.
        size = min(56, min(fitted(p.d, x, p.face, 56 * p.s, 380 * p.s).size for x in (fs, ts)) / p.s)
        p.text(70, y, fs, size); p.text(600, y, ts, size)
        p.text(470, y + 40, "→", 56, bold=False, color=p.sub)
        y += 90
        dep, arr = (("Dep. %s" if en else "%s発"), ("Arr. %s" if en else "%s着"))
        p.text(70, y, dep % t["departure"], 52, bold=False); p.text(600, y, arr % t["arrival"], 52, bold=False); y += 110
    else:
        line = "%s %s → %s %s" % (fs, t["departure"], ts, t["arrival"])
        if p.width(line, 54, False) > p.w / p.s - 140:
            p.text(70, y, "%s %s →" % (fs, t["departure"]), 54, bold=False); y += 80
            p.text(70, y, "%s %s" % (ts, t["arrival"]), 54, bold=False); y += 110
        else:
            p.text(70, y, line, 54, bold=False); y += 110
    p.rule_line(y); y += 30
    p.text(70, y, seat_text(t, en, rng.randint(0, 2)), 62); y += 100
    p.text(70, y, class_name(t["seatClass"], en, rng.randint(0, 2)), 48, bold=False); y += 86
    p.text(70, y, ("Adult %d" if en else "大人 %d名") % rng.randint(1, 3), 42, bold=False, color=p.sub); y += 74
    p.text(70, y, ("Total ¥%s" if en else "お支払い金額 %s円") % format(extra["price"], ","), 44, bold=False)
    p.button(1620, "Change" if en else "変更する", blue)
    return p.img


def draw_ex_app(rng, t, extra, face, dark):
    """JR Central's EX app: the train large on a coloured card, the two stations side by side with their times beneath."""
    gold, navy = (200, 160, 60), (12, 44, 100)
    p = Phone(rng, face, dark, navy)
    en = t["language"] == "en"
    p.bar(90, 210, navy)
    p.text(48, 116, "EX", 60, color=gold)
    p.text(160, 128, "Reservation" if en else "予約一覧", 44, bold=False, color=(255, 255, 255))
    date = datetime.date.fromisoformat(t["date"])
    p.box(260, 1060, fill=navy if not dark else (24, 40, 80), outline=navy, radius=30)
    white = (255, 255, 255)
    p.text(80, 300, date_en(date, 0) if en else date_ja(date, full=True), 46, bold=False, color=white)
    name = t["train"]["nameEn"] if en else t["train"]["name"]
    p.text(80, 380, ("%s %d" if en else "%s %d号") % (name, t["train"]["number"]), 76, color=white)
    fs, ts = (t["from"]["nameEn"], t["to"]["nameEn"]) if en else (t["from"]["name"], t["to"]["name"])
    right = p.w / p.s - 80
    size = min(64, min(fitted(p.d, x, p.face, 64 * p.s, (p.w / 2 - 130 * p.s)).size for x in (fs, ts)) / p.s)
    p.text(80, 540, fs, size, color=white)
    p.text(right, 540, ts, size, color=white, anchor="ra")
    p.text(p.w / p.s / 2, 580, "▶", 48, bold=False, color=gold, anchor="mm")
    p.text(80, 650, ("Dep %s" if en else "%s発") % t["departure"], 54, bold=False, color=white)
    p.text(right, 650, ("Arr %s" if en else "%s着") % t["arrival"], 54, bold=False, color=white, anchor="ra")
    p.text(80, 780, seat_text(t, en, rng.randint(0, 2)), 58, color=white)
    p.text(80, 880, class_name(t["seatClass"], en, rng.randint(0, 2)), 44, bold=False, color=white)
    p.text(80, 960, ("Until departure %d:%02d" if en else "発車まで %d:%02d") % (rng.randint(0, 23), rng.randint(0, 59)), 40, bold=False, color=gold)
    p.box(1110, 1420)
    p.text(70, 1150, ("Reservation No. %d" if en else "予約番号 %d") % rng.randint(1000, 9999), 42, bold=False)
    p.text(70, 1230, ("IC card: 1 (%s)" if en else "ICカード 1枚（%s）") % rng.choice(["Suica", "TOICA", "ICOCA"]), 42, bold=False)
    p.text(70, 1310, ("Total ¥%s" if en else "合計 %s円") % format(extra["price"], ","), 42, bold=False)
    p.button(1500, "Change" if en else "予約変更", navy)
    return p.img


def draw_e5489(rng, t, extra, face, dark):
    """JR West's e5489: label and value on one line, the route with its times in brackets, a purchase date."""
    navy = (0, 70, 140)
    p = Phone(rng, face, dark, navy)
    en = t["language"] == "en"
    p.bar(90, 230, navy)
    p.text(48, 118, "e5489", 60, color=(255, 255, 255))
    p.text(p.w / p.s - 48, 132, "JR West" if en else "JR西日本", 36, bold=False, color=(255, 255, 255), anchor="ra")
    p.text(48, 270, "Reservation confirmation" if en else "予約内容の確認", 48)
    p.box(370, 1660)
    date = datetime.date.fromisoformat(t["date"])
    fs, ts = (t["from"]["nameEn"], t["to"]["nameEn"]) if en else (t["from"]["name"], t["to"]["name"])
    if en:
        rows_ = [("Date", date_en(date, rng.randint(0, 2))), ("Train", "%s %d" % (t["train"]["nameEn"], t["train"]["number"])),
                 ("Section", "%s (%s) →" % (fs, t["departure"])), ("", "%s (%s)" % (ts, t["arrival"])),
                 ("Class", class_name(t["seatClass"], True, 2)), ("Seat", seat_text(t, True, rng.randint(0, 2))),
                 ("Persons", "Adult %d" % rng.randint(1, 2)), ("Reservation No.", "%d" % rng.randint(100000, 999999))]
    else:
        rows_ = [("乗車日", date_ja(date, full=True)), ("列車", "%s%d号" % (t["train"]["name"], t["train"]["number"])),
                 ("乗車区間", "%s(%s発) →" % (fs, t["departure"])), ("", "%s(%s着)" % (ts, t["arrival"])),
                 ("設備", class_name(t["seatClass"], False, 2)), ("座席", seat_text(t, False, rng.randint(0, 2))),
                 ("人数", "大人%d名" % rng.randint(1, 2)), ("予約番号", "%d" % rng.randint(100000, 999999))]
    if rng.random() < 0.5:
        bought = extra["issued"]
        rows_.append(("Purchased" if en else "購入日時", "%d/%02d/%02d %d:%02d" % (bought.year, bought.month, bought.day, rng.randint(6, 23), rng.randint(0, 59))))
    rows_.append(("Total" if en else "合計金額", ("¥%s" if en else "%s円") % format(extra["price"], ",")))
    y = 410
    for label, value in rows_:
        p.text(70, y + 6, label, 36, bold=False, color=p.sub)
        p.fit(360 if not en else 400, y, value, 46 if label not in ("合計金額", "Total") else 44)
        y += 98 if label else 90
        p.rule_line(y - 14)
    p.button(1720, "Change" if en else "変更する", navy)
    return p.img


def draw_two_leg(rng, legs, extra, face, dark, app, round_trip):
    """A booking of two trains: 往路 and 復路 on different days, or a change of train (乗継) on one."""
    en = legs[0]["language"] == "en"
    color = (0, 128, 70) if app == "ekinet" else (0, 84, 166)
    # A long page, scrolled and captured whole.
    p = Phone(rng, face, dark, color, min_height=2200)
    p.bar(90, 230, color)
    p.text(48, 118, ("JR-EAST Train Reservation" if en else "えきねっと") if app == "ekinet" else "smartEX", 54, color=(255, 255, 255))
    p.text(48, 270, ("Reservation details" if en else "予約内容") + ("" if round_trip else (" (transfer)" if en else "（乗継）")), 50)
    if round_trip:
        headings = ["Outbound", "Return"] if en else ["往路", "復路"]
    else:
        headings = ["Leg 1", "Leg 2"] if en else ["1区間目", "2区間目"]
    y = 380
    for heading, t in zip(headings, legs):
        date = datetime.date.fromisoformat(t["date"])
        p.box(y, y + 760)
        p.text(70, y + 30, heading, 44, color=color)
        p.text(70, y + 110, date_en(date, 0) if en else date_ja(date, full=True), 48, bold=False)
        name = t["train"]["nameEn"] if en else t["train"]["name"]
        p.text(70, y + 200, ("%s %d" if en else "%s%d号") % (name, t["train"]["number"]), 62)
        fs, ts = (t["from"]["nameEn"], t["to"]["nameEn"]) if en else (t["from"]["name"], t["to"]["name"])
        line = ("%s %s → %s %s" if en else "%s %s発 → %s %s着") % (fs, t["departure"], ts, t["arrival"])
        if p.width(line, 50, False) > p.w / p.s - 140:
            p.text(70, y + 310, line.split("→")[0] + "→", 50, bold=False)
            p.text(70, y + 380, line.split("→")[1].strip(), 50, bold=False)
        else:
            p.text(70, y + 320, line, 50, bold=False)
        p.text(70, y + 470, seat_text(t, en, 0), 58)
        p.text(70, y + 570, class_name(t["seatClass"], en, 0), 46, bold=False)
        y += 820
    p.text(70, y + 10, ("Total ¥%s" if en else "お支払い金額 %s円") % format(extra["price"], ","), 44, bold=False)
    return p.img


def paper(rng, size, face):
    """A ticket's paper: cream, green or orange with its faint "JR" pattern, and the ink it is printed in."""
    w, h = size
    palette = rng.choice([((250, 226, 196), (226, 160, 110)), ((214, 238, 220), (140, 196, 160)), ((236, 232, 214), (196, 180, 140)),
                          ((226, 236, 248), (170, 190, 222))])
    img = Image.new("RGB", (w, h), palette[0])
    d = ImageDraw.Draw(img)
    small = face(14, bold=False)
    for y in range(0, h, 22):
        for x in range(-20 + (y // 22 % 2) * 18, w, 36):
            d.text((x, y), "JR", fill=palette[1], font=small)
    return img, d, (rng.randint(10, 50),) * 3


def draw_combined(rng, t, extra, face):
    """乗車券・特急券 in one: the date and train first, the route under them with each city's zone, the fare split."""
    w, h = 1140, 760
    img, d, ink = paper(rng, (w, h), face)
    en = t["language"] == "en"
    date = datetime.date.fromisoformat(t["date"])
    row, letter = t["seat"][:-1], t["seat"][-1]
    fare = extra["price"] * 6 // 10 // 10 * 10
    if en:
        d.text((50, 30), "Fare & Limited Express Ticket" + (" / Green" if t["seatClass"] == "green" else " / GranClass" if t["seatClass"] == "granClass" else ""), fill=ink, font=face(40))
        d.text((50, 100), "%s.%d   %s %d" % (MONTHS[date.month - 1], date.day, t["train"]["nameEn"].upper(), t["train"]["number"]), fill=ink, font=face(52))
        text = "%s → %s" % (t["from"]["nameEn"], t["to"]["nameEn"])
        d.text((50, 190), text, fill=ink, font=fitted(d, text, face, 74, w - 100))
        d.text((50, 300), "Dep %s    Arr %s" % (hm(t["departure"]), hm(t["arrival"])), fill=ink, font=face(50))
        d.text((50, 380), "Car %d   Seat %s-%s" % (t["car"], row, letter), fill=ink, font=face(52))
        d.text((50, 470), "¥%s  (Fare ¥%s  Exp. ¥%s)" % (format(extra["price"], ","), format(fare, ","), format(extra["price"] - fare, ",")), fill=ink, font=face(38, bold=False))
        d.text((50, 530), "Valid for %d days" % rng.randint(2, 4), fill=ink, font=face(34, bold=False))
    else:
        d.text((50, 30), "乗車券・新幹線特急券" + ("・グリーン券" if t["seatClass"] == "green" else "・グランクラス券" if t["seatClass"] == "granClass" else ""), fill=ink, font=face(44))
        d.text((50, 100), "%d月%d日　%s %d号" % (date.month, date.day, t["train"]["name"], t["train"]["number"]), fill=ink, font=face(52))
        text = "%s → %s" % (spaced(t["from"]["name"]), spaced(t["to"]["name"]))
        big = fitted(d, text, face, 84, w - 100)
        d.text((50, 185), text, fill=ink, font=big)
        # Each city's fare zone under its name: (都区内), (市内), or none.
        zones = ["(都区内)", "(市内)", ""]
        d.text((70, 290), rng.choice(zones), fill=ink, font=face(30, bold=False))
        d.text((50 + d.textlength(spaced(t["from"]["name"]) + " → ", font=big) + 20, 290), rng.choice(zones), fill=ink, font=face(30, bold=False))
        d.text((50, 340), "（%s発）　（%s着）" % (hm(t["departure"]), hm(t["arrival"])), fill=ink, font=face(50))
        d.text((50, 420), "%d号車 %s番%s席" % (t["car"], row, letter), fill=ink, font=face(52))
        d.text((50, 500), "¥%s　内訳 乗車券%s 特急券%s" % (format(extra["price"], ","), format(fare, ","), format(extra["price"] - fare, ",")), fill=ink, font=face(36, bold=False))
        d.text((50, 556), "有効期間 %d月%d日まで　途中下車前途無効" % ((date + datetime.timedelta(days=3)).month, (date + datetime.timedelta(days=3)).day), fill=ink, font=face(32, bold=False))
    issued = extra["issued"]
    d.text((50, 650), "%d.%2d.%2d %s MV%d %05d-%02d" % (issued.year, issued.month, issued.day, rng.choice(["東京駅", "名古屋駅", "仙台駅", "TOKYO"]),
                                                   rng.randint(1, 60), rng.randint(0, 99999), rng.randint(1, 99)), fill=ink, font=face(32, bold=False))
    return img


def draw_upgrade_stub(rng, t, extra, face):
    """A seat-change slip (a window seat given at the counter): train, route, departure, car and seat; no arrival."""
    w, h = 820, 520
    img, d, ink = paper(rng, (w, h), face)
    en = t["language"] == "en"
    date = datetime.date.fromisoformat(t["date"])
    row, letter = t["seat"][:-1], t["seat"][-1]
    window = letter in "AE" or (t["seatClass"] != "ordinary" and letter in "AD")
    d.rectangle([8, 8, w - 8, h - 8], outline=ink, width=3)
    if en:
        d.text((36, 26), rng.choice(["Seat Change", "Seat Reassignment"]), fill=ink, font=face(42))
        d.text((36, 100), "%s.%d  %s %d" % (MONTHS[date.month - 1], date.day, t["train"]["nameEn"].upper(), t["train"]["number"]), fill=ink, font=face(44))
        text = "%s → %s" % (t["from"]["nameEn"], t["to"]["nameEn"])
        d.text((36, 176), text, fill=ink, font=fitted(d, text, face, 50, w - 72))
        d.text((36, 256), "Dep %s" % hm(t["departure"]), fill=ink, font=face(44))
        d.text((36, 326), "Car %d  Seat %s-%s%s" % (t["car"], row, letter, "  (Window)" if window else ""), fill=ink, font=face(46))
        d.text((36, 400), {"ordinary": "Ordinary", "green": "Green Car", "granClass": "GranClass"}[t["seatClass"]], fill=ink, font=face(36, bold=False))
    else:
        d.text((36, 26), rng.choice(["座席変更票", "指定席変更のご案内"]), fill=ink, font=face(42))
        d.text((36, 100), "%d月%d日　%s %d号" % (date.month, date.day, t["train"]["name"], t["train"]["number"]), fill=ink, font=face(44))
        text = "%s → %s" % (spaced(t["from"]["name"]), spaced(t["to"]["name"]))
        d.text((36, 176), text, fill=ink, font=fitted(d, text, face, 56, w - 72))
        d.text((36, 260), "（%s発）" % hm(t["departure"]), fill=ink, font=face(44))
        d.text((36, 330), "%d号車 %s番%s席%s" % (t["car"], row, letter, "（窓側）" if window else ""), fill=ink, font=face(46))
        d.text((36, 404), {"ordinary": "普通車", "green": "グリーン車", "granClass": "グランクラス"}[t["seatClass"]], fill=ink, font=face(36, bold=False))
    d.text((w - 260, h - 60), "No.%04d" % rng.randint(0, 9999), fill=ink, font=face(28, bold=False))
    t["arrival"] = None   # not printed on the slip: the scanner must not invent one
    return img


def second_leg(rng, first, round_trip, kind):
    """The other train of a two-leg booking: the way back days later, or an onward train from where the first arrives."""
    t = json.loads(json.dumps(first))
    d0 = datetime.date.fromisoformat(first["date"])
    a_h, a_m = map(int, first["arrival"].split(":"))
    if round_trip:
        t["from"], t["to"] = first["to"], first["from"]
        t["date"] = (d0 + datetime.timedelta(days=rng.randint(1, 6))).isoformat()
        dep = rng.randint(7 * 60, 19 * 60)
        span = (a_h * 60 + a_m) - sum(x * y for x, y in zip(map(int, first["departure"].split(":")), (60, 1)))
        trains = [x for x in TRAINS if x[0] == first["train"]["name"]]
    else:
        dep = a_h * 60 + a_m + rng.randint(8, 30)
        here = first["to"]["name"]
        trains = [x for x in TRAINS if any(s[0] == here for s in route(x[2])) and x[0] != first["train"]["name"]] or \
            [x for x in TRAINS if x[0] == first["train"]["name"]]
    ja, en, lines = rng.choice(trains)
    if not round_trip:
        stations = route(lines)
        here = [s[0] for s in stations].index(first["to"]["name"])
        others = [k for k in range(len(stations)) if k != here and stations[k][0] != first["from"]["name"] and abs(k - here) <= 12]
        # Onward, not back the way the first train came.
        came = next((k for k, st in enumerate(stations) if st[0] == first["from"]["name"]), None)
        onward = [k for k in others if came is None or (k - here) * (here - came) > 0]
        k = rng.choice(onward or others)
        t["from"] = {"name": stations[here][0], "nameEn": stations[here][1]}
        t["to"] = {"name": stations[k][0], "nameEn": stations[k][1]}
        span = abs(k - here) * rng.randint(9, 16) + rng.randint(5, 25)
    dep = min(dep, 22 * 60)
    arr = min(dep + max(span, 10), 23 * 60 + 55)
    t["train"] = {"name": ja, "nameEn": en, "number": rng.randint(1, 999)}
    t["departure"], t["arrival"] = "%02d:%02d" % divmod(dep, 60), "%02d:%02d" % divmod(arr, 60)
    letters = {"ordinary": "ABCDE", "green": "ABCD", "granClass": "ABC"}[t["seatClass"]]
    t["car"] = t["car"] if t["seatClass"] != "ordinary" else rng.randint(1, 16)
    t["seat"] = "%d%s" % (rng.randint(1, 20), rng.choice(letters))
    return t


def draw_harder(rng, layout, lang, difficulty):
    """One image of `layout`: (image, its truth, whether it is a photo)."""
    app, source, _, on_paper = LAYOUTS[layout]
    face = Typeface(rng.choice(sorted(TYPEFACES)))
    dark = not on_paper and rng.random() < 0.3
    round_trip = None
    if layout == "two-leg":
        app = rng.choice(["ekinet", "smartex"])
        source = app
        round_trip = rng.random() < 0.5
    ticket, extra = make_trip(rng, app, lang)
    ticket["source"] = source
    truth = {"kind": "photo" if on_paper else source, "layout": layout, "font": face.name, "dark": dark, "difficulty": difficulty}
    if layout == "two-leg":
        legs = [ticket, second_leg(rng, ticket, round_trip, app)]
        if round_trip and rng.random() < 0.4:
            # Scanned between the two trips: the way back is the leg to keep.
            extra["today"] = datetime.date.fromisoformat(legs[1]["date"]) - datetime.timedelta(days=rng.randint(0, 1))
            extra["today"] = max(extra["today"], datetime.date.fromisoformat(legs[0]["date"]) + datetime.timedelta(days=1))
        today = extra["today"].isoformat()
        chosen = next((k for k, leg in enumerate(legs) if leg["date"] >= today), 0)
        img = draw_two_leg(rng, legs, extra, face, dark, app, round_trip)
        truth.update({"legs": 2, "leg": chosen, "trip": "round" if round_trip else "transfer"})
        ticket = legs[chosen]
    else:
        draw = {"ekinet-stacked": draw_ekinet_stacked, "ekinet-en": draw_ekinet_en, "smartex-app": draw_smartex_app,
                "ex-app": draw_ex_app, "e5489": draw_e5489}.get(layout)
        if draw:
            img = draw(rng, ticket, extra, face, dark)
        else:
            img = (draw_combined if layout == "combined" else draw_upgrade_stub)(rng, ticket, extra, face)
    if layout == "upgrade-stub" and extra["today"].isoformat() > ticket["date"]:
        # The slip prints no year (nor an issue date that would give it): scanned years later, its year cannot be
        # known, so it is scanned the day before the trip.
        extra["today"] = datetime.date.fromisoformat(ticket["date"]) - datetime.timedelta(days=1)
    truth["today"] = extra["today"].isoformat()
    truth["ticket"] = ticket
    return img, truth, on_paper


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--kinds", default="photo,ekinet,smartex")
    parser.add_argument("--langs", default="ja,en")
    parser.add_argument("--photo", default="clean,hard", help="photo difficulties to draw")
    parser.add_argument("--layouts", default="", help="draw these harder layouts instead of the kinds (%s, or all)" % ",".join(LAYOUTS))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.layouts:
        harder(args)
        return
    combos = []
    for kind in args.kinds.split(","):
        for lang in args.langs.split(","):
            for difficulty in (args.photo.split(",") if kind == "photo" else ["screen"]):
                combos.append((kind, lang, difficulty))
    for n in range(args.count):
        kind, lang, difficulty = combos[n % len(combos)]
        rng = random.Random("%d-%d" % (args.seed, n))
        ticket, extra = make_trip(rng, kind, lang)
        name = "%04d-%s-%s-%s" % (n, kind, lang, difficulty)
        if kind == "photo":
            img, quality = photograph(rng, ticket_face(rng, ticket, extra), difficulty == "hard")
            save_photo(rng, img, quality, os.path.join(args.out, name + ".jpg"))
        else:
            screenshot(rng, ticket, extra, kind).save(os.path.join(args.out, name + ".png"), optimize=False)
        truth = {"kind": kind, "difficulty": difficulty, "today": extra["today"].isoformat(), "ticket": ticket}
        with open(os.path.join(args.out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=1)
        print(name, file=sys.stderr)


def harder(args):
    """--layouts: each layout in each of its languages (paper ones clean and hard), in turn, in varied fonts."""
    names = list(LAYOUTS) if args.layouts == "all" else args.layouts.split(",")
    for name in names:
        if name not in LAYOUTS:
            sys.exit("unknown layout %s (known: %s)" % (name, ", ".join(LAYOUTS)))
    combos = []
    for layout in names:
        for lang in [x for x in LAYOUTS[layout][2] if x in args.langs.split(",")]:
            for difficulty in (args.photo.split(",") if LAYOUTS[layout][3] else ["screen"]):
                combos.append((layout, lang, difficulty))
    for n in range(args.count):
        layout, lang, difficulty = combos[n % len(combos)]
        rng = random.Random("%d-%d-%s" % (args.seed, n, layout))
        img, truth, on_paper = draw_harder(rng, layout, lang, difficulty)
        name = "%04d-%s-%s-%s" % (n, layout, lang, difficulty)
        if on_paper:
            photo, quality = photograph(rng, img, difficulty == "hard")
            save_photo(rng, photo, quality, os.path.join(args.out, name + ".jpg"))
        else:
            img.save(os.path.join(args.out, name + ".png"), optimize=False)
        with open(os.path.join(args.out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(truth, f, ensure_ascii=False, indent=1)
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
