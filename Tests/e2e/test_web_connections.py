"""`fonsters-rpc web`'s connections, end to end against real spawned servers: connections without
the token wait in the lobby and cannot take the page's slots (raw sockets, a hostile client of
reopening idle sockets in its own process, and a real headless Chromium loading the page through
it), idle WebSockets are pinged and closed when they do not answer, and each server's cookie is
named after its port (two servers, one cookie jar; and one Chromium)."""
import http.cookiejar
import json
import os
import resource
import select
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from test_websocket import WebServer, call, expect_close, frame, get, raw_ws, read_frame, read_response
from conftest import BACKSTOP, wait_until

HERE = os.path.dirname(os.path.abspath(__file__))
LOBBY = 2048       # ServerLimits.maxLobbyConnections

# These tests hold more sockets than a default soft limit allows (a full lobby and more).
resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
SLOTS = 64         # WebCommand.maxConnections
TOKEN_DEADLINE = 5  # WebCommand.tokenDeadline, seconds


def wait_for(check, what, every=0.05):
    """Polls `check` until it returns something truthy (up to the backstop); returns that."""
    return wait_until(check, what, every=every)


def open_sockets(pid):
    """How many sockets the server process has open."""
    count = 0
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:")
        except OSError:
            pass
    return count


def closed(sock, timeout=0.0):
    """Whether the server closed `sock` (end of stream or reset) within `timeout`."""
    poller = select.poll()  # select() cannot watch descriptors past 1024
    poller.register(sock, select.POLLIN)
    if not poller.poll(timeout * 1000):
        return False
    try:
        return sock.recv(1) == b""
    except OSError:
        return True


def request(port, token, cookie_name=None, path="/nothing"):
    """A keep-alive socket that has sent one request with the token in its cookie, and the answer's status."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=BACKSTOP)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"Cookie: {cookie_name or f'fonsters_token_{port}'}={token}\r\n\r\n".encode())
    status, _, _ = read_response(sock)
    return sock, status


class IdleSockets:
    """`idle_sockets.py` in a process of its own: COUNT idle sockets, each reopened when closed,
    SLOW of them slowloris sockets (a request head that never ends)."""

    def __init__(self, port, count, seconds=180, slow=0):
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, "idle_sockets.py"), str(port), str(count),
                                         str(seconds), str(slow)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        ready, _, _ = select.select([self.process.stdout], [], [], BACKSTOP)
        assert ready and self.process.stdout.readline() == b"ready\n", "the hostile client did not open its sockets"

    def stop(self):
        """Stops it; returns its counts."""
        self.process.stdin.close()
        out = self.process.stdout.read()
        self.process.wait(timeout=BACKSTOP)
        return json.loads(out)


# ---- the lobby: connections without the token ----

def test_a_connection_that_sends_nothing_is_closed_at_the_token_deadline(fonsters_bin):
    web = WebServer(fonsters_bin)
    try:
        with socket.create_connection(("127.0.0.1", web.port), timeout=BACKSTOP) as sock:
            began = time.monotonic()
            assert sock.recv(100) == b""  # no answer, just closed (a socket never closed meets the backstop)
            elapsed = time.monotonic() - began
            assert TOKEN_DEADLINE - 1 <= elapsed, elapsed  # not before the deadline; how long after is the machine's
    finally:
        web.stop()


def test_a_slow_first_request_gets_408_at_the_token_deadline(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP) as sock:
        began = time.monotonic()
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sent = 0
        while not select.select([sock], [], [], 0.5)[0] and sent < 240:  # a byte now and then does not extend the deadline
            sock.sendall(b"X")
            sent += 1
        status, headers, _ = read_response(sock)
        elapsed = time.monotonic() - began
        assert status == 408 and headers["connection"] == "close"
        # Not before the deadline, and while the client was still trickling (a deadline that each
        # byte extended would answer only after the last of the 240); how soon is a loaded machine's.
        assert TOKEN_DEADLINE - 1 <= elapsed and sent < 240, (elapsed, sent)
        assert sent >= 4
        assert sock.recv(10) == b""


def test_a_request_without_the_token_is_answered_and_the_connection_closed(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())  # keep-alive asked
        status, headers, body = read_response(sock)
        assert status == 401 and headers["connection"] == "close" and b"token" in body
        assert sock.recv(10) == b""


@pytest.fixture(scope="module")
def server(fonsters_bin):
    web = WebServer(fonsters_bin)
    yield web
    web.stop()


def few_open_files():
    """Starts the child with macOS's default limit on open files (256), fewer than the lobby holds."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))


def test_the_longest_waiting_connection_makes_room_for_a_newcomer(fonsters_bin):
    web = WebServer(fonsters_bin, preexec_fn=few_open_files)  # the server raises its own limit
    idle = []
    try:
        baseline = open_sockets(web.process.pid)
        for _ in range(LOBBY):
            idle.append(socket.create_connection(("127.0.0.1", web.port), timeout=BACKSTOP))
        wait_for(lambda: open_sockets(web.process.pid) >= baseline + LOBBY, "the lobby to take every socket")
        # The lobby is full: the newcomer waits until the oldest has had its grace, then takes its place.
        sock, status = request(web.port, web.token)
        assert status == 404
        sock.close()
        assert wait_for(lambda: closed(idle[0]), "the oldest to be closed")
        assert not any(closed(s) for s in idle[-LOBBY // 2:]), "a younger connection was dropped before the oldest"
    finally:
        for s in idle:
            s.close()
        web.stop()


def test_unauthenticated_connections_never_take_the_slots_of_the_page(fonsters_bin):
    web = WebServer(fonsters_bin)
    idle, pages = [], []
    try:
        for _ in range(LOBBY + 72):  # a full lobby and more waiting behind it
            idle.append(socket.create_connection(("127.0.0.1", web.port), timeout=BACKSTOP))
        for _ in range(SLOTS):
            sock, status = request(web.port, web.token)
            assert status == 404, "a connection with the token was refused while the slots were free"
            pages.append(sock)
        # Every slot is taken by a connection that showed the token: one more is answered 503.
        sock, status = request(web.port, web.token)
        assert status == 503
        sock.close()
        pages.pop().close()

        def served():
            sock, status = request(web.port, web.token)
            sock.close()
            return status == 404
        wait_for(served, "the freed slot to serve a new connection")
    finally:
        for s in idle + pages:
            s.close()
        web.stop()


@pytest.mark.parametrize("hostile,slow", [(80, 0), (1200, 200), (LOBBY + 80, 0)])
def test_requests_with_the_token_are_served_while_idle_sockets_come_and_go(fonsters_bin, hostile, slow):
    """Beside idle sockets (and slowloris ones, sending a request head that never ends), each reopened
    when the server closes it, requests with the token and WebSockets are served."""
    web = WebServer(fonsters_bin)
    attacker = None
    try:
        baseline = open_sockets(web.process.pid)
        attacker = IdleSockets(web.port, hostile, slow=slow)
        wait_for(lambda: open_sockets(web.process.pid) >= baseline + min(hostile, LOBBY) - 5, "the idle sockets")
        began = time.monotonic()
        for _ in range(5):
            sock, status = request(web.port, web.token)
            sock.close()
            assert status == 404
            with web.ws() as ws:
                assert call(ws, "creature/describe", {"seed": "under siege"})["result"]
        print(f"5 requests and 5 WebSockets with {hostile} idle sockets ({slow} slowloris): {time.monotonic() - began:.2f} s")
    finally:
        counts = attacker.stop() if attacker else None
        web.stop()
    assert counts["connects"] >= hostile
    if hostile > LOBBY:
        assert counts["closed_by_server"] > 0, "the lobby never made room"


# ---- idle WebSockets are pinged ----

@pytest.fixture(scope="module")
def pinging(fonsters_bin):
    web = WebServer(fonsters_bin, "--ping-interval", "0.3", "--ping-timeout", "2")
    yield web
    web.stop()


def test_a_websocket_that_does_not_answer_a_ping_is_closed_with_1001(pinging):
    sock = raw_ws(pinging)
    opcode, _ = read_frame(sock)
    assert opcode == 0x9, "a quiet WebSocket is pinged"
    expect_close(sock, 1001)


def test_a_websocket_that_answers_pings_stays_open(pinging):
    sock = raw_ws(pinging)
    for _ in range(5):
        opcode, payload = read_frame(sock)
        assert opcode == 0x9
        sock.sendall(frame(0xA, payload))
    request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "creature/describe", "params": {"seed": "awake"}})
    sock.sendall(frame(0x1, request.encode()))
    while True:
        opcode, payload = read_frame(sock)
        if opcode != 0x9:
            break
    assert opcode == 0x1 and "result" in json.loads(payload)
    sock.sendall(frame(0x8, struct.pack("!H", 1000)))
    expect_close(sock, 1000)


def test_a_client_library_answering_pings_outlives_a_silent_one(pinging):
    with pinging.ws() as ws:
        silent = raw_ws(pinging)
        silent.settimeout(BACKSTOP)
        expect_close(silent, 1001)  # the silent one had its ping and its deadline...
        assert call(ws, "creature/describe", {"seed": "still here"})["result"]  # ...the answering one is still served


@pytest.mark.parametrize("args", [["--ping-interval", "0"], ["--ping-timeout", "soon"], ["--ping-interval"],
                                  ["--ping-timeout", "1e9"], ["--ping-interval", "nan"]])
def test_bad_ping_options_exit_2(fonsters_bin, args):
    result = subprocess.run([fonsters_bin, "web", "--memory", *args], capture_output=True, text=True, timeout=BACKSTOP)
    assert result.returncode == 2, args
    assert result.stdout == "" and result.stderr.startswith("fonsters-rpc: ")


# ---- each server's cookie ----

def test_two_servers_on_two_ports_keep_their_own_cookies_in_one_jar(fonsters_bin):
    first, second = WebServer(fonsters_bin), WebServer(fonsters_bin)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        for web in (first, second):  # the second sets its cookie after the first, on the same host
            with opener.open(web.url, timeout=BACKSTOP) as reply:
                assert reply.status == 200 and reply.url == f"{web.origin}/"
        assert sorted(c.name for c in jar) == sorted([first.cookie_name, second.cookie_name])
        for web in (first, second, first):
            with opener.open(f"{web.origin}/", timeout=BACKSTOP) as reply:
                assert reply.status == 200
    finally:
        first.stop()
        second.stop()


@pytest.mark.parametrize("cookies,status", [
    (["{name}=stale; {name}={token}"], 200),
    (["{name}={token}; {name}=stale"], 200),
    (["{name}=stale", "other=1; {name}={token}"], 200),
    (["{name}=stale; {name}=older"], 401),
    (["fonsters_token={token}"], 401),             # the name of no server
    (["fonsters_token_1={token}"], 401),           # another port's name
])
def test_any_cookie_of_the_servers_name_may_carry_the_token(server, cookies, status):
    lines = "".join(f"Cookie: {c.format(name=server.cookie_name, token=server.token)}\r\n" for c in cookies)
    raw = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n{lines}Connection: close\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP) as sock:
        sock.sendall(raw)
        assert read_response(sock)[0] in ((200, 404) if status == 200 else (status,))


def test_a_websocket_with_another_servers_cookie_gets_401(server):
    with pytest.raises(Exception) as info:
        connect(server.ws_url, origin=server.origin, open_timeout=BACKSTOP,
                additional_headers={"Cookie": f"fonsters_token_{server.port + 1}={server.token}"})
    assert "401" in str(info.value)


# ---- in a real browser ----

def browser_tools():
    """test_web_gui's Chromium helpers (skips where Selenium or chromedriver is missing)."""
    return pytest.importorskip("test_web_gui")


def page_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]


def wait_ready(gui, driver):
    gui.wait(driver, lambda d: gui.js(d, "return document.getElementById('connection').dataset.state") == "open", "the connection")
    gui.wait(driver, lambda d: gui.js(d, "return !!window.fonstersPage"), "the page script")


@pytest.mark.parametrize("hostile,slow", [(80, 0), (1200, 200), (LOBBY + 80, 0)])
def test_the_page_loads_in_chromium_while_idle_sockets_come_and_go(fonsters_bin, tmp_path, hostile, slow):
    gui = browser_tools()
    web = WebServer(fonsters_bin)
    attacker = None
    try:
        baseline = open_sockets(web.process.pid)
        attacker = IdleSockets(web.port, hostile, slow=slow)
        wait_for(lambda: open_sockets(web.process.pid) >= baseline + min(hostile, LOBBY) - 5, "the idle sockets")
        for load in range(3):  # a fresh browser each time: no connection or cookie left from the last
            driver = gui.make_driver(tmp_path)
            try:
                began = time.monotonic()
                gui.open_page(driver, web)  # the address with the token, its 303 and cookie, the page, its WebSocket
                driver.refresh()  # and again with the cookie alone
                wait_ready(gui, driver)
                print(f"load {load} with {hostile} idle sockets ({slow} slowloris): ready twice in {time.monotonic() - began:.2f} s")
                assert page_errors(driver) == []
            finally:
                driver.quit()
    finally:
        counts = attacker.stop() if attacker else None
        web.stop()
    assert counts["connects"] >= hostile
    if hostile > LOBBY:
        assert counts["closed_by_server"] > 0, "the lobby never made room"


def test_the_page_stays_connected_while_a_silent_websocket_is_dropped(fonsters_bin, tmp_path):
    gui = browser_tools()
    web = WebServer(fonsters_bin, "--ping-interval", "0.3", "--ping-timeout", "2")
    driver = None
    try:
        driver = gui.make_driver(tmp_path)
        gui.open_page(driver, web)
        gui.js(driver, "window.connectionStates = []; new MutationObserver(() => window.connectionStates.push("
                       "document.getElementById('connection').dataset.state)).observe(document.getElementById('connection'), "
                       "{attributes: true});")
        silent = raw_ws(web)
        silent.settimeout(BACKSTOP)
        expect_close(silent, 1001)  # pinged, and the deadline passed
        with web.ws() as ws:
            made = call(ws, "fonsters/create", {"name": "Pinged", "seed": "pinged"})["result"]
        gui.wait(driver, lambda d: d.find_elements(gui.By.ID, f"row-{made['id']}"), "the new row on the page")
        assert gui.js(driver, "return window.connectionStates") == [], "the page's WebSocket was closed and reopened"
        assert page_errors(driver) == []
    finally:
        if driver:
            driver.quit()
        web.stop()


def test_one_browser_keeps_its_session_with_two_servers(fonsters_bin, tmp_path):
    gui = browser_tools()
    first, second = WebServer(fonsters_bin), WebServer(fonsters_bin)
    driver = None
    try:
        driver = gui.make_driver(tmp_path)
        gui.open_page(driver, first)
        gui.open_page(driver, second)  # its cookie is set after the first's, for the same host
        driver.get(f"{first.origin}/")  # no token in the address: the first's cookie alone
        wait_ready(gui, driver)
        names = sorted(c["name"] for c in driver.get_cookies())
        assert names == sorted([first.cookie_name, second.cookie_name]), names  # one host, one jar: both kept
        driver.get(f"{second.origin}/")
        wait_ready(gui, driver)
        assert page_errors(driver) == []
    finally:
        if driver:
            driver.quit()
        first.stop()
        second.stop()
