"""An independent JSON-RPC client (python-lsp-jsonrpc, LSP framing) drives the real server."""
import subprocess
import threading

import pytest
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import JsonRpcException
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter
from conftest import BACKSTOP

TIMEOUT = BACKSTOP  # waits for conditions end at the backstop, not at a guess of speed


class Session:
    """fonsters-rpc --stdio --memory --no-starter behind a pylsp_jsonrpc Endpoint."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "--stdio", "--memory", "--no-starter", "--log-level", "warn"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.changes = []
        self.changed = threading.Condition()
        self.writer = JsonRpcStreamWriter(self.process.stdin)
        self.reader = JsonRpcStreamReader(self.process.stdout)
        self.endpoint = Endpoint({"fonsters/didChange": self._did_change, "$/progress": lambda params: None},
                                 self.writer.write)
        self.listener = threading.Thread(target=self.reader.listen, args=(self.endpoint.consume,), daemon=True)
        self.listener.start()

    def _did_change(self, params):
        with self.changed:
            self.changes.append(params)
            self.changed.notify_all()

    def request(self, method, params=None):
        return self.endpoint.request(method, params).result(timeout=TIMEOUT)

    def wait_for_change(self, reason):
        with self.changed:
            assert self.changed.wait_for(lambda: any(c["reason"] == reason for c in self.changes), timeout=TIMEOUT)
            return next(c for c in self.changes if c["reason"] == reason)


@pytest.fixture
def session(fonsters_bin):
    s = Session(fonsters_bin)
    yield s
    if s.process.poll() is None:
        s.process.kill()
        s.process.wait()


def test_an_editing_session(session):
    init = session.request("initialize", {"processId": None, "clientInfo": {"name": "pylsp-jsonrpc"}})
    assert init["serverInfo"]["name"] == "fonsters-rpc"
    assert init["engine"] == "fonsters-v2"  # a new library's default engine
    assert "creature/frames" in init["capabilities"]["experimental"]["methods"]
    session.endpoint.notify("initialized", {})

    created = session.request("fonsters/create", {"name": "Py", "seed": "python"})
    assert created["seed"] == "python" and created["name"] == "Py" and not created["canUndo"]
    assert session.wait_for_change("create")["ids"] == [created["id"]]

    updated = session.request("fonsters/update", {"id": created["id"], "seed": "python client"})
    assert updated["seed"] == "python client" and updated["canUndo"]

    undone = session.request("fonsters/undo", {"id": created["id"]})
    assert undone["seed"] == "python" and undone["canRedo"]

    render = session.request("creature/render", {"id": created["id"], "format": "png", "size": 64})
    assert render["dataUri"].startswith("data:image/png;base64,") and render["width"] == 64
    assert render["fileName"].startswith("Py")

    frames = session.request("creature/frames", {"seed": "python", "size": 32, "workDoneToken": "t"})
    assert frames["total"] == 6 and [f["prefix"] for f in frames["frames"]] == ["p", "py", "pyt", "pyth", "pytho", "python"]

    with pytest.raises(JsonRpcException) as error:
        session.request("fonsters/redo", {"id": "00000000-0000-4000-8000-000000000000"})
    assert error.value.code == 1001

    with pytest.raises(JsonRpcException) as error:
        session.request("creature/render", {"seed": "x", "size": 33})
    assert error.value.code == -32602

    assert session.request("shutdown") is None
    session.endpoint.notify("exit")
    assert session.process.wait(timeout=TIMEOUT) == 0


def test_exit_without_shutdown_is_one(session):
    session.request("initialize", {})
    session.endpoint.notify("exit")
    assert session.process.wait(timeout=TIMEOUT) == 1
