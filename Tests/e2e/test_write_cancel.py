"""Cancellation tells the truth over real stdio: in races of a write and its $/cancelRequest, every
write answered -32800 left no trace in the library and sent no fonsters/didChange, and every write
answered with its result is in the library.

The races vary how the cancel follows its request: in the same write to the pipe, in the next
write, or after reading other answers first. FONSTERS_WRITE_RACES sets the races per method."""
import json
import os
import subprocess
import uuid

import pytest

RACES = int(os.environ.get("FONSTERS_WRITE_RACES", "250"))


class RaceClient:
    """A pipelining newline-delimited client that keeps every notification it reads."""

    def __init__(self, binary, store):
        self.process = subprocess.Popen([binary, "--stdio", "--store", store, "--no-starter"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1
        self.changed = []  # every id a fonsters/didChange named, in order

    def send(self, *messages):
        """Writes the messages in one write to the pipe."""
        self.process.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
        self.process.stdin.flush()

    def request(self, method, params):
        """A request message with a new id."""
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.next_id += 1
        return message

    def answer(self, request_id, early=None):
        """Reads until the answer to request_id, keeping the didChange ids met on the way; an
        answer to `early` read first is returned after it, as (answer, early answer or None)."""
        kept = None
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            message = json.loads(line)
            if message.get("method") == "fonsters/didChange":
                self.changed.extend(message["params"]["ids"])
            elif "method" not in message:
                if early is not None and message["id"] == early:
                    kept = message
                    continue
                assert message["id"] == request_id, message
                return message if early is None else (message, kept)

    def call(self, method, params=None):
        """A request that must succeed: its result."""
        message = self.request(method, params or {})
        self.send(message)
        response = self.answer(message["id"])
        assert "result" in response, response
        return response["result"]

    def race(self, method, params, n):
        """Sends the write and its cancel (how close together depends on n); returns the answer."""
        write = self.request(method, params)
        cancel = {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": write["id"]}}
        if n % 3 == 0:
            self.send(write, cancel)
        elif n % 3 == 1:
            self.send(write)
            self.send(cancel)
        else:
            # A quick request behind the write: the cancel goes once that is answered.
            ping = self.request("creature/describe", {"seed": f"ping {n}"})
            self.send(write, ping)
            _, early = self.answer(ping["id"], early=write["id"])
            self.send(cancel)
            if early is not None:
                return early
        return self.answer(write["id"])

    def close(self):
        self.call("shutdown")
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.stdin.close()
        return self.process.wait(timeout=30)


def ids_in_library(client):
    return {f["id"] for f in client.call("fonsters/list")["fonsters"]}


def run_races(client, method, prepare, landed):
    """RACES races of `method`; returns (cancelled, answered, lies)."""
    cancelled = answered = 0
    lies = []
    for n in range(RACES):
        params, mark = prepare(n)
        heard_before = len(client.changed)
        response = client.race(method, params, n)
        client.call("fonsters/list", {"count": 1})  # every library request before it is over
        heard = client.changed[heard_before:]
        if "result" in response:
            answered += 1
            assert landed(mark), f"{method} race {n} answered its result but is not in the library"
            assert heard, f"{method} race {n} answered its result but sent no didChange"
        else:
            assert response["error"]["code"] == -32800, response
            cancelled += 1
            if landed(mark) or heard:
                lies.append((n, heard))
    print(f"{method}: {RACES} races over stdio, {cancelled} answered -32800, {answered} with their result, "
          f"{len(lies)} cancels that lied")
    return cancelled, answered, lies


@pytest.mark.slow
def test_cancelled_writes_leave_no_trace_over_stdio(fonsters_bin, tmp_path):
    client = RaceClient(fonsters_bin, str(tmp_path / "library.sqlite"))
    try:
        def create(n):
            fonster_id = str(uuid.UUID(int=n + 1)).upper()
            return {"id": fonster_id, "seed": f"create {n}"}, fonster_id

        lies = run_races(client, "fonsters/create", create, lambda i: i in ids_in_library(client))[2]

        kept = client.call("fonsters/create", {"seed": "kept"})["id"]

        def update(n):
            return {"id": kept, "seed": f"update {n}"}, f"update {n}"

        lies += run_races(client, "fonsters/update", update,
                          lambda seed: client.call("fonsters/get", {"id": kept})["seed"] == seed)[2]

        def delete(n):
            victim = client.call("fonsters/create", {"seed": f"delete {n}"})["id"]
            return {"id": victim}, victim

        lies += run_races(client, "fonsters/delete", delete, lambda victim: victim not in ids_in_library(client))[2]

        def share_import(n):
            url = client.call("share/build", {"seeds": [f"shared {n} a", f"shared {n} b"]})["url"]
            return {"url": url}, f"shared {n} a"

        def imported(seed):
            return any(f["seed"] == seed for f in client.call("fonsters/list")["fonsters"])

        lies += run_races(client, "share/import", share_import, imported)[2]
        assert lies == [], f"cancels answered -32800 whose write is in the library or sent didChange: {lies}"
    finally:
        assert client.close() == 0
