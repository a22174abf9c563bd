#!/usr/bin/env python3
"""Eight 100,000-line documents opened over stdio beside a memory budget: the one budget probe the
server does not hold yet: the peak stays within its idle size plus the budget whatever documents are opened. Prints how many were
published or refused, and the peak (VmHWM) over the idle size; exits 1 when the peak passes the
budget. It stays out of the test suite until it holds (a test expected to fail cannot fail);
docs/benchmarks.md ("Siege") keeps the figures.

    .build/venv/bin/python scripts/probe-documents-budget.py .build/debug/fonsters-rpc [BUDGET_MIB]
"""
import json, subprocess, sys, time, threading
binary, budget = sys.argv[1], int(sys.argv[2] if len(sys.argv) > 2 else 256) << 20
p = subprocess.Popen([binary, "--stdio", "--memory", "--no-starter", "--memory-budget", str(budget)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
def send(m):
    b = json.dumps(m).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
msgs = []
def reader():
    while True:
        n = None
        while True:
            l = p.stdout.readline()
            if not l: return
            if l in (b"\r\n", b"\n"): break
            if l.lower().startswith(b"content-length:"): n = int(l.split(b":")[1])
        msgs.append(json.loads(p.stdout.read(n)))
threading.Thread(target=reader, daemon=True).start()
def status(k):
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith(k + ":"): return int(l.split()[1]) * 1024
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
while not any(m.get("id") == 0 for m in msgs): time.sleep(0.05)
time.sleep(1); idle = status("VmRSS")
for d in range(8):
    text = "".join(f"doc {d} crew member {n}\n" for n in range(100_000))
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": f"file:///d{d}.fonsters", "languageId": "fonsters", "version": 1, "text": text}}})
def done():
    pubs = {m["params"]["uri"] for m in msgs if m.get("method") == "textDocument/publishDiagnostics"}
    refused = [m for m in msgs if m.get("method") == "window/showMessage"]
    return len(pubs) + len(refused) >= 8, len(pubs), len(refused)
t = time.time()
while not done()[0] and time.time() - t < 600: time.sleep(0.5)
status_peak = status("VmHWM")
print("published, refused:", done()[1:], f"in {time.time()-t:.1f} s; peak +{(status('VmHWM') - idle) / 2**20:.1f} MiB over idle {idle / 2**20:.0f} MiB; budget {budget >> 20} MiB")
p.kill()
sys.exit(1 if status_peak - idle > budget else 0)
