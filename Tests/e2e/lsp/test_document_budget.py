"""protocol.md, "Language server" limits: documents of 100,000 lines opened over stdio beside the
server's memory budget (the default 256 MiB). Each document's analysis is reserved from the budget
before it draws; the documents it has no room for stay open as text, and the person is told
(`window/showMessage`, naming the budget). The peak memory (VmHWM, read from /proc) stays within the
idle size plus the budget; closing the other documents makes room for a refused one."""
import json
import subprocess
import threading
import time

import pytest

from conftest import proc_status, wait_until

MiB = 1 << 20
BUDGET = 256 * MiB
DOCUMENTS = 8
LINES = 100_000


class FramedClient:
    """An LSP client over stdio (Content-Length framing) that keeps every message it reads."""

    def __init__(self, binary, *args):
        self.process = subprocess.Popen([binary, "--stdio", "--memory", "--no-starter", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            with self.lock:
                self.messages.append(message)

    def send(self, message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def received(self, method):
        with self.lock:
            return [m["params"] for m in self.messages if m.get("method") == method]

    def status(self, field):
        """A /proc/PID/status field in bytes (VmRSS, VmHWM)."""
        return proc_status(self.process.pid, field)


def uri(d):
    return f"file:///budget/d{d}.fonsters"


def last_diagnostics(client):
    """Each document's last diagnostics, by URI."""
    return {params["uri"]: params["diagnostics"] for params in client.received("textDocument/publishDiagnostics")}


def outcome(client):
    """The documents analysed (their last diagnostics are not the one saying the budget has no room)
    and those refused: not analysed, or not opened at all (told by `window/showMessage` alone)."""
    last = last_diagnostics(client)
    analysed = {u for u, d in last.items() if not any(x.get("code") == "not-analysed" for x in d)}
    unopened = {u for u in map(uri, range(DOCUMENTS)) for s in client.received("window/showMessage") if f"{u} was not opened" in s["message"]}
    return analysed, set(last) - analysed | unopened


@pytest.mark.slow
def test_documents_are_analysed_as_the_budget_allows_and_the_rest_are_told(fonsters_bin):
    client = FramedClient(fonsters_bin, "--memory-budget", str(BUDGET))
    try:
        client.send({"id": 0, "method": "initialize", "params": {"capabilities": {}}})
        wait_until(lambda: any(m.get("id") == 0 for m in client.messages), "the answer to initialize")
        client.send({"method": "initialized", "params": {}})
        idle = client.status("VmRSS")
        for d in range(DOCUMENTS):
            text = "".join(f"doc {d} crew member {n}\n" for n in range(LINES))
            start = time.monotonic()
            client.send({"method": "textDocument/didOpen",
                         "params": {"textDocument": {"uri": uri(d), "languageId": "fonsters", "version": 1, "text": text}}})
            wait_until(lambda: uri(d) in set.union(*outcome(client)), f"document {d}'s diagnostics or refusal")
            told = "analysed" if uri(d) in outcome(client)[0] else "refused"
            print(f"\ndocument {d}: {told} {time.monotonic() - start:.2f} s after its open; RSS +{(client.status('VmRSS') - idle) / MiB:.0f} MiB", end="")
        analysed, refused = outcome(client)
        peak = client.status("VmHWM")
        print(f"\n{len(analysed)} of {DOCUMENTS} documents of {LINES:,} lines analysed; peak +{(peak - idle) / MiB:.0f} MiB "
              f"over idle {idle / MiB:.0f} MiB; budget {BUDGET // MiB} MiB")
        assert peak - idle <= BUDGET, f"peak {(peak - idle) / MiB:.0f} MiB over idle passes the budget"
        assert analysed, "not even one document analysed"
        # Each refused document was told to the person once, naming the budget and how to make room.
        shown = client.received("window/showMessage")
        for u in refused:
            told = [s for s in shown if u in s["message"]]
            assert len(told) == 1 and "memory budget has no room" in told[0]["message"] and "--memory-budget" in told[0]["message"], told
        assert all(any(u in s["message"] for u in refused) for s in shown), shown
        # A refused document still offers to add its seeds to the library: that needs no picture.
        refused_open = sorted(u for u, d in last_diagnostics(client).items() if any(x.get("code") == "not-analysed" for x in d))
        assert refused_open, "no document was open and refused"
        client.send({"id": 1, "method": "textDocument/codeAction", "params": {
            "textDocument": {"uri": refused_open[0]}, "context": {"diagnostics": []},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}})
        wait_until(lambda: any(m.get("id") == 1 for m in client.messages), "the refused document's code actions")
        answer = next(m for m in client.messages if m.get("id") == 1)
        assert [a["title"] for a in answer["result"]] == ["Add all seeds to the library"], answer
        # Opened in turn: the documents analysed are the first ones.
        assert analysed == set(map(uri, range(len(analysed)))), sorted(analysed)
        # Closing the others gives their room to the last document opened and not analysed.
        waiting = {u for u, d in last_diagnostics(client).items() if any(x.get("code") == "not-analysed" for x in d)}
        if waiting:
            target = max(waiting, key=lambda u: int(u.rsplit("d", 1)[1].split(".")[0]))
            for u in sorted(analysed | waiting - {target}):
                client.send({"method": "textDocument/didClose", "params": {"textDocument": {"uri": u}}})
            wait_until(lambda: target in outcome(client)[0], "a refused document analysed once the others closed")
            assert client.status("VmHWM") - idle <= BUDGET
    finally:
        client.process.kill()
        client.process.wait()
