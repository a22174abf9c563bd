"""`fonsters-rpc web` end to end: a real spawned server (`web --port 0 --memory`), spoken to with an
independent WebSocket client (the `websockets` package), raw WebSocket frames for protocol
violations, and raw HTTP for the strict parser and the security checks."""
import base64
import json
import os
import pathlib
import re
import select
import socket
import struct
import subprocess
import threading
import time

import pytest
from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed
from conftest import BACKSTOP, proc_status

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "clients" / "web"


class WebServer:
    """A running `fonsters-rpc web --port 0 --memory --no-starter` and what its URL line says."""

    def __init__(self, binary, *extra, **popen):
        self.process = subprocess.Popen([binary, "web", "--port", "0", "--memory", "--no-starter", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)
        self.url = self.process.stdout.readline().decode().rstrip("\n")
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", self.url)
        assert match, f"unexpected first line {self.url!r}"
        self.port = int(match.group(1))
        self.token = match.group(2)
        self.origin = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/rpc"
        self.cookie_name = f"fonsters_token_{self.port}"  # each server's cookie is named after its port

    def ws(self, **kwargs):
        """A `websockets` client authenticated with the cookie."""
        headers = {"Cookie": f"{self.cookie_name}={self.token}"}
        return connect(self.ws_url, additional_headers=headers, origin=self.origin,
                       max_size=None, open_timeout=BACKSTOP, **kwargs)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=BACKSTOP)
        return self.process.stderr.read().decode()


@pytest.fixture(scope="module")
def server(fonsters_bin):
    web = WebServer(fonsters_bin)
    yield web
    web.stop()


def call(ws, method, params=None, id=1):
    """Sends one request and returns its response, skipping notifications."""
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    ws.send(json.dumps(message))
    while True:
        reply = json.loads(ws.recv(timeout=BACKSTOP))
        if "method" not in reply:
            assert reply["id"] == id
            return reply


# ---- raw HTTP ----

def http(port, raw, timeout=BACKSTOP):
    """Sends raw bytes and reads until the server closes or one response is complete:
    returns (status, headers dict lower-case, body bytes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        return read_response(sock)


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    assert b"\r\n\r\n" in data, f"no response head: {data!r}"
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body[:length]


def get(server, path, headers=None, method="GET", host=None):
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{server.port}'}", "Connection: close"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    return http(server.port, ("\r\n".join(lines) + "\r\n\r\n").encode())


def cookie(server):
    return {"Cookie": f"{server.cookie_name}={server.token}"}


# ---- raw WebSocket frames ----

def raw_ws(server):
    """A socket after a successful handshake (cookie auth), for hand-made frames."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Cookie: {server.cookie_name}={server.token}\r\nOrigin: {server.origin}\r\n\r\n").encode())
    status, headers, _ = read_response(sock)
    assert status == 101
    return sock


def frame(opcode, payload, fin=True, mask=True, length=None):
    first = (0x80 if fin else 0) | opcode
    n = len(payload) if length is None else length
    key = os.urandom(4)
    mask_bit = 0x80 if mask else 0
    if n < 126:
        header = struct.pack("!BB", first, mask_bit | n)
    elif n < 65536:
        header = struct.pack("!BBH", first, mask_bit | 126, n)
    else:
        header = struct.pack("!BBQ", first, mask_bit | 127, n)
    if not mask:
        return header + payload
    return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def read_frame(sock):
    """One server frame: (opcode, payload). Server frames are unmasked."""
    def exactly(n):
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            assert chunk, "the server closed without a close frame"
            data += chunk
        return data
    first, second = exactly(2)
    assert second & 0x80 == 0, "a server frame is masked"
    n = second & 0x7F
    if n == 126:
        n = struct.unpack("!H", exactly(2))[0]
    elif n == 127:
        n = struct.unpack("!Q", exactly(8))[0]
    return first & 0x0F, exactly(n)


def expect_close(sock, code):
    """Reads frames until a close frame; asserts its code and that the server then closes."""
    while True:
        opcode, payload = read_frame(sock)
        if opcode == 0x8:
            assert struct.unpack("!H", payload[:2])[0] == code, payload
            break
    sock.settimeout(BACKSTOP)
    assert sock.recv(100) == b"", "the server did not close the TCP connection after the close frame"


# ---- the URL line and the token ----

@pytest.mark.slow
def test_the_url_line_is_the_only_stdout_and_has_a_long_token(fonsters_bin):
    web = WebServer(fonsters_bin)
    try:
        assert len(web.token) >= 32  # at least 128 bits in hex
        other = WebServer(fonsters_bin)
        assert other.token != web.token
        other.stop()
    finally:
        web.process.terminate()
        out, _ = web.process.communicate(timeout=BACKSTOP)
    assert out == b"", "more than one line on stdout"


def test_token_in_the_address_becomes_a_cookie_and_redirects(server):
    status, headers, _ = get(server, f"/?token={server.token}")
    assert status == 303
    assert headers["location"] == "/"
    assert headers["set-cookie"] == f"{server.cookie_name}={server.token}; HttpOnly; SameSite=Strict; Path=/"


@pytest.mark.parametrize("auth", [{}, {"Cookie": "fonsters_token=" + "0" * 64}, {"Cookie": "other=1"}])
def test_a_missing_or_wrong_token_gets_401(server, auth):
    for path in ["/", "/index.html", "/rpc", "/ui/app.js"]:
        status, headers, body = get(server, path, auth)
        assert status == 401, path
        assert b"token" in body


def test_a_wrong_token_in_the_address_gets_401(server):
    status, headers, _ = get(server, "/?token=" + "f" * 64)
    assert status == 401
    assert "set-cookie" not in headers


# ---- HTTP strictness and security ----

@pytest.mark.parametrize("path", ["/../Package.swift", "/%2e%2e/Package.swift", "/%2E%2E/%2e%2e/Package.swift",
                                  "/ui/../../Package.swift", "/..%2fPackage.swift", "/%2e%2e%2fREADME.md",
                                  "//etc/passwd", "/Package.swift", "/%00", "/%zz"])
def test_path_traversal_never_reaches_the_disk(server, path):
    status, _, body = get(server, path, cookie(server))
    assert status in (400, 404), (path, status)
    assert b"swift-tools-version" not in body and b"root:" not in body and b"Fonsters" not in body


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{{port}}", "127.0.0.1:1", "localhost:80",
                                  "127.0.0.2:{port}", "localhost.evil.example:{port}", "127.0.0.1:{port}@evil"])
def test_a_foreign_host_header_gets_403(server, host):
    status, headers, _ = get(server, "/", cookie(server), host=host.format(port=server.port))
    assert status == 403


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "127.0.0.1", "localhost"])
def test_the_servers_own_host_names_are_accepted(server, host):
    status, _, _ = get(server, "/", cookie(server), host=host.format(port=server.port))
    assert status in (200, 404)  # 404 only while the build embeds no GUI


def test_a_missing_or_doubled_host_is_400(server):
    status, _, _ = http(server.port, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
    assert status == 400
    h = f"Host: 127.0.0.1:{server.port}\r\n".encode()
    status, _, _ = http(server.port, b"GET / HTTP/1.1\r\n" + h + h + b"\r\n")
    assert status == 400


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
def test_other_methods_get_405(server, method):
    status, headers, _ = get(server, "/", cookie(server), method=method)
    assert status == 405
    assert headers["allow"] == "GET, HEAD"


def test_a_post_with_a_body_gets_405_and_the_connection_closes(server):
    body = b"x" * 5000
    raw = (f"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    status, headers, _ = http(server.port, raw)
    assert status == 405
    assert headers["connection"] == "close"


@pytest.mark.parametrize("raw", [
    b"GET / HTTP/1.1\nHost: 127.0.0.1\n\n",                 # bare LF
    b"GET /  HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",          # two spaces
    b"GET http://127.0.0.1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # absolute form
    b"GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n",          # space before the colon
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n folded\r\n\r\n",  # obsolete folding
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: a\x01b\r\n\r\n",  # control character
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nabcd",  # a body on GET
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",  # TLS hello
])
def test_malformed_requests_get_400(server, raw):
    status, headers, _ = http(server.port, raw)
    assert status == 400, raw
    assert headers["connection"] == "close"


def test_an_unknown_http_version_gets_505(server):
    status, _, _ = http(server.port, b"GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n")
    assert status == 505


def test_oversized_headers_get_431(server):
    status, _, _ = get(server, "/", {"X-Big": "a" * 20000, **cookie(server)})
    assert status == 431


def test_too_many_headers_get_431(server):
    headers = {f"X-H{i}": "v" for i in range(70)}
    status, _, _ = get(server, "/", headers)
    assert status == 431


@pytest.mark.slow
def test_a_slow_client_is_dropped_at_the_head_deadline(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP) as sock:
        # A connection that showed the token has 10 s for each later request head.
        sock.sendall(f"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                     f"Cookie: {server.cookie_name}={server.token}\r\n\r\n".encode())
        assert read_response(sock)[0] == 404
        began = time.monotonic()
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sent = 0
        while not select.select([sock], [], [], 1)[0] and sent < 120:  # a byte now and then does not extend the deadline
            sock.sendall(b"X")
            sent += 1
        status, headers, _ = read_response(sock)
        elapsed = time.monotonic() - began
        assert status == 408
        # Not before the deadline, and while the client was still trickling (a deadline that each
        # byte extended would answer only after the last of the 120); how soon is a loaded machine's.
        assert elapsed >= 9 and sent < 120, (elapsed, sent)
        assert sock.recv(10) == b""


def test_keep_alive_serves_several_requests_on_one_connection(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=BACKSTOP) as sock:
        for _ in range(3):
            sock.sendall(f"GET /nothing-here HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                         f"Cookie: {server.cookie_name}={server.token}\r\n\r\n".encode())
            status, headers, _ = read_response(sock)
            assert status == 404
            assert "connection" not in headers


def test_every_response_carries_the_security_headers(server):
    status, headers, _ = get(server, "/missing.js", cookie(server))
    assert status == 404
    assert headers["content-security-policy"] == (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        f"connect-src 'self' ws://127.0.0.1:{server.port}; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


# ---- static files ----

def embedded_files():
    if not WEB.is_dir():
        return []
    files = []
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if path.is_file() and not rel.split("/")[0] in ("test", "tests") and not any(
                part.startswith(".") for part in rel.split("/")):
            files.append(rel)
    return files


def test_every_gui_file_is_served_byte_for_byte_with_its_type(server):
    files = embedded_files()
    if not files:
        status, _, body = get(server, "/", cookie(server))
        assert status == 404 and b"no web GUI" in body
        return
    types = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
             "svg": "image/svg+xml", "png": "image/png", "json": "application/json", "ico": "image/x-icon"}
    for rel in files:
        status, headers, body = get(server, "/" + rel, cookie(server))
        assert status == 200, rel
        if rel.endswith(".html"):  # a page names the files under the build's version (below)
            body = re.sub(rb'="/v/[0-9a-f]{16}/', b'="/', body)
        assert body == (WEB / rel).read_bytes(), f"/{rel} differs from clients/web/{rel}: rebuild after scripts/embed-web.sh"
        ext = rel.rsplit(".", 1)[-1]
        if ext in types:
            assert headers["content-type"] == types[ext], rel
        assert headers["cache-control"] == "no-cache"
        etag = headers["etag"]
        status, headers, body = get(server, "/" + rel, {**cookie(server), "If-None-Match": etag})
        assert status == 304 and body == b"" and headers["etag"] == etag
    if "index.html" in files:
        status, headers, page = get(server, "/", cookie(server))
        assert status == 200 and headers["cache-control"] == "no-cache"
        # The page names the files under this build's version, where they never change (so they are cached for good).
        versions = set(re.findall(rb'="/v/([0-9a-f]{16})/', page))
        assert len(versions) == 1, "the page names its files under one version"
        assert re.sub(rb'="/v/[0-9a-f]{16}/', b'="/', page) == (WEB / "index.html").read_bytes(), "and is index.html otherwise"
        status, headers, body = get(server, "/", cookie(server), method="HEAD")
        assert status == 200 and body == b"" and int(headers["content-length"]) == len(page)
        version = versions.pop().decode()
        for rel in files:
            status, headers, body = get(server, f"/v/{version}/{rel}", cookie(server))
            if rel.endswith(".html"):
                assert status == 404, rel
                continue
            assert status == 200 and body == (WEB / rel).read_bytes(), rel
            assert headers["cache-control"] == "public, max-age=31536000, immutable", rel
        status, _, _ = get(server, f"/v/{'0' * 16}/app/main.js", cookie(server))
        assert status == 404, "another build's version is not this one's"


def test_the_embedded_gui_is_current():
    result = subprocess.run(["bash", str(ROOT / "scripts/embed-web.sh"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    # The generated table lists exactly the GUI's files (read here independently of the script).
    generated = (ROOT / "Sources/fonsters-rpc/Server/WebAssets.swift").read_text()
    listed = re.findall(r'^        \("(/[^"]*)", "', generated, re.M)
    assert sorted(listed) == sorted("/" + rel for rel in embedded_files())


# ---- WebSocket ----

def test_json_rpc_over_the_websocket_with_the_cookie(server):
    with server.ws() as ws:
        reply = call(ws, "initialize", {})
        assert "capabilities" in reply["result"] or "serverInfo" in reply["result"]


def test_the_token_in_the_query_also_opens_the_websocket(server):
    with connect(f"{server.ws_url}?token={server.token}", origin=server.origin, open_timeout=BACKSTOP) as ws:
        assert call(ws, "creature/describe", {"seed": "abc"})["result"]


def test_a_foreign_origin_gets_403(server):
    for origin in ["http://evil.example", f"http://evil.example:{server.port}", "null",
                   f"https://127.0.0.1:{server.port}", f"http://127.0.0.1:{server.port + 1}"]:
        with pytest.raises(Exception) as info:
            connect(server.ws_url, additional_headers=cookie(server), origin=origin, open_timeout=BACKSTOP)
        assert "403" in str(info.value), origin


def test_a_websocket_without_a_token_gets_401(server):
    with pytest.raises(Exception) as info:
        connect(server.ws_url, origin=server.origin, open_timeout=BACKSTOP)
    assert "401" in str(info.value)


def test_a_fragmented_message_is_joined(server):
    with server.ws() as ws:
        text = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "creature/describe", "params": {"seed": "fragments"}})
        ws.send([text[:10], text[10:11], text[11:40], text[40:]])
        reply = json.loads(ws.recv(timeout=BACKSTOP))
        assert reply["id"] == 7 and "result" in reply


def test_fragments_interleaved_with_a_ping_over_raw_frames(server):
    sock = raw_ws(server)
    text = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "creature/describe", "params": {"seed": "x"}}).encode()
    sock.sendall(frame(0x1, text[:5], fin=False) + frame(0x9, b"mid") + frame(0x0, text[5:20], fin=False)
                 + frame(0x0, text[20:]))
    opcode, payload = read_frame(sock)
    assert (opcode, payload) == (0xA, b"mid")
    opcode, payload = read_frame(sock)
    assert opcode == 0x1 and json.loads(payload)["id"] == 3
    sock.sendall(frame(0x8, struct.pack("!H", 1000)))
    expect_close(sock, 1000)


def test_ping_gets_a_pong(server):
    with server.ws() as ws:
        ws.ping(b"are you there").wait(timeout=BACKSTOP)
        assert call(ws, "creature/describe", {"seed": "after ping"})["result"]


def test_the_close_handshake_echoes_the_code(server):
    with server.ws() as ws:
        ws.close(code=1000, reason="bye")
        assert ws.protocol.close_rcvd is not None
        assert ws.protocol.close_rcvd.code == 1000


def test_invalid_utf8_closes_with_1007(server):
    sock = raw_ws(server)
    sock.sendall(frame(0x1, b'{"a":"\xc3\x28"}'))
    expect_close(sock, 1007)


def test_invalid_utf8_split_across_fragments_closes_with_1007(server):
    sock = raw_ws(server)
    sock.sendall(frame(0x1, b'"\xe2\x82', fin=False) + frame(0x0, b'"'))
    expect_close(sock, 1007)


def test_a_message_over_the_limit_closes_with_1009_from_the_header_alone(server):
    sock = raw_ws(server)
    # Only the header: 64 MiB + 1 announced, no payload sent. The server must answer at once.
    sock.sendall(frame(0x1, b"", length=(64 << 20) + 1)[:14])
    expect_close(sock, 1009)


def test_fragments_adding_up_past_the_limit_close_with_1009(server):
    sock = raw_ws(server)
    sock.sendall(frame(0x1, b"[" * 100, fin=False))
    sock.sendall(frame(0x0, b"", fin=False, length=(64 << 20) - 50)[:14])
    expect_close(sock, 1009)


@pytest.mark.parametrize("bad", [
    frame(0x1, b"{}", mask=False),                 # unmasked client frame
    frame(0x3, b"{}"),                            # reserved opcode
    bytes([0xC1]) + frame(0x1, b"{}")[1:],        # RSV1 set
    frame(0x9, b"p", fin=False),                  # fragmented control frame
    frame(0x0, b"{}"),                            # continuation with nothing to continue
    frame(0x1, b"[", fin=False) + frame(0x1, b"]"),  # new message inside a fragmented one
    frame(0x8, b"\x03"),                          # one-byte close payload
    frame(0x8, struct.pack("!H", 1005)),          # a close code that must not be sent
    frame(0x9, b"p" * 126),                       # control frame over 125 bytes
])
def test_protocol_errors_close_with_1002(server, bad):
    sock = raw_ws(server)
    sock.sendall(bad)
    expect_close(sock, 1002)


def test_a_binary_message_closes_with_1003(server):
    sock = raw_ws(server)
    sock.sendall(frame(0x2, b"{}"))
    expect_close(sock, 1003)


@pytest.mark.slow
def test_a_thousand_concurrent_messages_are_all_answered(server):
    with server.ws() as ws:
        for i in range(1000):
            ws.send(json.dumps({"jsonrpc": "2.0", "id": i, "method": "creature/render",
                                "params": {"seed": f"seed {i}", "size": 64}}))
        seen = set()
        while len(seen) < 1000:
            reply = json.loads(ws.recv(timeout=BACKSTOP))
            if "id" in reply:
                assert "result" in reply, reply
                seen.add(reply["id"])
        assert seen == set(range(1000))


def test_a_batch_is_answered_with_one_array(server):
    with server.ws() as ws:
        ws.send(json.dumps([{"jsonrpc": "2.0", "id": i, "method": "creature/describe", "params": {"seed": str(i)}}
                            for i in range(5)]))
        reply = json.loads(ws.recv(timeout=BACKSTOP))
        assert sorted(r["id"] for r in reply) == list(range(5))


def test_invalid_json_gets_a_parse_error_and_the_session_goes_on(server):
    with server.ws() as ws:
        ws.send("{not json")
        reply = json.loads(ws.recv(timeout=BACKSTOP))
        assert reply["error"]["code"] == -32700
        assert call(ws, "creature/describe", {"seed": "still here"})["result"]


def test_two_connections_share_the_store_and_see_each_others_changes(server):
    with server.ws() as a, server.ws() as b:
        created = call(a, "fonsters/create", {"name": "Shared", "seed": "tabs"}, id=1)["result"]
        fid = created["id"] if "id" in created else created["fonster"]["id"]
        # b hears about it...
        while True:
            message = json.loads(b.recv(timeout=BACKSTOP))
            if message.get("method") == "fonsters/didChange" and fid in message["params"]["ids"]:
                break
        # ...and reads the same library.
        got = call(b, "fonsters/get", {"id": fid}, id=2)["result"]
        assert json.dumps(got).count("Shared") >= 1


def test_a_closed_session_frees_its_connection_slot(fonsters_bin):
    web = WebServer(fonsters_bin)
    try:
        for _ in range(80):  # more than the 64 slots, one after another
            with web.ws() as ws:
                assert call(ws, "creature/describe", {"seed": "slot"})["result"]
    finally:
        web.stop()


def test_exit_ends_only_its_own_session_with_1000(server):
    with server.ws() as a, server.ws() as b:
        assert call(a, "shutdown", id=1)["result"] is None
        a.send(json.dumps({"jsonrpc": "2.0", "method": "exit"}))
        with pytest.raises(ConnectionClosed):
            a.recv(timeout=BACKSTOP)
        assert a.protocol.close_rcvd.code == 1000
        assert call(b, "creature/describe", {"seed": "still serving"}, id=2)["result"]


def test_a_non_loopback_host_needs_allow_remote(fonsters_bin):
    result = subprocess.run([fonsters_bin, "web", "--host", "0.0.0.0", "--memory"], capture_output=True, text=True,
                            timeout=BACKSTOP)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "--allow-remote" in result.stderr


@pytest.mark.parametrize("args", [["--port", "70000"], ["--port"], ["--stdio"], ["--script", "x"], ["--open=yes"],
                                  ["--memory", "--store", "x.sqlite"], ["--bogus"]])
def test_bad_web_options_exit_2_with_a_message(fonsters_bin, args):
    result = subprocess.run([fonsters_bin, "web", *args], capture_output=True, text=True, timeout=BACKSTOP)
    assert result.returncode == 2, args
    assert result.stdout == "" and result.stderr.startswith("fonsters-rpc: ")


def test_a_port_in_use_fails_with_a_hint(server, fonsters_bin):
    result = subprocess.run([fonsters_bin, "web", "--port", str(server.port), "--memory"], capture_output=True,
                            text=True, timeout=BACKSTOP)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "--port 0" in result.stderr


def test_ipv6_loopback_serves_with_its_own_host_name(fonsters_bin):
    process = subprocess.Popen([fonsters_bin, "web", "--host", "::1", "--port", "0", "--memory", "--no-starter"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = process.stdout.readline().decode().strip()
        match = re.fullmatch(r"http://\[::1\]:(\d+)/\?token=([0-9a-f]+)", url)
        assert match, url
        port, token = int(match.group(1)), match.group(2)
        with socket.create_connection(("::1", port), timeout=BACKSTOP) as sock:
            sock.sendall(f"GET /?token={token} HTTP/1.1\r\nHost: [::1]:{port}\r\n\r\n".encode())
            assert read_response(sock)[0] == 303
        with socket.create_connection(("::1", port), timeout=BACKSTOP) as sock:
            sock.sendall(f"GET /?token={token} HTTP/1.1\r\nHost: [::2]:{port}\r\n\r\n".encode())
            assert read_response(sock)[0] == 403
    finally:
        process.terminate()
        process.wait(timeout=BACKSTOP)


def rss_mb(pid):
    return proc_status(pid, "VmRSS") / (1 << 20)


@pytest.mark.slow
def test_pings_from_a_client_that_never_reads_do_not_grow_memory(fonsters_bin):
    web = WebServer(fonsters_bin)
    try:
        sock = raw_ws(web)
        before = rss_mb(web.process.pid)
        pings = b"".join(frame(0x9, b"p" * 125) for _ in range(5000))  # 5,000 pings, 635 KB of pongs
        sock.settimeout(3)
        sent = 0
        try:
            while sent < 80:  # up to 400,000 pings: 52 MB of pongs if they were all queued
                sock.sendall(pings)
                sent += 1
        except socket.timeout:
            pass  # the server stopped reading: backpressure reached the client
        # The server still answers another session (what it read is behind it, not in a growing queue).
        with web.ws() as ws:
            ws.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "creature/describe", "params": {"seed": "b", "engine": "fonsters-v1"}}))
            assert json.loads(ws.recv(timeout=BACKSTOP))["id"] == 1
        grown = rss_mb(web.process.pid) - before
        assert grown < 24, f"RSS grew {grown:.1f} MB after {sent * 5000} pings"
        sock.close()
    finally:
        web.stop()


def test_the_1009_close_frame_arrives_even_while_the_client_is_still_sending(server):
    sock = raw_ws(server)
    sock.sendall(frame(0x1, b"", length=(64 << 20) + 1)[:14])
    # The server has failed the connection (its close frame is on the way) and stopped reading...
    readable, _, _ = select.select([sock], [], [], 30)
    assert readable, "the server answers an over-long frame"
    sock.sendall(b"\x00" * (512 << 10))  # ...while the client goes on sending payload it will never read
    expect_close(sock, 1009)


def test_the_servers_bounds_apply_to_every_session(fonsters_bin):
    web = WebServer(fonsters_bin, "--max-batch", "2")
    try:
        with web.ws() as ws:
            ws.send(json.dumps([{"jsonrpc": "2.0", "id": i, "method": "creature/describe", "params": {"seed": "b"}}
                                for i in range(3)]))
            reply = json.loads(ws.recv(timeout=BACKSTOP))
            assert reply["error"]["code"] == -32600 and reply["error"]["data"]["limit"] == 2
            ws.send(json.dumps([{"jsonrpc": "2.0", "id": i, "method": "creature/describe", "params": {"seed": "b"}}
                                for i in range(2)]))
            assert len(json.loads(ws.recv(timeout=BACKSTOP))) == 2
    finally:
        web.stop()
