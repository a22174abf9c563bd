"""`fonsters-rpc web`'s connections, end to end against real spawned servers: each server's cookie
is named after its port (two servers, one cookie jar; and one Chromium)."""
import http.cookiejar
import socket
import urllib.request

import pytest
from websockets.sync.client import connect

from test_websocket import WebServer, read_response


@pytest.fixture(scope="module")
def server(fonsters_bin):
    web = WebServer(fonsters_bin)
    yield web
    web.stop()


# ---- each server's cookie ----

def test_two_servers_on_two_ports_keep_their_own_cookies_in_one_jar(fonsters_bin):
    first, second = WebServer(fonsters_bin), WebServer(fonsters_bin)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        for web in (first, second):  # the second sets its cookie after the first, on the same host
            with opener.open(web.url, timeout=10) as reply:
                assert reply.status == 200 and reply.url == f"{web.origin}/"
        assert sorted(c.name for c in jar) == sorted([first.cookie_name, second.cookie_name])
        for web in (first, second, first):
            with opener.open(f"{web.origin}/", timeout=10) as reply:
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
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(raw)
        assert read_response(sock)[0] in ((200, 404) if status == 200 else (status,))


def test_a_websocket_with_another_servers_cookie_gets_401(server):
    with pytest.raises(Exception) as info:
        connect(server.ws_url, origin=server.origin, open_timeout=10,
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
