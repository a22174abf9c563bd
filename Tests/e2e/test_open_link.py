"""Share links that open, with real processes: `fonsters-rpc open LINK` hands the page's
address to the browser opener of a running `fonsters-rpc web` (found through its runtime file), or
starts one; a bad link is refused before anything starts; `install-desktop` registers the
fonsters:// scheme so that xdg-open runs `open`, and `uninstall-desktop` takes it out again.

The browser opener is a script that records its argument ($FONSTERS_OPENER); the recorded address
is then loaded in headless Chromium, which must show the import review of the link's seeds. Every
test has its own $XDG_RUNTIME_DIR (and, for the desktop entry, $XDG_DATA_HOME, $XDG_CONFIG_HOME
and $HOME), and stops every server it started."""
import base64
import contextlib
import json
import os
import pathlib
import re
import select
import shutil
import signal
import socket
import stat
import subprocess

import pytest

from test_web_gui import By, downloads, js, make_driver, wait  # noqa: F401
from conftest import BACKSTOP, wait_until

ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{64})(?:#cards=([A-Za-z0-9_-]+))?")
SEEDS = ["linked one", "linked two ✨"]


def cards_of(seeds):
    """The base64url `cards` of a share link, as docs/engine.md §9 builds it."""
    text = json.dumps(seeds, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(text).decode().rstrip("=")


def link_of(seeds, scheme="https://nathanfennel.com/games/creature-avatar"):
    return f"{scheme}?cards={cards_of(seeds)}"


def until(check, what):
    """Waits until `check()` is truthy (polling, up to the backstop); returns its value."""
    return wait_until(check, what)


class Desk:
    """A private environment: runtime folder, library file, and an opener that records what it is given."""

    def __init__(self, root, binary):
        self.binary = binary
        self.root = root
        self.runtime = root / "run"
        self.runtime.mkdir(mode=0o700)
        self.store = root / "library.sqlite"
        self.opened = root / "opened.txt"
        self.opener = root / "opener.sh"
        self.opener.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{self.opened}'\n")
        self.opener.chmod(0o755)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k != "FONSTERS_STORE"}
        self.env.update(XDG_RUNTIME_DIR=str(self.runtime), FONSTERS_OPENER=str(self.opener), FONSTERS_STORE=str(self.store))
        self.servers = []

    @property
    def folder(self):
        return self.runtime / "fonsters"

    def records(self):
        """The runtime files there now, as read (their servers are stopped at the end of the test)."""
        found = [json.loads(p.read_text()) for p in sorted(self.folder.glob("web-*.json"))] if self.folder.exists() else []
        self.servers.extend(r["pid"] for r in found if isinstance(r.get("pid"), int) and r["pid"] != os.getpid())
        return found

    def opened_addresses(self):
        return self.opened.read_text().splitlines() if self.opened.exists() else []

    def open(self, *args):
        return subprocess.run([self.binary, "open", *args], env=self.env, capture_output=True, text=True, timeout=BACKSTOP)

    def serve(self):
        """`fonsters-rpc web --port 0 --store …` of this library; returns the process and the address it printed."""
        # SIGINT as a terminal's Ctrl-C gives it, whatever the test runner inherited (a shell's
        # background job ignores SIGINT, and the server keeps an ignored SIGINT ignored, as under nohup).
        process = subprocess.Popen([self.binary, "web", "--port", "0", "--store", str(self.store), "--no-starter"],
                                   env=self.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.servers.append(process.pid)
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready, "the server printed no address"
        return process, process.stdout.readline().strip()

    def stop_all(self):
        self.records()
        for pid in set(self.servers):
            with contextlib.suppress(OSError):  # gone already; and a pid reused by another program is left alone
                if str(self.store).encode() in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():  # a web server of this library
                    os.kill(pid, signal.SIGKILL)


@pytest.fixture
def desk(tmp_path, fonsters_bin):
    d = Desk(tmp_path, fonsters_bin)
    yield d
    d.stop_all()


def preview_error(binary, link):
    """What `share/preview` says of `link` (code and message), from the server itself."""
    request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "share/preview", "params": {"url": link}})
    out = subprocess.run([binary, "--memory", "--script", "-", "--json"], input=request + "\n", capture_output=True, text=True, timeout=BACKSTOP)
    error = json.loads(out.stdout.splitlines()[0])["error"]
    return error["code"], error["message"]


def review_names(driver, address):
    """Loads `address` in Chromium and returns the names in the import review it opens."""
    driver.get(address)
    wait(driver, lambda d: js(d, "return document.getElementById('import-dialog').open") and
         len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == len(SEEDS), "the import review")
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#import-list .import-name")]


def test_bad_links_are_refused_before_anything_starts(desk):
    too_many = link_of([f"s{i}" for i in range(1001)])
    too_long = link_of(["x" * 10_001])
    bad = [
        "https://nathanfennel.com/games/creature-avatar?nocards=1",
        "fonsters://import?cards=not-base64!",
        "fonsters://import?cards=" + base64.urlsafe_b64encode(b"not json").decode().rstrip("="),
        "fonsters://import?cards=" + base64.urlsafe_b64encode(b'{"a":1}').decode(),
        link_of([]),
        too_many,
        too_long,
    ]
    for link in bad:
        code, message = preview_error(desk.binary, link)
        assert code in (1003, 1009, 1002), (link[:60], code)
        result = desk.open(link)
        assert result.returncode == 2, (link[:60], result.returncode, result.stderr)
        assert message in result.stderr, f"open says what share/preview says ({message!r}); it said {result.stderr!r}"
    assert desk.records() == [], "no server was started"
    assert not desk.folder.exists() or not list(desk.folder.glob("*.log")), "no server was started"
    assert desk.opened_addresses() == [], "no browser was opened"
    # A command-line mistake is also exit 2, with the reason.
    two = desk.open(link_of(SEEDS), link_of(SEEDS))
    assert two.returncode == 2 and "one share link" in two.stderr
    memory = desk.open("--memory", link_of(SEEDS))
    assert memory.returncode == 2 and "--store" in memory.stderr


def test_open_hands_the_running_servers_address_to_the_opener(desk, downloads):  # noqa: F811
    process, printed = desk.serve()
    port, token = ADDRESS.fullmatch(printed).group(1, 2)
    try:
        record = until(lambda: next(iter(desk.records()), None), "the runtime file")
        assert record["pid"] == process.pid and record["port"] == int(port) and record["token"] == token
        assert record["store"] == str(desk.store.resolve())
        (path,) = desk.folder.glob("web-*.json")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, "the token's file is the user's alone"
        assert stat.S_IMODE(desk.folder.stat().st_mode) == 0o700

        for link in (link_of(SEEDS), link_of(SEEDS, scheme="fonsters://import")):
            result = desk.open(link)
            assert result.returncode == 0, result.stderr
            assert f"http://127.0.0.1:{port}/" in result.stdout and token not in result.stdout, result.stdout
        first, second = desk.opened_addresses()
        assert first == second == f"http://127.0.0.1:{port}/?token={token}#cards={cards_of(SEEDS)}"
        assert [r["pid"] for r in desk.records()] == [process.pid], "no second server was started"

        driver = make_driver(downloads)
        try:
            assert review_names(driver, first) == SEEDS
            assert "token=" not in driver.current_url and "cards=" not in driver.current_url
        finally:
            driver.quit()

        # Without a link, the library alone.
        assert desk.open().returncode == 0
        assert desk.opened_addresses()[-1] == f"http://127.0.0.1:{port}/?token={token}"
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=BACKSTOP)
    assert desk.records() == [], "the server removes its runtime file when it stops"


def test_open_starts_a_server_when_none_runs_or_the_file_is_stale(desk, downloads):  # noqa: F811
    # A stale file: a server killed with -9 (its process is gone, its file stays).
    process, printed = desk.serve()
    until(lambda: desk.records(), "the runtime file")
    process.kill()
    process.wait(timeout=BACKSTOP)
    (stale,) = desk.records()
    assert stale["pid"] == process.pid

    result = desk.open(link_of(SEEDS))
    assert result.returncode == 0, result.stderr
    (record,) = desk.records()
    assert record["pid"] != stale["pid"], "a new server, not the dead one"
    pid = record["pid"]
    assert f"kill {pid}" in result.stdout, "it says how to stop the server it started"
    assert os.getsid(pid) == pid, "the started server runs in a session of its own (no terminal to hang up on it)"
    assert record["token"] not in " ".join(pathlib.Path(f"/proc/{pid}/cmdline").read_text().split("\0")), \
        "the token is not on the long-lived server's command line"
    (address,) = desk.opened_addresses()
    assert address == f"http://127.0.0.1:{record['port']}/?token={record['token']}#cards={cards_of(SEEDS)}"
    driver = make_driver(downloads)
    try:
        assert review_names(driver, address) == SEEDS
    finally:
        driver.quit()

    # A port now answered by someone else is stale too: a plain socket that is no Fonsters server.
    os.kill(pid, signal.SIGTERM)
    until(lambda: desk.records() == [], "the runtime file gone after SIGTERM")
    with socket.create_server(("127.0.0.1", 0)) as impostor:
        fake = dict(record, pid=os.getpid(), port=impostor.getsockname()[1])
        (desk.folder / f"web-{'0' * 16}.json").write_text("{}")  # another library's broken file is left alone
        path = next(desk.folder.glob("web-*.log")).with_suffix(".json")
        path.write_text(json.dumps(fake))
        result = desk.open(link_of(SEEDS))
        assert result.returncode == 0, result.stderr
        fresh = json.loads(path.read_text())
        assert fresh["pid"] not in (os.getpid(), pid) and fresh["port"] != fake["port"]
    assert (desk.folder / f"web-{'0' * 16}.json").read_text() == "{}"


@pytest.mark.skipif(not shutil.which("xdg-mime"), reason="xdg-mime is missing (Debian: xdg-utils; scripts/test.sh installs it)")
def test_install_desktop_registers_the_scheme_and_uninstall_takes_it_out(desk):
    home = desk.root / "home"
    data, config = home / ".local" / "share", home / ".config"
    config.mkdir(parents=True)
    (config / "mimeapps.list").write_text("[Default Applications]\ntext/plain=editor.desktop\n")
    desk.env.update(HOME=str(home), XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config))
    for name in ("DESKTOP_SESSION", "KDE_FULL_SESSION", "GNOME_DESKTOP_SESSION_ID", "BROWSER"):  # xdg-open's generic way
        desk.env.pop(name, None)

    def query():
        return subprocess.run(["xdg-mime", "query", "default", "x-scheme-handler/fonsters"], env=desk.env,
                              capture_output=True, text=True, timeout=BACKSTOP).stdout.strip()

    assert query() == ""
    installed = subprocess.run([desk.binary, "install-desktop"], env=desk.env, capture_output=True, text=True, timeout=BACKSTOP)
    assert installed.returncode == 0, installed.stderr
    entry = data / "applications" / "fonsters.desktop"
    text = entry.read_text()
    assert f"Exec={desk.binary} open %u" in text.replace(str(pathlib.Path(desk.binary).resolve()), desk.binary)
    assert "MimeType=x-scheme-handler/fonsters;" in text
    assert shutil.which("desktop-file-validate"), "desktop-file-validate is missing (Debian: desktop-file-utils; scripts/test.sh installs it)"
    check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.strip() == "", check.stdout + check.stderr
    assert query() == "fonsters.desktop"

    # A fonsters:// link given to xdg-open (as a desktop session would: DISPLAY set) runs `open`.
    process, printed = desk.serve()
    try:
        port, token = ADDRESS.fullmatch(printed).group(1, 2)
        until(lambda: desk.records(), "the runtime file")
        clicked = subprocess.run(["xdg-open", link_of(SEEDS, scheme="fonsters://import")], env=dict(desk.env, DISPLAY=":99"),
                                 capture_output=True, text=True, timeout=BACKSTOP)
        assert clicked.returncode == 0, clicked.stderr
        assert desk.opened_addresses() == [f"http://127.0.0.1:{port}/?token={token}#cards={cards_of(SEEDS)}"]
    finally:
        process.terminate()
        process.wait(timeout=BACKSTOP)

    removed = subprocess.run([desk.binary, "uninstall-desktop"], env=desk.env, capture_output=True, text=True, timeout=BACKSTOP)
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists()
    assert query() == ""
    lists = (config / "mimeapps.list").read_text()
    assert "fonsters" not in lists and "text/plain=editor.desktop" in lists, "only what install-desktop added goes"
    again = subprocess.run([desk.binary, "uninstall-desktop"], env=desk.env, capture_output=True, text=True, timeout=BACKSTOP)
    assert again.returncode == 0 and "Nothing to remove" in again.stdout
