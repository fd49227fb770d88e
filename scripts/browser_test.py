#!/usr/bin/env python3
"""Browser test of the web app: headless Chromium drives the pages a rider uses, asserts real
content from the shared data on each, checks the console stays clean, and saves phone-sized
screenshots (Japanese and English) to docs/screenshots/.

Usage: python3 scripts/browser_test.py [path/to/eki] [database]
Needs Debian's chromium and chromium-driver and selenium from PyPI (.ci/run installs them).
"""
import os, re, socket, subprocess, sys, time, urllib.request
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EKI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/eki")
DB = sys.argv[2] if len(sys.argv) > 2 else "/tmp/eki-browser-test.sqlite"
SHOTS = os.path.join(ROOT, "docs/screenshots")
AT = "2026-11-24T07:30"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`eki serve` on a fixed port, so the test can stop it and start it again."""

    def __init__(self):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen([EKI, "serve", "--port", str(self.port), "--db", DB],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("eki serve did not answer")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def main():
    # A database left by an earlier run is reused unless this eki cannot read it (another schema).
    if subprocess.run([EKI, "info", "--db", DB], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        subprocess.run([EKI, "import", os.path.join(ROOT, "../shared/data/minitokyo3d"), "--db", DB], check=True,
                       stdout=subprocess.DEVNULL)
    server = Server()
    server.start()
    try:
        run(server)
    finally:
        server.stop()
    print("browser test passed")


def run(server):
    base = server.base
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--lang=ja"]:
        options.add_argument(flag)
    # A phone: headless windows cannot be narrower than 500 px, device emulation can.
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    os.makedirs(SHOTS, exist_ok=True)
    errors = []

    def visit(path, shot=None):
        driver.get(base + path)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        if shot:
            driver.save_screenshot(os.path.join(SHOTS, shot + ".png"))
        for entry in driver.get_log("browser"):
            if entry["level"] == "SEVERE":
                errors.append(f"{path}: {entry['message']}")
        return driver.find_element(By.TAG_NAME, "body").text

    def expect(condition, what):
        if not condition:
            raise AssertionError(what)

    try:
        # Home, then search as you type: しぶや finds 渋谷 with its railways.
        home = visit("/", "home-ja")
        expect("ブックマーク" in home and "近くの駅" in home, "home sections")
        box = driver.find_element(By.CSS_SELECTOR, "form.search input[name=q]")
        box.send_keys("しぶや")
        WebDriverWait(driver, 10).until(lambda d: "渋谷" in d.find_element(By.ID, "results").text)
        driver.save_screenshot(os.path.join(SHOTS, "search-ja.png"))
        results = driver.find_element(By.ID, "results").text
        expect("渋谷" in results and "東横線" in results, "search results: " + results[:200])

        # Open 渋谷 on the Toyoko: the diagram, both directions, connections.
        driver.find_element(By.CSS_SELECTOR, "#results a[href='/station/Tokyu.Toyoko.Shibuya']").click()
        WebDriverWait(driver, 10).until(lambda d: "/station/Tokyu.Toyoko.Shibuya" in d.current_url)
        station = visit(f"/station/Tokyu.Toyoko.Shibuya?at={AT}", "station-ja")
        expect("代官山" in station and "副都心線直通" in station and "乗換" in station, "Shibuya station page")

        # Bookmark a direction; the home page then shows it with departures.
        driver.find_element(By.CSS_SELECTOR, "button.bookmark[data-direction=Outbound]").click()
        expect(driver.find_element(By.CSS_SELECTOR, "button.bookmark[data-direction=Outbound]").get_attribute("aria-pressed") == "true",
               "bookmark pressed")
        visit("/")
        WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#bookmarks .card li")) > 0)
        expect("渋谷" in driver.find_element(By.ID, "bookmarks").text, "bookmark on home")
        driver.save_screenshot(os.path.join(SHOTS, "home-bookmarks-ja.png"))

        # Offline: the service worker has kept the bookmark's timetables; with the server stopped,
        # home and the board still count down, computed from them; a restarted server takes over.
        WebDriverWait(driver, 20).until(lambda d: int(d.execute_script("return document.body.dataset.kept || 0")) >= 2)
        server.stop()
        # The browser's HTTP cache may still hold this minute's departures; the kept timetables are
        # in the service worker's Cache Storage, which this does not touch.
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.get(base + "/")
        WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#bookmarks .card li time")) > 0)
        card = driver.find_element(By.CSS_SELECTOR, "#bookmarks .card").text
        expect("オフライン" in card and re.search(r"\d\d:\d\d", card), "offline bookmark card: " + card)
        driver.save_screenshot(os.path.join(SHOTS, "home-offline-ja.png"))
        driver.get(base + "/board/Tokyu.Toyoko.Shibuya?direction=Outbound")
        WebDriverWait(driver, 10).until(lambda d: "オフライン" in d.find_element(By.CSS_SELECTOR, ".board .status").text)
        expect(len(driver.find_elements(By.CSS_SELECTOR, ".board .rows li")) == 6, "offline board rows")
        driver.get_log("browser")   # refused connections while the server is away are expected
        server.start()
        board = visit("/board/Tokyu.Toyoko.Shibuya?direction=Outbound")
        WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".board .rows li")) == 6)
        expect(driver.find_element(By.CSS_SELECTOR, ".board .status").text == "", "online again")

        # The station timetable: now marked and in view; switch direction by tap.
        timetable = visit(f"/timetable/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&date=2026-11-24&at={AT}", "timetable-ja")
        now = driver.find_element(By.ID, "now")
        expect("07:31" in now.text and "清瀬" in now.text, "now row: " + now.text)
        expect(driver.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;", now),
               "now row in view")
        driver.find_element(By.CSS_SELECTOR, ".tabs a:not(.current)").click()
        WebDriverWait(driver, 10).until(lambda d: "direction=Outbound" in d.current_url)
        expect("元町・中華街" in driver.find_element(By.TAG_NAME, "body").text, "outbound timetable")

        # A train across railways, the rider's station highlighted.
        train = visit("/train/Tokyu.Toyoko.026054.Weekday?from=Tokyu.Toyoko.Shibuya", "train-ja")
        expect("清瀬行" in train and "副都心線" in train, "train page")
        expect("渋谷" in driver.find_element(By.ID, "mine").text, "highlighted stop")

        # The railway page: the line drawn, its stations in order.
        railway = visit("/railway/Minatomirai.Minatomirai", "railway-ja")
        expect("横浜\n新高島\nみなとみらい\n馬車道" in railway, "railway station list")
        svg = driver.find_element(By.CSS_SELECTOR, "figure.map svg")
        expect(svg.size["width"] <= 390 and svg.size["height"] > 100, f"map fits the phone: {svg.size}")

        # Board mode.
        board = visit(f"/board/Minatomirai.Minatomirai.Bashamichi?direction=Inbound&at={AT}", "board-ja")
        expect("07:31" in board and "清瀬" in board, "board")

        # English.
        english = visit(f"/station/Minatomirai.Minatomirai.Bashamichi?at={AT}&lang=en", "station-en")
        expect("Bashamichi" in english and "Kiyose" in english, "English station page")
        visit("/?lang=en", "home-en")
        visit(f"/timetable/JR-East.Yamanote.Shibuya?direction=InnerLoop&date=2026-11-24&at=2026-11-24T18:00&lang=en", "timetable-en")

        expect(not errors, "console errors: " + "; ".join(errors))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
