#!/usr/bin/env python3
"""Asks a library's look-alikes the way a client does and prints what each answer cost, with the
server's peak memory over its idle RSS (VmHWM from /proc) and its CPU: docs/benchmarks.md, "A
million Fonsters within the budget" and "Near groups part by part". Run it twice on one file: the
second run's first call reads the near groups the first kept there; the last two calls follow a
create and its delete. The second `lookalikesOf` indexes the keys' bands (`KeptBandIndex`).
With BURST=N in the environment, N more creates follow, then one more look-alikes call.
  [BURST=N] scripts/bench-million-lookalikes.py BIN STORE [--memory-budget BYTES]
Make the library first, e.g. a million seeds: `fonsters-rpc import DOC --store STORE --no-starter`."""
import json
import os
import subprocess
import sys
import time

from procstat import cpu_seconds, status_bytes as status


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    server = subprocess.Popen([sys.argv[1], "--stdio", "--store", sys.argv[2], *sys.argv[3:]],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(n, method, params):
        start = time.monotonic()
        server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}) + "\n").encode())
        server.stdin.flush()
        while True:
            message = json.loads(server.stdout.readline())
            if message.get("id") == n:
                return message, time.monotonic() - start

    call(0, "creature/describe", {"seed": "idle"})
    idle = status(server.pid, "VmRSS")
    print(f"idle {idle >> 20} MiB")
    asks = [("fonsters/lookalikes", {}), ("fonsters/lookalikes", {"near": False}), ("fonsters/lookalikes", {}),
            ("fonsters/lookalikesOf", {"seed": "grown 5"}), ("fonsters/lookalikesOf", {"seed": "grown 6"}),
            ("fonsters/list", {"start": 500_000, "count": 100}),
            ("fonsters/create", {"seed": "grown again"}), ("fonsters/lookalikes", {}),
            ("fonsters/delete", {"id": "the one created"}), ("fonsters/lookalikes", {})]
    burst = int(os.environ.get("BURST", "0"))
    asks += [("fonsters/create", {"seed": f"burst {i} {time.time()}"}) for i in range(burst)]
    asks += [("fonsters/lookalikes", {})] if burst else []

    def cpu():
        return cpu_seconds(server.pid)

    created = None
    for n, (method, params) in enumerate(asks, 1):
        if params.get("id") == "the one created":
            params = {"id": created}
        before = cpu()
        answer, seconds = call(n, method, params)
        used = cpu() - before
        if method == "fonsters/create" and params["seed"].startswith("burst "):
            continue
        if method == "fonsters/create" and "result" in answer:
            created = answer["result"]["id"]
        if "error" in answer:
            what = f"error {answer['error']['code']}: {answer['error']['message'][:100]}"
        else:
            what = ", ".join(f"{k} {len(v) if isinstance(v, list) else v}" for k, v in answer["result"].items()
                             if k in ("exact", "near", "count", "sameCount", "nearlyCount", "fonsters"))
        print(f"{method} {json.dumps(params)}: {seconds:.2f} s ({used:.2f} s CPU), {what}; peak over idle {(status(server.pid, 'VmHWM') - idle) >> 20} MiB")
    print(f"server CPU {cpu():.1f} s")
    server.kill()


main()
