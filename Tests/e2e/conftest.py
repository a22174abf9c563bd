"""Shared fixtures for the Python end-to-end tests: the fonsters-rpc binary and a tiny NDJSON client."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def fonsters_bin():
    """The built server: $FONSTERS_BIN, else .build/debug/fonsters-rpc."""
    path = pathlib.Path(os.environ.get("FONSTERS_BIN", ROOT / ".build/debug/fonsters-rpc"))
    if not path.exists():
        pytest.fail(f"fonsters-rpc not found at {path}; build it or set FONSTERS_BIN")
    return str(path)


class LineClient:
    """A newline-delimited JSON-RPC client over a child process's pipes (one request at a time)."""

    def __init__(self, binary, *args):
        self.process = subprocess.Popen([binary, "--stdio", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1

    def call(self, method, params=None):
        """Sends a request and returns the whole response, skipping notifications."""
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            response = json.loads(line)
            if "method" not in response:
                assert response["id"] == message["id"]
                return response

    def close(self):
        self.call("shutdown")
        self.process.stdin.write(b'{"jsonrpc":"2.0","method":"exit"}\n')
        self.process.stdin.close()
        return self.process.wait(timeout=10)


def pytest_configure(config):
    """The `slow` mark: long end-to-end probes (`-m "not slow"` leaves them out of a quick run)."""
    config.addinivalue_line("markers", "slow: a long end-to-end probe; -m 'not slow' leaves it out")
