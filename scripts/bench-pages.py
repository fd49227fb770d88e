#!/usr/bin/env python3
"""Server CPU time per page: `eki serve` on a free port, then for each page 20 requests to warm up
and N more on one keep-alive connection, timing the server process's user + system CPU from /proc
(steadier than wall time on a machine other work shares).

Usage: scripts/bench-pages.py [path/to/eki] [database] [requests per page]
  defaults: .build/release/eki, $EKI_DB or /tmp/eki-browser-test.sqlite, 200. Linux only (/proc).
"""
import http.client, os, re, socket, subprocess, sys, time

eki = sys.argv[1] if len(sys.argv) > 1 else ".build/release/eki"
database = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("EKI_DB", "/tmp/eki-browser-test.sqlite")
count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
PAGES = ["/timetable/Tobu.TobuSkytree.KitaSenju?direction=Inbound&date=2026-11-24&lang=en",
         "/station/JR-East.Yamanote.Shinjuku?at=2026-11-24T07:30",
         "/board/Tokyu.Toyoko.Shibuya?direction=Outbound&at=2026-11-24T07:30", "/"]

server = subprocess.Popen([eki, "serve", "--port", "0", "--db", database], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    line = server.stdout.readline()
    port = int(re.search(r":(\d+)\s*$", line).group(1))
    ticks = os.sysconf("SC_CLK_TCK")

    def cpu():
        fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    connection = http.client.HTTPConnection("127.0.0.1", port)
    for page in PAGES:
        for _ in range(20):
            connection.request("GET", page); connection.getresponse().read()
        start = cpu()
        for _ in range(count):
            connection.request("GET", page); connection.getresponse().read()
        print(f"{(cpu() - start) / count * 1000:7.2f} ms CPU a request  {page}")
finally:
    server.terminate()
    server.wait()
