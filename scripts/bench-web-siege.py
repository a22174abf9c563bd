#!/usr/bin/env python3
"""Page loads under a siege of idle sockets: for each count of hostile sockets (each
reopened as soon as the server closes it, from a process of its own: Tests/e2e/idle_sockets.py),
a fresh headless Chromium loads the page several times; prints the time from navigation to a
ready page (connection open, page script running), the server's CPU use during the siege, and
how often the hostile client had to reconnect.

    .build/venv/bin/python scripts/bench-web-siege.py --bin .build/release/fonsters-rpc [--loads 5] [--warmup 8] [--hostile 0,80,208]

Needs Chromium and chromedriver (scripts/test.sh installs them) and the venv's selenium.
"""
import argparse
import json
import pathlib
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time

E2E = pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"
sys.path.insert(0, str(E2E))
import test_web_gui as gui  # noqa: E402
from procstat import cpu_seconds  # noqa: E402

URL_LINE = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)")


class Server:
    """`web --port 0 --memory --no-starter`; `url` is its address line."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "web", "--port", "0", "--memory", "--no-starter"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        line = self.process.stdout.readline().decode().strip() if ready else ""
        match = URL_LINE.fullmatch(line)
        if not match:
            self.process.kill()
            sys.exit(f"the server printed no address: {line!r}")
        self.url, self.port = line, int(match.group(1))

    def cpu_seconds(self):
        return cpu_seconds(self.process.pid)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def siege(binary, hostile, loads, warmup, downloads):
    server = Server(binary)
    attacker = None
    try:
        if hostile:
            attacker = subprocess.Popen([sys.executable, str(E2E / "idle_sockets.py"), str(server.port), str(hostile), "600"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            if attacker.stdout.readline() != b"ready\n":
                sys.exit("the hostile client did not start")
            time.sleep(warmup)  # past the 5 s token deadline, so the sockets come and go
        began, cpu_before = time.monotonic(), server.cpu_seconds()
        times = []
        for _ in range(loads):
            driver = gui.make_driver(downloads)
            try:
                start = time.monotonic()
                gui.open_page(driver, server)
                times.append(time.monotonic() - start)
            finally:
                driver.quit()
        wall, cpu = time.monotonic() - began, server.cpu_seconds() - cpu_before
        reconnects = ""
        if attacker:
            attacker.stdin.close()
            counts = json.loads(attacker.stdout.read())
            attacker.wait(timeout=20)
            reconnects = f"; the hostile client reconnected {counts['closed_by_server'] / wall:.0f}/s"
            attacker = None
        print(f"{hostile} idle sockets: page ready p50 {statistics.median(times):.2f} s, max {max(times):.2f} s "
              f"over {loads} loads (navigation to ready, fresh Chromium each); server CPU {100 * cpu / wall:.1f} % "
              f"of one core{reconnects}", flush=True)
    finally:
        if attacker:
            attacker.kill()
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release/fonsters-rpc")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--warmup", type=float, default=8, help="seconds of siege before the first load")
    parser.add_argument("--hostile", default="0,80,208", help="comma-separated counts of idle sockets")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as downloads:
        for hostile in (int(n) for n in args.hostile.split(",")):
            siege(args.bin, hostile, args.loads, args.warmup, pathlib.Path(downloads))


if __name__ == "__main__":
    main()
