#!/usr/bin/env python3
"""Types five names into `fonsters/lookalikesOf` a letter at a time, as the page's and the editor's
look-alike warnings do, against a library, and prints what each keystroke cost: the server's CPU
(from /proc, over all the keystrokes) and the wall time a client waited (median, p90, slowest):
docs/benchmarks.md, "Inner edges in the look-alike keys". The first call (not counted) reads the
library's keys; the names are typed once, then ROUNDS times (5 unless set) again, then five other
names once, each counted apart.
  [ROUNDS=N] scripts/bench-keystrokes.py BIN STORE [--memory-budget BYTES]"""
import json
import os
import subprocess
import sys
import time

from procstat import cpu_seconds

NAMES = ["grace hopper", "ada lovelace", "linus torvalds", "alan turing", "margaret hamilton"]
OTHER_NAMES = ["barbara liskov", "edsger dijkstra", "katherine johnson", "dennis ritchie", "frances allen"]


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    server = subprocess.Popen([sys.argv[1], "--stdio", "--store", sys.argv[2], *sys.argv[3:]],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    serial = 0

    def ask(seed):
        nonlocal serial
        serial += 1
        server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": serial, "method": "fonsters/lookalikesOf",
                                        "params": {"seed": seed}}) + "\n").encode())
        server.stdin.flush()
        while True:
            message = json.loads(server.stdout.readline())
            if message.get("id") == serial:
                if "error" in message:
                    raise SystemExit(f"{seed!r}: {message['error']}")
                return message["result"]

    def cpu():
        return cpu_seconds(server.pid)

    start = time.monotonic()
    ask("the first call reads the keys")
    print(f"first call {time.monotonic() - start:.2f} s wall, server CPU so far {cpu():.2f} s")

    def typed(label, names, rounds):
        keystrokes = [name[:n] for name in names for n in range(1, len(name) + 1)]
        waits, before = [], cpu()
        for _ in range(rounds):
            for seed in keystrokes:
                began = time.monotonic()
                ask(seed)
                waits.append(time.monotonic() - began)
        used = cpu() - before
        waits.sort()
        print(f"{label}, {len(waits)} keystrokes: server CPU {1000 * used / len(waits):.2f} ms a keystroke; wall median "
              f"{1000 * waits[len(waits) // 2]:.2f} ms, p90 {1000 * waits[int(len(waits) * 0.9)]:.2f} ms, "
              f"slowest {1000 * waits[-1]:.1f} ms")

    typed("first typed", NAMES, 1)
    typed("typed again", NAMES, int(os.environ.get("ROUNDS", "5")))
    # Names not typed before: only what the server keeps of looks many Fonsters share carries over.
    typed("other names", OTHER_NAMES, 1)
    server.stdin.close()
    server.wait()


if __name__ == "__main__":
    main()
