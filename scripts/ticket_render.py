#!/usr/bin/env python3
"""Draws Shinkansen tickets for testing `eki ticket scan`: no real ticket images are at hand, so Eki makes its own.

    scripts/ticket_render.py OUT_DIR [--count N] [--seed S] [--kinds photo,ekinet,smartex] [--langs ja,en]
                             [--photo clean,hard] [--max-side PX]

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


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--kinds", default="photo,ekinet,smartex")
    parser.add_argument("--langs", default="ja,en")
    parser.add_argument("--photo", default="clean,hard", help="photo difficulties to draw")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
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


if __name__ == "__main__":
    main()
