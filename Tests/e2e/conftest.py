"""Shared fixtures for the Python end-to-end tests: the fonsters-rpc binary, a tiny NDJSON client,
the one way to wait for a condition (`wait_until`, `wait_until_async`, `BACKSTOP`) and the markers
`e2e` (every test here) and `slow` (left out of `scripts/test.sh quick`)."""
import asyncio
import json
import os
import pathlib
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# How long a test waits for a condition before it gives up, in seconds: a backstop against a hang,
# never a measure of speed (long enough for a debug build on a loaded 2-core machine running two
# copies of the suite). FONSTERS_TEST_BACKSTOP sets another; the Swift tests read the same variable.
BACKSTOP = float(os.environ.get("FONSTERS_TEST_BACKSTOP", "900"))

# Whole modules that take more than a few seconds (a browser, a siege, the examples' toolchains);
# `scripts/test.sh quick` leaves them out. A single slow test elsewhere carries @pytest.mark.slow.
SLOW_MODULES = {"test_web_gui", "test_find_look", "test_open_link", "test_screenshots", "test_examples",
                "test_web_connections", "test_server_bounds"}


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: an end-to-end test: it runs the built fonsters-rpc as a process (every test here)")
    config.addinivalue_line("markers", "slow: takes more than a few seconds; `scripts/test.sh quick` leaves it out")


def pytest_collection_modifyitems(config, items):
    for item in items:
        item.add_marker(pytest.mark.e2e)
        if item.module.__name__.rsplit(".", 1)[-1] in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


def proc_status(pid, field):
    """A field of /proc/PID/status in bytes (VmRSS, VmHWM): the server's memory as the kernel sees it."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise AssertionError(f"no {field} for {pid}")


def wait_until(check, what, backstop=None, every=0.02):
    """Polls `check()` until it gives a true value and returns that value; fails naming `what` (the
    condition, in words) if it still has not after `backstop` seconds (BACKSTOP unless told)."""
    backstop = BACKSTOP if backstop is None else backstop
    end = time.monotonic() + backstop
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what} after {backstop:.0f} s (the backstop against a hang)")
        time.sleep(every)


async def wait_until_async(check, what, backstop=None, every=0.005):
    """`wait_until` for asyncio tests: sleeps the task between polls, so messages keep arriving."""
    backstop = BACKSTOP if backstop is None else backstop
    end = time.monotonic() + backstop
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what} after {backstop:.0f} s (the backstop against a hang)")
        await asyncio.sleep(every)


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
        return self.process.wait(timeout=BACKSTOP)

