#!/usr/bin/env python3
"""Renders routefix's `--format html` page in a real browser (headless Chromium) and checks
what a person would see: the page lays out to a non-trivial screenshot, the failing path is
highlighted (pixels in the highlight red #cc0000), and the DOM Chromium built holds the
pictures' highlighted edges and no script.

usage: html_report_browser.py ROUTEFIX SOURCE_DIR [--keep DIR]
Exit 77 (ctest: skipped) when no chromium is installed, unless ROUTEFIX_REQUIRE_BROWSER=1
(CI installs chromium, so there its absence is a failure)."""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HIGHLIGHT = (0xCC, 0x00, 0x00)


def png_pixels(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG, standard library only."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            if depth != 8 or color not in (2, 6):
                raise ValueError(f"PNG colour type {color} depth {depth} not handled")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride, n = width * channels, channels
    rows, prev = [], bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        ftype, cur = line[0], bytearray(line[1:])
        if ftype == 1:
            for i in range(n, stride):
                cur[i] = (cur[i] + cur[i - n]) & 255
        elif ftype == 2:
            cur = bytearray((x + b) & 255 for x, b in zip(cur, prev))
        elif ftype == 3:
            for i in range(stride):
                cur[i] = (cur[i] + ((cur[i - n] if i >= n else 0) + prev[i]) // 2) & 255
        elif ftype == 4:
            for i in range(stride):
                a = cur[i - n] if i >= n else 0
                b, c = prev[i], (prev[i - n] if i >= n else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(list(zip(cur[0::n], cur[1::n], cur[2::n])))
        prev = bytes(cur)
    return width, height, rows


def main():
    routefix, source = sys.argv[1], sys.argv[2]
    keep = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--keep" else None
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        message = "chromium is not installed (Debian: apt-get install chromium)"
        if os.environ.get("ROUTEFIX_REQUIRE_BROWSER") == "1":
            print("FAIL: " + message + ", and ROUTEFIX_REQUIRE_BROWSER=1")
            return 1
        print("SKIPPED: " + message)
        return 77
    work = tempfile.mkdtemp(prefix="routefix-browser-")
    try:
        page = os.path.join(work, "report.html")
        with open(page, "wb") as out:
            rc = subprocess.run([routefix, "verify", os.path.join(source, "examples/firewall-bypass"),
                                 "--format", "html"], stdout=out, stderr=subprocess.DEVNULL).returncode
        if rc != 1:
            print(f"FAIL: routefix verify exited {rc}, expected 1 (an intent fails)")
            return 1
        shot = os.path.join(work, "report.png")
        run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                              "--no-first-run", "--user-data-dir=" + os.path.join(work, "profile"),
                              "--window-size=1200,1400", "--screenshot=" + shot, "--dump-dom",
                              "file://" + page], capture_output=True, text=True, timeout=120)
        dom = run.stdout
        failures = []
        if run.returncode != 0 or not os.path.exists(shot):
            failures.append(f"chromium exited {run.returncode} without a screenshot: {run.stderr[-500:]}")
        else:
            width, height, rows = png_pixels(shot)
            colours = {px for row in rows[::4] for px in row[::4]}
            red = sum(1 for row in rows for px in row
                      if abs(px[0] - HIGHLIGHT[0]) <= 24 and px[1] <= 40 and px[2] <= 40)
            print(f"screenshot {width}x{height}, {os.path.getsize(shot)} bytes, "
                  f"{len(colours)} colours (sampled), {red} highlight-red pixels")
            if (width, height) != (1200, 1400):
                failures.append(f"screenshot is {width}x{height}")
            if len(colours) < 16:
                failures.append(f"screenshot nearly blank ({len(colours)} colours)")
            if red < 150:
                failures.append(f"the highlighted path is not visible ({red} red pixels)")
        hops = len(re.findall(r'<g id="pic\d+_edge\d+" class="edge hop"', dom))
        articles = len(re.findall(r'<article class="intent"', dom))
        svgs = dom.count("<svg")
        print(f"DOM: {articles} failing-intent articles, {svgs} pictures, {hops} highlighted edges")
        if articles < 1 or svgs != articles:
            failures.append(f"{articles} articles, {svgs} pictures")
        if hops < 1:
            failures.append("no highlighted edge in the DOM")
        if "<script" in dom:
            failures.append("the DOM holds a script element")
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copy(page, keep)
            if os.path.exists(shot):
                shutil.copy(shot, keep)
        for f in failures:
            print("FAIL: " + f)
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
