"""protocol.md, "Execution model": a client that goes away stops its work, every transport counts its
queued output, and one memory budget bounds the whole `fonsters-rpc web` process, the greediest
client closed first (1008). Real server processes and sockets; memory and CPU read from /proc."""
import base64
import json
import os
import re
import socket
import struct
import subprocess
import threading
import time

import pytest
from conftest import BACKSTOP, proc_status, wait_until

MiB = 1 << 20


class Server:
    """A running `fonsters-rpc web --port 0 --memory --no-starter ...`, its stderr kept line by line."""

    def __init__(self, binary, *extra):
        self.process = subprocess.Popen([binary, "web", "--port", "0", "--memory", "--no-starter", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline().decode().rstrip("\n")
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
        assert match, f"unexpected first line {line!r}"
        self.port, self.token = int(match.group(1)), match.group(2)
        self.log = []
        threading.Thread(target=self._read_log, daemon=True).start()

    def _read_log(self):
        for line in self.process.stderr:
            self.log.append(line.decode(errors="replace").rstrip("\n"))

    def status(self, field):
        """A /proc/PID/status field in bytes (VmRSS, VmHWM)."""
        return proc_status(self.process.pid, field)

    def cpu_ticks(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def wait_until_idle(self, still_polls=5):
        """Polls the server's CPU time every 0.1 s until it has not moved for `still_polls` polls;
        returns the seconds that took (fails at the backstop: the server kept working)."""
        start = time.monotonic()
        polls = {"last": -1, "still": 0}

        def still():
            ticks = self.cpu_ticks()
            polls["still"] = polls["still"] + 1 if ticks == polls["last"] else 0
            polls["last"] = ticks
            return polls["still"] >= still_polls
        wait_until(still, "the server to stop working (its CPU time to stand still)", every=0.1)
        return time.monotonic() - start

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=BACKSTOP)


def websocket(server, rcvbuf=None):
    """A raw WebSocket after the handshake (cookie auth); `rcvbuf` shrinks its receive buffer."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(BACKSTOP)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: http://127.0.0.1:{server.port}\r\nCookie: fonsters_token_{server.port}={server.token}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        byte = sock.recv(1)
        if not byte:
            raise ConnectionError(f"the server closed the connection during the handshake, after {head!r}")
        head += byte
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def frame_header(length, opcode=1):
    """A masked client frame's header (mask 0,0,0,0: the payload goes as it is)."""
    if length < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    elif length < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
    return head + b"\0\0\0\0"


def text(message):
    payload = json.dumps(message).encode()
    return frame_header(len(payload)) + payload


def read_frame(sock):
    """(opcode, payload) of the next server frame."""
    def exactly(n):
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data
    first, second = exactly(2)
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", exactly(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", exactly(8))[0]
    return first & 0x0F, exactly(length)


def answer(sock, id):
    """The answer to request `id`, skipping notifications."""
    while True:
        opcode, payload = read_frame(sock)
        assert opcode == 1, f"frame {opcode}: {payload[:80]!r}"
        message = json.loads(payload)
        if message.get("id") == id:
            return message


def padded_request(id, total):
    """A `creature/describe` request of exactly `total` bytes (its seed padded with 'a')."""
    head = b'{"jsonrpc":"2.0","id":%d,"method":"creature/describe","params":{"seed":"' % id
    tail = b'"}}'
    return head + b"a" * (total - len(head) - len(tail)) + tail


def test_a_client_that_never_reads_does_not_grow_the_server(fonsters_bin):
    """Queued WebSocket answers count (the output bound and the budget see them): two clients that
    pipeline a hundred 2,048-px JPEG renders each and read nothing leave the server within its
    bounds once it stops working, where before it held every answer."""
    server = Server(fonsters_bin, "--memory-budget", str(64 * MiB))
    try:
        baseline = server.status("VmRSS")
        clients = [websocket(server, rcvbuf=64 << 10) for _ in range(2)]
        for n, client in enumerate(clients):
            client.sendall(b"".join(text({"jsonrpc": "2.0", "id": i, "method": "creature/render",
                                          "params": {"seed": f"unread {n} {i}", "size": 2048, "format": "jpeg"}})
                                    for i in range(100)))
        server.wait_until_idle()
        peak = server.status("VmHWM")
        # The budget, the work of two pool slots (a 2,048-px drawing and its JPEG each) and slack.
        assert peak - baseline < 64 * MiB + 64 * MiB, f"peak {peak / MiB:.0f} MiB over a baseline of {baseline / MiB:.0f} MiB"
        # Still serving others at once.
        other = websocket(server)
        other.sendall(text({"jsonrpc": "2.0", "id": 1, "method": "creature/describe", "params": {"seed": "x"}}))
        assert "result" in answer(other, 1)
        # And the unread answers come once the client reads.
        assert "result" in answer(clients[0], 1)
    finally:
        server.stop()


def test_a_client_that_drops_its_connection_has_its_work_cancelled(fonsters_bin):
    """Four 2,048-px animations of a 10,000-character seed (minutes of work) stop within seconds of
    their client resetting its TCP connection: those running are cancelled (-32800 in the request
    log), those read and waiting never start, the session ends and the server's CPU goes idle."""
    server = Server(fonsters_bin, "--log-level", "debug")
    try:
        seed = ("Fonsters grow a letter at a time. " * 300)[:10_000]
        client = websocket(server)
        client.sendall(b"".join(text({"jsonrpc": "2.0", "id": i, "method": "creature/animate",
                                      "params": {"seed": seed, "size": 2048, "workDoneToken": f"a{i}"}})
                                for i in range(4)))
        while True:  # one has begun
            opcode, payload = read_frame(client)
            if b'"kind":"begin"' in payload:
                break
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()  # a reset, as a crashed client leaves it
        server.wait_until_idle()
        # The animations that had started are answered -32800 (those still waiting leave the
        # line unrun), and the session is over.
        ran = [line for line in server.log if "creature/animate" in line]
        assert ran and all(line.endswith("error -32800") for line in ran), server.log
        assert any("WebSocket session closed (0 open)" in line for line in server.log), server.log
    finally:
        server.stop()


def test_unfinished_messages_of_many_sessions_stay_within_the_budget_greediest_closed_first(fonsters_bin):
    """Sessions holding unfinished messages share one budget: when a fourth one's message would
    pass it, the session owing the most, over its fair share (a quarter of the budget here), is
    closed with 1008; the others, within their shares, go on (their messages, finished, are
    answered), and the process stays within the budget."""
    budget = 48 * MiB
    server = Server(fonsters_bin, "--memory-budget", str(budget))
    try:
        baseline = server.status("VmRSS")
        sizes = {"greedy": 32 * MiB, "middle": 4 * MiB, "small": 3 * MiB}
        sockets, messages = {}, {}
        for n, (name, sent) in enumerate(sizes.items()):
            sockets[name] = websocket(server)
            messages[name] = padded_request(n + 1, sent + MiB)
            sockets[name].sendall(frame_header(len(messages[name])) + messages[name][:sent])
        # The server has taken the three (39 MiB); the fourth needs room.
        late = websocket(server)
        late_message = padded_request(9, 10 * MiB)
        sender = threading.Thread(target=late.sendall, args=(frame_header(len(late_message)) + late_message,))
        sender.start()
        # Closed with 1008 and the reason (not a reset: the server drains what it leaves unread).
        opcode, payload = read_frame(sockets["greedy"])
        assert opcode == 8 and struct.unpack("!H", payload[:2])[0] == 1008, (opcode, payload)
        assert b"memory budget" in payload[2:]
        sender.join(timeout=BACKSTOP)
        assert not sender.is_alive()
        answer(late, 9)  # answered (a seed that long is refused, as the protocol says)
        for name in ("middle", "small"):
            sockets[name].sendall(messages[name][sizes[name]:])
        answer(sockets["middle"], 2)
        answer(sockets["small"], 3)
        peak = server.status("VmHWM")
        # The budget, one 64 KiB read per connection, the parsed message being answered, and slack.
        assert peak - baseline < budget + 24 * MiB, f"peak {peak / MiB:.0f} MiB over a baseline of {baseline / MiB:.0f} MiB"
    finally:
        server.stop()
