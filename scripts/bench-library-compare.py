#!/usr/bin/env python3
"""What comparing a big library costs, and whether it is compared at all: docs/benchmarks.md,
"Distinct variants and documents against a million". Each part starts a server of its own on
STORE (use a copy: servers keep keys and groups in it) and prints the server's CPU (from /proc)
and peak memory (VmHWM):
  variants   `fonsters/distinctVariants` of eight bases, twice each, every variant then asked of
             `fonsters/lookalikesOf` (a distinct one looks like no Fonster: 0 found)
  document   a document of LINES lines (10,000 unless set), half of them seeds of the library:
             open, a pull `textDocument/diagnostic`, then 20 keystrokes each followed by one
  at-once    K `fonsters/lookalikesOf` sent in one write (2 unless set), every answer then read
  groups-at-once  K `fonsters/lookalikes` (the whole library's groups) the same way
  [LINES=N] [K=N] scripts/bench-library-compare.py BIN STORE [variants|document|at-once|groups-at-once ...]"""
import json
import os
import sqlite3
import subprocess
import sys
import time

from procstat import status_bytes, thread_cpu_seconds

BASES = ["grace", "ada lovelace", "m", "mary 12", "james", "gra", "li", "zebra crossing"]


class Server:
    def __init__(self, binary, store):
        self.process = subprocess.Popen([binary, "--stdio", "--store", store], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.serial = 0

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def ask(self, method, params):
        self.serial += 1
        self.send({"jsonrpc": "2.0", "id": self.serial, "method": method, "params": params})
        while True:
            message = json.loads(self.process.stdout.readline())
            if message.get("id") == self.serial:
                if "error" in message:
                    raise SystemExit(f"{method}: {message['error']}")
                return message["result"]

    def cpu_ms(self):
        return thread_cpu_seconds(self.process.pid) * 1000

    def peak_mib(self):
        return status_bytes(self.process.pid, "VmHWM") >> 20

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def variants(server):
    for round_ in range(2):
        for base in BASES:
            before, start = server.cpu_ms(), time.time()
            found = [v["seed"] for v in server.ask("fonsters/distinctVariants", {"seed": base, "count": 8})["variants"]]
            cpu, wall = server.cpu_ms() - before, (time.time() - start) * 1000
            alike = [seed for seed in found
                     if (lambda r: r["sameCount"] + r["nearlyCount"])(server.ask("fonsters/lookalikesOf", {"seed": seed})) > 0]
            print(f"variants round {round_} {base!r:16} CPU {cpu:7.1f} ms, wall {wall:7.1f} ms: {len(found)} variants, "
                  f"{len(alike)} look like a Fonster; peak {server.peak_mib()} MiB")


def document(server, store):
    lines = int(os.environ.get("LINES", "10000"))
    with sqlite3.connect(store) as db:
        seeds = [row[0] for row in db.execute("SELECT seed FROM fonsters LIMIT ?", (lines // 2,))]
    text = "".join(f"{seed}\nnot in the library {n}\n" for n, seed in enumerate(seeds))
    uri = "file:///bench.fonsters"
    server.ask("initialize", {"capabilities": {}})
    before, start = server.cpu_ms(), time.time()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "fonsters", "version": 1, "text": text}}})
    items = server.ask("textDocument/diagnostic", {"textDocument": {"uri": uri}})["items"]
    codes = [item["code"] for item in items]
    print(f"document of {2 * len(seeds)} lines: open CPU {server.cpu_ms() - before:.0f} ms, wall {(time.time() - start) * 1000:.0f} ms; "
          f"{len(items)} diagnostics ({codes.count('in-library')} in-library, {codes.count('not-analysed')} not-analysed); "
          f"peak {server.peak_mib()} MiB")
    costs = []
    for k in range(20):
        line = 2 * k + 1
        before = server.cpu_ms()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": k + 2},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "text": "x"}]}})
        server.ask("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        costs.append(server.cpu_ms() - before)
    costs.sort()
    print(f"document keystrokes: CPU median {costs[10]:.1f} ms, p90 {costs[18]:.1f} ms; peak {server.peak_mib()} MiB")


def at_once(server, method="fonsters/lookalikesOf"):
    count = int(os.environ.get("K", "2"))
    before = server.cpu_ms()
    for n in range(count):
        params = {"seed": f"mary {n}"} if method == "fonsters/lookalikesOf" else {}
        server.send({"jsonrpc": "2.0", "id": 1000 + n, "method": method, "params": params})
    answered = 0
    while answered < count:
        if "id" in json.loads(server.process.stdout.readline()):
            answered += 1
    print(f"{count} {method} at once: CPU {server.cpu_ms() - before:.0f} ms; peak {server.peak_mib()} MiB")


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary, store, parts = sys.argv[1], sys.argv[2], sys.argv[3:] or ["variants", "document", "at-once"]
    for part in parts:
        server = Server(binary, store)
        if part == "variants":
            variants(server)
        elif part == "document":
            document(server, store)
        elif part == "at-once":
            at_once(server)
        elif part == "groups-at-once":
            at_once(server, "fonsters/lookalikes")
        else:
            raise SystemExit(__doc__)
        server.close()


if __name__ == "__main__":
    main()
