"""The web GUI (clients/web) in a real headless Chromium, driven with Selenium and chromedriver,
against a real `fonsters-rpc web --port 0 --memory --no-starter`. What the page shows is checked
against what the server answers (over an independent WebSocket client): the preview's pixels equal
creature/render of the seed (decoded with Pillow), playback's prefix and use-as-seed, the tap
animation's kind, the share-link round trip through the review, bundle download and upload, two
windows seeing each other's edits, and a keyboard-only create → rename → delete → undo. Each test
saves a screenshot under .build/test-artifacts/web-gui/."""
import base64
import contextlib
import hashlib
import io
import json
import os
import pathlib
import re
import select
import shutil
import subprocess
import tempfile
import time

import pytest

selenium = pytest.importorskip("selenium", reason="selenium is not installed (scripts/requirements-test.txt)")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from PIL import Image  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from conftest import BACKSTOP  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".build" / "test-artifacts" / "web-gui"
URL_LINE = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)")


class WebServer:
    """`fonsters-rpc web --port 0 --memory --no-starter`, and an RPC client of its own."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "web", "--port", "0", "--memory", "--no-starter"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        line = self.process.stdout.readline().decode().strip() if ready else ""
        match = URL_LINE.fullmatch(line)
        if not match:
            self.process.kill()
            err = self.process.stderr.read().decode()
            self.process.wait()
            if not line:  # an older server: `web` is an unknown command (or it waits on stdin as a stdio server)
                pytest.skip(f"this fonsters-rpc has no `web` command yet (it printed no URL): {err.strip()[:200]}")
            raise AssertionError(f"unexpected first line {line!r}; stderr: {err[:500]}")
        self.url = line
        self.port = int(match.group(1))
        self.token = match.group(2)
        self.origin = f"http://127.0.0.1:{self.port}"
        self.exits = contextlib.ExitStack()
        self.ws = self.exits.enter_context(connect(f"ws://127.0.0.1:{self.port}/rpc", origin=self.origin, max_size=None, open_timeout=BACKSTOP,
                                                   additional_headers={"Cookie": f"fonsters_token_{self.port}={self.token}"}))
        self.next_id = 0

    def call(self, method, params=None):
        """One request; returns its result (an error fails the test)."""
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv(timeout=BACKSTOP))
            if isinstance(reply, dict) and "method" in reply:
                continue  # a notification
            assert reply["id"] == self.next_id
            assert "error" not in reply, reply["error"]
            return reply["result"]

    def fonsters(self):
        return self.call("fonsters/list", {})["fonsters"]

    def stop(self):
        self.exits.close()
        self.process.terminate()
        self.process.wait(timeout=BACKSTOP)


def find_chromedriver():
    for name in ("chromedriver", "chromium.chromedriver"):
        path = shutil.which(name)
        if path:
            return path
    for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"):
        if os.path.exists(path):
            return path
    return None


@pytest.fixture(scope="module")
def server(fonsters_bin):
    web = WebServer(fonsters_bin)
    yield web
    web.stop()


@pytest.fixture(scope="module")
def downloads():
    path = tempfile.mkdtemp(prefix="fonsters-downloads-")
    yield pathlib.Path(path)
    shutil.rmtree(path, ignore_errors=True)


def make_driver(downloads, width=1280, height=900, dark=False):
    driver_path = find_chromedriver()
    if not driver_path:
        pytest.skip("chromedriver not found (Debian: apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                "--force-device-scale-factor=1", "--hide-scrollbars", "--disable-features=Translate"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    if width < 500:  # a window cannot be that narrow: emulate the viewport
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver


@pytest.fixture
def browser(server, downloads):
    driver = make_driver(downloads)
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    yield driver
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    driver.quit()
    assert errors == [], f"the page logged errors: {errors}"


def shot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def wait(driver, check, what):
    """Waits until `check(driver)` is truthy (up to the backstop); returns its value."""
    try:
        return WebDriverWait(driver, BACKSTOP, poll_frequency=0.05).until(lambda d: check(d))
    except Exception as error:
        raise AssertionError(f"gave up waiting for {what} after {BACKSTOP:.0f} s (the backstop against a hang)") from error


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def open_page(driver, server):
    driver.get(server.url)
    wait(driver, lambda d: js(d, "return document.getElementById('connection').dataset.state") == "open", "the connection")
    wait(driver, lambda d: js(d, "return !!window.fonstersPage"), "the page script")


def open_fonster(driver, fonster_id):
    """Clicks the Fonster's row and waits for its detail."""
    row = wait(driver, lambda d: d.find_elements(By.ID, f"row-{fonster_id}"), "the row")[0]
    row.click()
    wait(driver, lambda d: js(d, "const c = window.fonstersPage.current; return !!c && c.id === arguments[0] && "
                                 "document.getElementById('detail-root').getAttribute('aria-busy') === 'false'", fonster_id), "the detail")


def image_pixels(driver, selector="#creature"):
    """The shown image's RGBA pixels at its natural size, read back through a canvas."""
    data = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const img = document.querySelector(arguments[0]);
        const go = () => {
          const c = document.createElement('canvas');
          c.width = img.naturalWidth; c.height = img.naturalHeight;
          const ctx = c.getContext('2d');
          ctx.drawImage(img, 0, 0);
          const bytes = ctx.getImageData(0, 0, c.width, c.height).data;
          let s = '';
          for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
          done({ w: c.width, h: c.height, b64: btoa(s), src: img.src });
        };
        if (img.complete && img.naturalWidth) go(); else img.onload = go;
    """, selector)
    return data["w"], data["h"], base64.b64decode(data["b64"]), data["src"]


def decoded(data_uri):
    """Pillow's RGBA of a server PNG data URI, with fully transparent pixels as 0,0,0,0 (as a canvas reads them)."""
    image = Image.open(io.BytesIO(base64.b64decode(data_uri.split(",", 1)[1]))).convert("RGBA")
    raw = bytearray(image.tobytes())
    for i in range(0, len(raw), 4):
        if raw[i + 3] == 0:
            raw[i:i + 3] = b"\0\0\0"
    return image.size, bytes(raw)


def downloaded(driver, folder, pattern, what):
    """The finished download matching `pattern`: Chromium writes a download under a .crdownload
    name and gives it its own name only once it is complete."""
    return wait(driver, lambda d: not list(folder.glob("*.crdownload")) and
                next((p for p in folder.glob(pattern) if p.stat().st_size > 0), None), what)


def ctrl(driver, key, shift=False):
    chain = ActionChains(driver).key_down(Keys.CONTROL)
    if shift:
        chain = chain.key_down(Keys.SHIFT)
    chain = chain.send_keys(key)
    if shift:
        chain = chain.key_up(Keys.SHIFT)
    chain.key_up(Keys.CONTROL).perform()


def clear_library(server):
    for f in server.fonsters():
        server.call("fonsters/delete", {"id": f["id"]})


def test_create_edit_preview_pixels_and_undo(server, browser):
    clear_library(server)
    open_page(browser, server)
    browser.find_element(By.ID, "add").click()
    created = wait(browser, lambda d: server.fonsters(), "the new Fonster on the server")[0]
    name = wait(browser, lambda d: d.switch_to.active_element if d.switch_to.active_element.get_attribute("id") == "name" else None,
                "the name field focused")
    name.send_keys("Pixel Pal", Keys.ENTER)
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["name"] == "Pixel Pal", "the rename on the server")
    wait(browser, lambda d: d.find_element(By.ID, "detail-title").text == "Pixel Pal", "the title")

    # Typing previews live: the picture is creature/render of the typed seed, pixel for pixel.
    seed = browser.find_element(By.ID, "seed")
    seed.click()
    seed.send_keys("hello world")
    expected = server.call("creature/render", {"seed": "hello world", "engine": created["engine"], "size": 512})
    wait(browser, lambda d: d.find_element(By.ID, "creature").get_attribute("src") == expected["dataUri"], "the live preview")
    w, h, pixels, _ = image_pixels(browser)
    assert (w, h) == (512, 512)
    (ew, eh), want = decoded(expected["dataUri"])
    assert (ew, eh) == (w, h)
    assert pixels == want, "the preview's pixels equal creature/render of the seed"
    # The picture stands on its sky (the scene behind it), and its alt text says so.
    on_sky = server.call("creature/render", {"seed": "hello world", "engine": created["engine"], "size": 512, "background": "sky"})
    assert browser.find_element(By.ID, "creature").get_attribute("alt") == on_sky["alt"]
    assert on_sky["alt"].endswith(" its sky.")
    assert server.call("fonsters/get", {"id": created["id"]})["seed"] == "", "typing alone does not save"
    scene = js(browser, "return getComputedStyle(document.getElementById('scene')).backgroundImage")
    sky = server.call("creature/environment", {"seed": "hello world"})["sky"]
    grey = round(sky["top"] * 255)
    assert scene.startswith(f"linear-gradient(rgb({grey}, {grey}, {grey}) 0%"), scene
    shot(browser, "01-typing-preview")

    seed.send_keys(Keys.ENTER)
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["seed"] == "hello world", "the committed seed")
    seed.send_keys(" again", Keys.ENTER)
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["seed"] == "hello world again", "the second edit")
    wait(browser, lambda d: d.find_element(By.ID, "undo").is_enabled(), "Undo enabled")

    ctrl(browser, "z")  # the field is clean: Ctrl+Z undoes the seed edit
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["seed"] == "hello world", "Ctrl+Z undo")
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value") == "hello world", "the field follows the undo")
    ctrl(browser, "z", shift=True)
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["seed"] == "hello world again", "Ctrl+Shift+Z redo")
    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda d: server.call("fonsters/get", {"id": created["id"]})["seed"] == "hello world", "the Undo button")
    after = server.call("creature/render", {"id": created["id"], "size": 512})
    wait(browser, lambda d: d.find_element(By.ID, "creature").get_attribute("src") == after["dataUri"], "the picture after undo")

    # A seed over the limit is announced with what is wrong.
    js(browser, "const s = document.getElementById('seed'); s.value = 'x'.repeat(10001); s.dispatchEvent(new Event('input'));")
    error = wait(browser, lambda d: d.find_element(By.ID, "seed-error") if d.find_element(By.ID, "seed-error").is_displayed() else None, "the seed error")
    assert error.get_attribute("role") == "alert"
    assert "10,000" in error.text or "10000" in error.text, error.text
    js(browser, "const s = document.getElementById('seed'); s.value = 'hello world'; s.dispatchEvent(new Event('input'));")
    missing_alt = js(browser, "return [...document.images].filter((i) => i.src && !i.alt.trim()).map((i) => i.outerHTML.slice(0, 80))")
    assert missing_alt == [], "every creature image has alt text"


def test_play_pause_use_as_seed_and_tap(server, browser):
    clear_library(server)
    fonster = server.call("fonsters/create", {"name": "Player", "seed": "Bobcat"})
    frames = server.call("creature/frames", {"seed": "Bobcat", "size": 32})
    assert frames["intervalMs"] == 300
    open_page(browser, server)
    open_fonster(browser, fonster["id"])
    # The page records each frame it shows, with the prefix it highlights (no sampling by the test).
    js(browser, """
        const img = document.getElementById('creature');
        window.seenFrames = [];
        window.frameObserver = new MutationObserver(() => {
          const frame = img.dataset.frame;
          const seen = window.seenFrames;
          if (frame && (!seen.length || seen[seen.length - 1][0] !== frame))
            seen.push([frame, document.getElementById('prefix-mark').textContent, performance.now()]);
        });
        window.frameObserver.observe(img, { attributes: true, attributeFilter: ['data-frame', 'src'] });
    """)
    browser.find_element(By.ID, "play").click()
    seen = wait(browser, lambda d: (lambda s: s if len(s) >= 4 else None)(js(d, "return window.seenFrames")), "four frames played")
    numbers = [int(f) for f, _, _ in seen]
    assert numbers[:4] == [1, 2, 3, 4], numbers
    for number, prefix, _ in seen:
        assert prefix == frames["frames"][int(number) - 1]["prefix"]
    assert browser.find_element(By.ID, "prefix-line").is_displayed(), "“Using for creature:” shows while playing"
    browser.find_element(By.ID, "play").click()  # Pause
    held = js(browser, "return document.getElementById('creature').dataset.frame")
    paused = js(browser, "window.pausedAt = performance.now(); return window.seenFrames.length")
    # The page's own clock: three frame intervals pass with no new frame.
    wait(browser, lambda d: js(d, "return performance.now() - window.pausedAt") > 3 * frames["intervalMs"], "three frame intervals")
    assert js(browser, "window.frameObserver.disconnect(); return window.seenFrames.length") == paused, "pause holds the frame"
    assert js(browser, "return document.getElementById('creature').dataset.frame") == held, "pause holds the frame"
    shot(browser, "02-paused-using-for-creature")
    browser.find_element(By.ID, "use-as-seed").click()
    prefix = frames["frames"][int(held) - 1]["prefix"]
    wait(browser, lambda d: server.call("fonsters/get", {"id": fonster["id"]})["seed"] == prefix, "use as seed")
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value") == prefix, "the field shows the new seed")

    # Tap (click, then Enter): the server's kind plays forward and back, then the creature rests.
    current = server.call("fonsters/get", {"id": fonster["id"]})["seed"]
    # The page records every style the animation gives the creature and its overlay.
    js(browser, """
        const w = document.getElementById('creature-wrap');
        const o = document.getElementById('overlay');
        window.tapStyles = [];
        const note = () => window.tapStyles.push(w.style.transform + '|' + w.style.opacity + '|' + o.style.cssText);
        const observer = new MutationObserver(note);
        observer.observe(w, { attributes: true, attributeFilter: ['style'] });
        observer.observe(o, { attributes: true, attributeFilter: ['style'] });
    """)
    for tap, press in ((0, "click"), (1, "enter")):
        kind = server.call("creature/tapAnimation", {"seed": current, "tap": tap})["kind"]
        button = browser.find_element(By.ID, "creature-button")
        if press == "click":
            button.click()
        else:
            js(browser, "arguments[0].focus()", button)
            ActionChains(browser).send_keys(Keys.ENTER).perform()
        wait(browser, lambda d: js(d, "return document.getElementById('creature-wrap').dataset.tap") == kind, f"tap {tap} plays {kind}")
        wait(browser, lambda d: js(d, "const w = document.getElementById('creature-wrap'); return !w.dataset.tap && !w.style.transform"),
             "the creature at rest after 1 s")
        styles = js(browser, "return window.tapStyles.splice(0)")
        assert len(set(styles)) > 2, f"the {kind} animation changes the creature over time: {styles}"


TAP_KINDS = ["blink", "eyebrowRaise", "armWave", "footKick", "slideOffAndBack", "squishAndPop", "bounce", "wiggle", "shake", "pulse",
             "rain", "explode", "wipe", "dissolve", "zoom", "blinds", "push", "flip", "spinOut", "spotlight", "bounceIn"]


def test_every_tap_kind_plays_in_the_page(server, browser):
    """All 21 kinds, from the server's samples, through the page's own tap player (ui/tap.js):
    each moves the creature or its overlay over its 500 ms forward and back, then rests."""
    animations = {}
    for i in range(3000):  # varied seeds meet every kind (similar seeds and salts correlate)
        seed = hashlib.sha1(str(i).encode()).hexdigest()[: 3 + i % 11]
        result = server.call("creature/tapAnimation", {"seed": seed, "tap": i % 3, "viewSize": 200, "samples": 21})
        animations.setdefault(result["kind"], result)
        if len(animations) == 21:
            break
    assert sorted(animations) == sorted(TAP_KINDS)
    open_page(browser, server)
    report = browser.execute_async_script("""
        const [animations, done] = [arguments[0], arguments[arguments.length - 1]];
        import('/ui/tap.js').then(async ({ playTap }) => {
          const seen = {};
          const runs = Object.entries(animations).map(([kind, animation]) => {
            const wrap = document.createElement('span');
            const overlay = document.createElement('span');
            wrap.appendChild(overlay);
            document.body.appendChild(wrap);
            const styles = new Set();
            const timer = setInterval(() => styles.add(`${wrap.style.transform}|${wrap.style.opacity}|${overlay.style.cssText}`), 10);
            return playTap(wrap, overlay, animation).then(() => {
              clearInterval(timer);
              seen[kind] = { distinct: styles.size, tapAttr: wrap.dataset.tap || null, rest: wrap.style.transform + overlay.style.cssText };
            });
          });
          const started = performance.now();
          await Promise.all(runs);
          done({ seen, ms: performance.now() - started });
        }, (error) => done({ error: String(error) }));
    """, animations)
    assert "error" not in report, report
    assert 950 <= report["ms"] < 2500, f"500 ms forward and 500 ms back ({report['ms']:.0f} ms)"
    for kind in TAP_KINDS:
        seen = report["seen"][kind]
        assert seen["distinct"] > 2, f"{kind} changes the creature or its overlay over time: {seen}"
        assert seen["tapAttr"] is None and seen["rest"] == "", f"{kind} ends at rest: {seen}"


def test_share_link_round_trip_through_the_review(server, browser):
    clear_library(server)
    kept = server.call("fonsters/create", {"name": "", "seed": "already here"})
    open_page(browser, server)
    open_fonster(browser, kept["id"])
    browser.find_element(By.ID, "share").click()
    expected = server.call("share/build", {"ids": [kept["id"]]})
    wait(browser, lambda d: d.find_element(By.ID, "share-url").get_attribute("value") == expected["url"], "the share link")
    copied = browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
    assert copied == expected["url"], "the link is on the clipboard"

    # A link past 2,000 characters is shown with the server's warning, and not copied.
    long = server.call("fonsters/create", {"name": "Long", "seed": "long seed " * 300})
    open_fonster(browser, long["id"])
    browser.find_element(By.ID, "share").click()
    too_long = server.call("share/build", {"ids": [long["id"]]})
    assert too_long["tooLong"]
    warning = wait(browser, lambda d: d.find_element(By.ID, "share-warning") if d.find_element(By.ID, "share-warning").is_displayed() else None, "the warning")
    assert warning.text == too_long["warning"]
    assert js(browser, "return document.body.innerText").count(too_long["warning"]) == 1, "the warning is shown once"
    assert warning.get_attribute("role") == "status", "and announced where it is shown"
    assert browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))") == expected["url"]
    server.call("fonsters/delete", {"id": long["id"]})

    link = server.call("share/build", {"seeds": ["already here", "Imported one", "Imported two 🐙"]})["url"]
    browser.find_element(By.ID, "open-import-link").click()
    field = wait(browser, lambda d: d.find_element(By.ID, "import-url") if d.find_element(By.ID, "import-url").is_displayed() else None, "the dialog")
    field.clear()
    field.send_keys(link)
    browser.find_element(By.ID, "import-preview").click()
    items = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#import-list li") if len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 3 else None,
                 "the review of three creatures")
    preview = server.call("share/preview", {"url": link})["seeds"]
    for item, want in zip(items, preview):
        assert item.find_element(By.CSS_SELECTOR, ".import-name").text == want["displayName"]
        img = item.find_element(By.TAG_NAME, "img")
        assert js(browser, "return arguments[0].complete && arguments[0].naturalWidth", img) == 64
        assert img.get_attribute("alt")
        assert item.find_element(By.CSS_SELECTOR, "input").is_selected() == (not want["exists"])
    assert "already in your library" in items[0].text
    shot(browser, "03-share-link-review")
    browser.find_element(By.ID, "import-confirm").click()
    wait(browser, lambda d: "Imported 2 Fonsters" in d.find_element(By.ID, "toast-text").text, "the import's summary")
    seeds = sorted(f["seed"] for f in server.fonsters())
    assert seeds == ["Imported one", "Imported two 🐙", "already here"]


def test_bundle_export_and_import(server, browser, downloads):
    clear_library(server)
    for i in range(3):
        server.call("fonsters/create", {"name": f"Bundled {i}", "seed": f"bundle seed {i}"})
    open_page(browser, server)
    for old in downloads.glob("*.json"):
        old.unlink()
    browser.find_element(By.ID, "export-library").click()
    file = downloaded(browser, downloads, "fonsters-library-*.json", "the download")
    bundle = json.loads(file.read_text())
    assert bundle["format"] == "fonsters-library"
    assert sorted(f["name"] for f in bundle["fonsters"]) == ["Bundled 0", "Bundled 1", "Bundled 2"]

    gone = next(f for f in server.fonsters() if f["name"] == "Bundled 1")
    server.call("fonsters/delete", {"id": gone["id"]})
    wait(browser, lambda d: not d.find_elements(By.ID, f"row-{gone['id']}"), "the deleted row leaves the list (didChange)")
    browser.find_element(By.ID, "bundle-file").send_keys(str(file))
    wait(browser, lambda d: "Imported 1 Fonster" in d.find_element(By.ID, "toast-text").text and "Skipped 2" in d.find_element(By.ID, "toast-text").text,
         "the bundle import's summary")
    assert sorted(f["name"] for f in server.fonsters()) == ["Bundled 0", "Bundled 1", "Bundled 2"]
    shot(browser, "04-bundle-imported")

    # Exports download under the server's file name.
    fonster = next(f for f in server.fonsters() if f["name"] == "Bundled 0")
    open_fonster(browser, fonster["id"])
    # By default the size the picture has on screen, on its sky, as the screen shows it.
    shown = js(browser, "return document.getElementById('creature').clientWidth")
    want = min(2048, max(32, round(shown / 32) * 32))
    browser.find_element(By.CSS_SELECTOR, "[data-export=png]").click()
    png = downloaded(browser, downloads, "Bundled_0.png", "the PNG download")
    assert Image.open(png).size == (want, want)
    sky = server.call("creature/render", {"id": fonster["id"], "format": "png", "size": want, "background": "sky"})
    assert png.read_bytes() == base64.b64decode(sky["dataUri"].split(",", 1)[1]), "the picture on its sky"


def test_duplicate_drag_reorder_random_text_engine_switch(server, browser, downloads):
    clear_library(server)
    a = server.call("fonsters/create", {"name": "Alpha", "seed": "alpha"})
    b = server.call("fonsters/create", {"name": "Beta", "seed": "beta"})
    open_page(browser, server)
    open_fonster(browser, a["id"])

    browser.find_element(By.ID, "duplicate").click()
    copy = wait(browser, lambda d: next((f for f in server.fonsters() if f["name"] == "Alpha" and f["id"] != a["id"]), None), "the duplicate")
    assert copy["position"] == 2 and copy["seed"] == "alpha"

    # Drag the last row to the top (HTML drag and drop events, as the browser sends them).
    moved = js(browser, """
        const list = document.getElementById('list');
        const row = document.getElementById('row-' + arguments[0]);
        const top = list.getBoundingClientRect().top + 4;
        const data = new DataTransfer();
        row.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));
        list.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, clientY: top, dataTransfer: data }));
        const shown = !document.querySelector('.drop-line').hidden;
        list.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, clientY: top, dataTransfer: data }));
        row.dispatchEvent(new DragEvent('dragend', { bubbles: true, dataTransfer: data }));
        return shown;""", b["id"])
    assert moved, "a drop line shows where the row lands"
    wait(browser, lambda d: [f["name"] for f in server.fonsters()] == ["Beta", "Alpha", "Alpha"], "the drag reorder")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#list .row[data-index=\"0\"]").text.startswith("Beta"), "the list follows")

    # Random text: load Words, prepend a UUID, refresh.
    open_fonster(browser, a["id"])
    browser.find_element(By.CSS_SELECTOR, "#load-random [data-source=words]").click()
    loaded = wait(browser, lambda d: (f := server.call("fonsters/get", {"id": a["id"]}))["randomSource"] == "words" and f, "Load random (Words)")
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value") == loaded["seed"], "the field shows the random seed")
    browser.find_element(By.CSS_SELECTOR, "#prepend-random [data-source=uuid]").click()
    prepended = wait(browser, lambda d: (f := server.call("fonsters/get", {"id": a["id"]}))["seed"].endswith(" " + loaded["seed"]) and f, "Prepend random (UUID)")
    assert re.match(r"[0-9A-F-]{36} ", prepended["seed"]), prepended["seed"]
    wait(browser, lambda d: d.find_element(By.ID, "refresh").is_enabled(), "Refresh enabled")
    browser.find_element(By.ID, "refresh").click()
    refreshed = wait(browser, lambda d: (f := server.call("fonsters/get", {"id": a["id"]}))["seed"] != prepended["seed"] and f, "Refresh")
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value") == refreshed["seed"], "the refreshed seed shown")

    # Both engines side by side; picking the other one switches this Fonster.
    choices = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#engine-choices .engine-choice"), "the engine choices")
    engines = [c.get_attribute("data-engine") for c in choices]
    assert engines == server.call("initialize", {})["capabilities"]["experimental"]["engines"]
    if len(engines) > 1:
        target = next(e for e in engines if e != a["engine"])
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, f"#engine-choices [data-engine='{target}']").get_attribute("aria-checked") == "false",
             "the other engine offered")
        browser.find_element(By.CSS_SELECTOR, f"#engine-choices [data-engine='{target}']").click()
        wait(browser, lambda d: server.call("fonsters/get", {"id": a["id"]})["engine"] == target, "the engine switch")
        wait(browser, lambda d: d.find_element(By.ID, "engine-name").text == target, "the engine line")

    for old in downloads.glob("*.svg"):
        old.unlink()
    browser.find_element(By.CSS_SELECTOR, "[data-export=svg]").click()
    name = server.call("creature/render", {"id": a["id"], "format": "svg", "size": 32})["fileName"]
    svg = downloaded(browser, downloads, name, f"the SVG download {name}")
    assert svg.read_text().lstrip().startswith("<"), "an SVG document"


def test_two_windows_see_each_others_edits(server, downloads):
    clear_library(server)
    fonster = server.call("fonsters/create", {"name": "Shared", "seed": "two tabs"})
    first = make_driver(downloads)
    second = make_driver(downloads)
    try:
        for driver in (first, second):
            open_page(driver, server)
            open_fonster(driver, fonster["id"])
        name = first.find_element(By.ID, "name")
        name.clear()
        name.send_keys("Renamed in one", Keys.ENTER)
        wait(second, lambda d: d.find_element(By.ID, f"row-{fonster['id']}").text.startswith("Renamed in one"), "the other window's list")
        wait(second, lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Renamed in one", "the other window's detail")
        seed = second.find_element(By.ID, "seed")
        seed.clear()
        seed.send_keys("edited in two", Keys.ENTER)
        expected = server.call("creature/render", {"seed": "edited in two", "size": 512})
        wait(first, lambda d: d.find_element(By.ID, "creature").get_attribute("src") == expected["dataUri"], "the first window's picture")
        assert first.find_element(By.ID, "seed").get_attribute("value") == "edited in two"
        server.call("fonsters/create", {"name": "Made elsewhere", "seed": "x"})
        wait(first, lambda d: "Made elsewhere" in d.find_element(By.ID, "list").text, "a new Fonster appears")
        shot(first, "05-two-windows")
    finally:
        first.quit()
        second.quit()


def test_two_tabs_of_one_browser_stay_in_sync(server, browser):
    clear_library(server)
    fonster = server.call("fonsters/create", {"name": "Tabbed", "seed": "tab one"})
    open_page(browser, server)
    open_fonster(browser, fonster["id"])
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_page(browser, server)
    open_fonster(browser, fonster["id"])
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Renamed in tab two", Keys.ENTER)
    wait(browser, lambda d: server.call("fonsters/get", {"id": fonster["id"]})["name"] == "Renamed in tab two", "the rename")
    browser.switch_to.window(first)
    wait(browser, lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Renamed in tab two", "tab one's detail")
    wait(browser, lambda d: d.find_element(By.ID, f"row-{fonster['id']}").text.startswith("Renamed in tab two"), "tab one's list")
    browser.find_element(By.ID, "add").click()
    added = wait(browser, lambda d: next((f for f in server.fonsters() if f["id"] != fonster["id"]), None), "the Fonster added in tab one")
    second = next(h for h in browser.window_handles if h != first)
    browser.switch_to.window(second)
    wait(browser, lambda d: d.find_elements(By.ID, f"row-{added['id']}"), "tab two lists it")
    browser.close()
    browser.switch_to.window(first)


def test_keyboard_only_create_rename_delete_undo(server, browser):
    clear_library(server)
    server.call("fonsters/create", {"name": "Stays", "seed": "stays"})
    open_page(browser, server)
    keys = ActionChains(browser)

    def tab_to(element_id, limit=40):
        for _ in range(limit):
            if browser.switch_to.active_element.get_attribute("id") == element_id:
                return
            ActionChains(browser).send_keys(Keys.TAB).perform()
        raise AssertionError(f"Tab never reached #{element_id}")

    tab_to("add")
    visible_focus = js(browser, "return getComputedStyle(document.activeElement).outlineStyle")
    assert visible_focus != "none", "focus is visible"
    keys.send_keys(Keys.ENTER).perform()
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("id") == "name", "the new Fonster's name field")
    ActionChains(browser).send_keys("Keyboard Kid", Keys.ENTER).perform()
    kid = wait(browser, lambda d: next((f for f in server.fonsters() if f["name"] == "Keyboard Kid"), None), "the rename")
    tab_to("list")
    wait(browser, lambda d: d.find_element(By.ID, f"row-{kid['id']}").get_attribute("aria-selected") == "true", "the new row selected")
    ActionChains(browser).send_keys(Keys.DELETE).perform()
    wait(browser, lambda d: all(f["id"] != kid["id"] for f in server.fonsters()), "the delete")
    wait(browser, lambda d: "Deleted “Keyboard Kid”" in d.find_element(By.ID, "toast-text").text, "the delete is announced with Undo")
    assert browser.switch_to.active_element.get_attribute("id") == "list", "focus stays in the list"
    shot(browser, "06-keyboard-deleted")
    ctrl(browser, "z")
    back = wait(browser, lambda d: next((f for f in server.fonsters() if f["id"] == kid["id"]), None), "the undo of the delete")
    assert (back["name"], back["position"]) == ("Keyboard Kid", kid["position"])
    wait(browser, lambda d: d.find_element(By.ID, "detail-title").text == "Keyboard Kid", "the restored Fonster shown")
    # Alt+Up moves it in the list.
    ActionChains(browser).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    wait(browser, lambda d: server.call("fonsters/get", {"id": kid["id"]})["position"] == 0, "Alt+Up moves it first")


def test_clock_creature_changes_every_second(server, browser):
    open_page(browser, server)
    browser.find_element(By.ID, "open-clock").click()
    first = wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value"), "the clock seed")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)", first), first
    later = wait(browser, lambda d: (v := d.find_element(By.ID, "seed").get_attribute("value")) != first and v, "the next second")
    expected = server.call("creature/render", {"seed": later, "size": 512})
    wait(browser, lambda d: d.find_element(By.ID, "creature").get_attribute("src") == expected["dataUri"], "the clock picture")


def test_large_library_is_virtualised(server, browser):
    clear_library(server)
    count = 1500
    batch = [{"jsonrpc": "2.0", "id": 10000 + i, "method": "fonsters/create", "params": {"name": f"Many {i:04d}", "seed": f"many {i}"}}
             for i in range(count)]
    for start in range(0, count, 500):
        server.ws.send(json.dumps(batch[start:start + 500]))
        while True:
            reply = json.loads(server.ws.recv(timeout=BACKSTOP))
            if isinstance(reply, list):
                assert all("result" in r for r in reply)
                break
    started = time.perf_counter()
    open_page(browser, server)
    wait(browser, lambda d: d.find_element(By.ID, "library-count").text == "(1,500)", "the count")
    visible_thumbs = ("const imgs = [...document.querySelectorAll('#list .row img')].filter((i) => i.getBoundingClientRect().top < innerHeight);"
                      "return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth === 64)")
    wait(browser, lambda d: js(d, visible_thumbs), "thumbnails of the first rows")
    print(f"figure: page ready with {count} Fonsters, first list paint with thumbnails: "
          f"{(time.perf_counter() - started) * 1000:.0f} ms (Selenium round trips included)")
    rows = js(browser, "return document.querySelectorAll('#list .row').length")
    assert rows < 60, f"only the rows in view are in the DOM ({rows})"
    requested = js(browser, "return window.fonstersPage.thumbnails.requests")
    assert requested < 60, f"thumbnails only for rows in view ({requested})"
    js(browser, "const l = document.getElementById('list'); l.scrollTop = l.scrollHeight;")
    wait(browser, lambda d: "Many 1499" in d.find_element(By.ID, "list").text, "the last rows after scrolling")
    wait(browser, lambda d: js(d, visible_thumbs), "thumbnails of the rows in view")
    shot(browser, "07-large-library")
    clear_library(server)


def test_narrow_window_dark_theme_and_lost_connection(fonsters_bin, downloads):
    own = WebServer(fonsters_bin)
    try:
        fonster = own.call("fonsters/create", {"name": "Night owl", "seed": "a dark creature 3 clouds sun"})
        driver = make_driver(downloads, width=360, height=800, dark=True)
        try:
            open_page(driver, own)
            open_fonster(driver, fonster["id"])
            assert js(driver, "return document.documentElement.scrollWidth") <= 360, "no sideways scrolling at 360 px"
            background = js(driver, "return getComputedStyle(document.body).backgroundColor")
            assert background == "rgb(15, 17, 21)", f"dark theme: {background}"
            shot(driver, "08-narrow-dark")
            own.stop()
            banner = wait(driver, lambda d: d.find_element(By.ID, "banner") if d.find_element(By.ID, "banner").is_displayed() else None, "the banner")
            assert banner.get_attribute("role") == "alert"
            assert "Lost the connection" in banner.text and "reconnecting" in banner.text.lower(), banner.text
            shot(driver, "09-connection-lost")
        finally:
            driver.quit()
    finally:
        if own.process.poll() is None:
            own.stop()


def status_text(driver):
    return driver.find_element(By.ID, "status").text


def test_nothing_to_play_goes_once_a_seed_is_typed(server, browser):
    clear_library(server)
    blank = server.call("fonsters/create", {"name": "Blank", "seed": "   ", "engine": "fonsters-v1"})
    assert server.call("creature/frames", {"id": blank["id"], "size": 32, "count": 1})["total"] == 0
    open_page(browser, server)
    open_fonster(browser, blank["id"])
    browser.find_element(By.ID, "play").click()
    wait(browser, lambda d: "Nothing to play" in status_text(d), "the note that there is nothing to play")
    seed = browser.find_element(By.ID, "seed")
    seed.send_keys("a seed at last")
    expected = server.call("creature/render", {"seed": "   a seed at last", "engine": "fonsters-v1", "size": 512})
    wait(browser, lambda d: d.find_element(By.ID, "creature").get_attribute("src") == expected["dataUri"], "the typed seed's preview")
    assert "Nothing to play" not in status_text(browser), "the note is about the old seed"


def test_play_needs_a_seed_and_stop_is_offered_only_while_playing(server, browser):
    clear_library(server)
    empty = server.call("fonsters/create", {"name": "Empty", "seed": "", "engine": "fonsters-v1"})
    open_page(browser, server)
    open_fonster(browser, empty["id"])
    play, stop = browser.find_element(By.ID, "play"), browser.find_element(By.ID, "stop")
    assert not play.is_enabled(), "nothing to play with an empty seed"
    assert not stop.is_enabled(), "nothing to stop"
    seed = browser.find_element(By.ID, "seed")
    seed.send_keys("Bobcat", Keys.ENTER)
    wait(browser, lambda d: server.call("fonsters/get", {"id": empty["id"]})["seed"] == "Bobcat", "the kept seed")
    wait(browser, lambda d: d.find_element(By.ID, "play").is_enabled(), "Play once the seed is kept")
    assert not stop.is_enabled()
    play.click()
    wait(browser, lambda d: js(d, "return document.getElementById('creature').dataset.frame"), "playing")
    assert stop.is_enabled(), "Stop while playing"
    play.click()  # Pause
    assert stop.is_enabled(), "Stop while paused"
    stop.click()
    wait(browser, lambda d: not d.find_element(By.ID, "stop").is_enabled(), "Stop done: nothing to stop")
    assert play.text == "Play"


def test_refresh_sits_with_load_random_which_it_repeats(server, browser):
    clear_library(server)
    fonster = server.call("fonsters/create", {"name": "Random", "seed": "x", "engine": "fonsters-v1"})
    open_page(browser, server)
    open_fonster(browser, fonster["id"])
    groups = js(browser, "const r = document.getElementById('refresh'); return r.closest('[role=group]').getAttribute('aria-label')")
    assert groups == "Load random", f"Refresh replaces the whole seed, so it goes with Load random, not in {groups!r}"
    assert "replace" in browser.find_element(By.ID, "refresh").get_attribute("title").lower()


def test_the_clock_hint_promises_no_undo(server, browser):
    open_page(browser, server)
    browser.find_element(By.ID, "open-clock").click()
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value"), "the clock seed")
    hint = browser.find_element(By.ID, "seed-hint").text
    assert hint and "undo" not in hint.lower(), hint


def test_engine_choices_follow_the_typed_seed(server, browser):
    engines = server.call("initialize", {})["capabilities"]["experimental"]["engines"]
    if len(engines) < 2:
        pytest.skip(f"this server draws with one engine only ({engines})")
    clear_library(server)
    fonster = server.call("fonsters/create", {"name": "Chooser", "seed": "before", "engine": engines[0]})
    open_page(browser, server)
    open_fonster(browser, fonster["id"])
    choice_srcs = "return [...document.querySelectorAll('#engine-choices .engine-choice img')].map((i) => i.src)"
    old = [server.call("creature/render", {"seed": "before", "engine": e, "size": 128})["dataUri"] for e in engines]
    wait(browser, lambda d: js(d, choice_srcs) == old, "each engine's picture of the kept seed")
    browser.find_element(By.ID, "seed").send_keys(" and after")
    typed = [server.call("creature/render", {"seed": "before and after", "engine": e, "size": 128})["dataUri"] for e in engines]
    wait(browser, lambda d: js(d, choice_srcs) == typed, "each engine's picture of the typed seed, before Enter")
    assert server.call("fonsters/get", {"id": fonster["id"]})["seed"] == "before", "typing keeps nothing"
    browser.find_element(By.ID, "seed").send_keys(Keys.ESCAPE)
    wait(browser, lambda d: js(d, choice_srcs) == old, "Escape: the kept seed's pictures again")


def test_import_review_rows_do_not_scroll_sideways(server, downloads):
    clear_library(server)
    server.call("fonsters/create", {"name": "Grace", "seed": "grace", "engine": "fonsters-v1"})
    long_seed = "a seed with a rather long name that goes on " * 4
    link = server.call("share/build", {"seeds": ["hello", long_seed, "x" * 120]})["url"]
    for width, height in ((1280, 900), (360, 740)):
        driver = make_driver(downloads, width=width, height=height)
        try:
            open_page(driver, server)
            driver.find_element(By.ID, "open-import-link").click()
            field = wait(driver, lambda d: d.find_element(By.ID, "import-url") if d.find_element(By.ID, "import-url").is_displayed() else None, "the dialog")
            field.send_keys(link)
            # Drawn by fonsters-v1, where "hello" looks like Grace (the library's default is fonsters-v2).
            js(driver, "const s = document.getElementById('import-engine'); s.value = 'fonsters-v1'; s.dispatchEvent(new Event('change'));")
            driver.find_element(By.ID, "import-preview").click()
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 3, "the review")
            wait(driver, lambda d: "looks exactly like" in d.find_element(By.ID, "import-list").text.lower(), "the look-alike note")
            wide = js(driver, "const l = document.getElementById('import-list');"
                              "return [l, ...l.querySelectorAll('li, label')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.outerHTML.slice(0, 60))")
            assert wide == [], f"at {width} px these scroll sideways: {wide}"
            shot(driver, f"13-import-review-{width}")
        finally:
            driver.quit()


def in_view(driver, element_id):
    """Whether the element's box lies inside the viewport (it is on screen without scrolling)."""
    return js(driver, "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                      "return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth", element_id)


def test_a_phone_shows_the_list_then_the_picture_in_view(server, downloads):
    clear_library(server)
    made = [server.call("fonsters/create", {"name": f"Pocket {i}", "seed": f"pocket {i}", "engine": "fonsters-v1"}) for i in range(8)]
    driver = make_driver(downloads, width=360, height=740)
    try:
        open_page(driver, server)
        wide = "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        wait(driver, lambda d: d.find_elements(By.ID, f"row-{made[2]['id']}"), "the list")
        assert js(driver, wide), "no sideways scroll on the list"
        assert in_view(driver, "list"), "the list is what a phone shows first"
        shot(driver, "14-phone-list")
        driver.find_element(By.ID, f"row-{made[2]['id']}").click()
        wait(driver, lambda d: js(d, "const c = window.fonstersPage.current; return !!c && c.id === arguments[0] && "
                                     "document.getElementById('detail-root').getAttribute('aria-busy') === 'false'", made[2]["id"]), "the detail")
        wait(driver, lambda d: in_view(d, "creature"), "the picture in view")
        assert not js(driver, "const l = document.getElementById('list'); return l.getBoundingClientRect().height > 0 && "
                              "l.getBoundingClientRect().bottom > 0 && getComputedStyle(l.closest('.sidebar')).display !== 'none'"), "one at a time: the list is gone"
        assert js(driver, wide), "no sideways scroll on the detail"
        seed_top = js(driver, "return document.getElementById('seed').getBoundingClientRect().top")
        creature_top = js(driver, "return document.getElementById('creature').getBoundingClientRect().top")
        assert seed_top > creature_top, "the controls are below the picture"
        shot(driver, "15-phone-detail")
        # Back to the list: the button, or Escape from the keyboard.
        driver.find_element(By.ID, "back-to-list").click()
        wait(driver, lambda d: in_view(d, "list"), "the list again")
        row = driver.find_element(By.ID, f"row-{made[2]['id']}")
        assert row.get_attribute("aria-selected") == "true", "the Fonster just seen stays selected"
        # The keyboard model stays: arrows move through the list, Enter opens.
        assert js(driver, "return document.activeElement.id") == "list", "back in the list, with the keyboard"
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        wait(driver, lambda d: d.find_element(By.ID, f"row-{made[3]['id']}").get_attribute("aria-selected") == "true", "↓ selects the next")
        assert in_view(driver, "list"), "arrows stay in the list"
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait(driver, lambda d: in_view(d, "creature") and window_current(d) == made[3]["id"], "Enter opens it")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(driver, lambda d: in_view(d, "list"), "Escape goes back to the list")
    finally:
        driver.quit()


def window_current(driver):
    return js(driver, "const c = window.fonstersPage.current; return c && c.id")


def test_a_share_link_opened_on_the_page_shows_the_review(server, downloads):
    clear_library(server)
    link = server.call("share/build", {"seeds": ["linked one", "linked two"]})["url"]
    cards = link.split("cards=", 1)[1]
    # A fresh browser with the address the server printed plus the cards in the fragment (which
    # never reaches the server and survives its redirect): the token becomes a cookie and the
    # cards stay. Then, with the cookie, the link as ?cards= and as #cards=.
    driver = make_driver(downloads)
    try:
        for address in (f"{server.url}#cards={cards}", f"{server.origin}/?cards={cards}", f"{server.origin}/#cards={cards}"):
            driver.get(address)
            wait(driver, lambda d: js(d, "return document.getElementById('import-dialog').open") and
                 len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 2, f"the review of {address[:60]}…")
            names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#import-list .import-name")]
            assert names == ["linked one", "linked two"], names
            assert "cards=" not in driver.current_url, "the link leaves the address once read"
            driver.find_element(By.ID, "import-cancel").click()
        driver.get(f"{server.origin}/?cards=not-base64!")  # and a damaged one says what is wrong
        error = wait(driver, lambda d: d.find_element(By.ID, "import-error") if d.find_element(By.ID, "import-error").is_displayed() else None, "the error")
        assert "cards" in error.text
    finally:
        driver.quit()


def test_the_default_engine_is_shown_changed_and_followed_by_a_second_tab(server, browser):
    clear_library(server)
    server.call("library/settings", {"defaultEngine": "fonsters-v2"})
    open_page(browser, server)
    select = wait(browser, lambda d: d.find_element(By.ID, "default-engine"), "the default engine's choice")
    wait(browser, lambda d: select.get_attribute("value") == "fonsters-v2", "the library's default engine shown")
    why = browser.find_element(By.ID, "default-engine-why").text
    assert "10 distinct pictures" in why and "16,575" in why, why
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_page(browser, server)
    wait(browser, lambda d: d.find_element(By.ID, "default-engine").get_attribute("value") == "fonsters-v2", "tab two's engine")
    browser.switch_to.window(first)
    Select(browser.find_element(By.ID, "default-engine")).select_by_value("fonsters-v1")
    wait(browser, lambda d: server.call("library/settings")["defaultEngine"] == "fonsters-v1", "the library's setting changed")
    second = next(h for h in browser.window_handles if h != first)
    browser.switch_to.window(second)
    wait(browser, lambda d: d.find_element(By.ID, "default-engine").get_attribute("value") == "fonsters-v1", "tab two follows the setting")
    # A Fonster added in tab two is drawn by the library's engine.
    browser.find_element(By.ID, "add").click()
    added = wait(browser, lambda d: next(iter(server.fonsters()), None), "the added Fonster")
    assert added["engine"] == "fonsters-v1"
    browser.close()
    browser.switch_to.window(first)
    server.call("library/settings", {"defaultEngine": "fonsters-v2"})
    wait(browser, lambda d: d.find_element(By.ID, "default-engine").get_attribute("value") == "fonsters-v2", "a change made elsewhere")


def test_typing_a_look_alike_warns_before_enter_and_offers_v2_and_a_variant(server, browser):
    clear_library(server)
    server.call("fonsters/create", {"name": "Hello", "seed": "hello", "engine": "fonsters-v1"})
    open_one = server.call("fonsters/create", {"name": "Typist", "seed": "a seed of its own", "engine": "fonsters-v1"})
    open_page(browser, server)
    open_fonster(browser, open_one["id"])
    seed = browser.find_element(By.ID, "seed")
    seed.click()
    seed.send_keys(Keys.CONTROL, "a")
    seed.send_keys("grace")  # no Enter
    warning = wait(browser, lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, "#lookalikes.warn")
                                            if e.is_displayed() and "“Hello”" in e.text), None), "the look-alike warning while typing")
    assert warning.text.count("“Hello”") == 1, warning.text
    assert "“Typist”" not in warning.text, "the open Fonster is not its own look-alike"
    assert server.call("fonsters/get", {"id": open_one["id"]})["seed"] == "a seed of its own", "nothing was kept"
    assert float(js(browser, "return parseFloat(getComputedStyle(arguments[0]).fontWeight)", warning)) >= 600, "prominent"
    variant = browser.find_element(By.ID, "lookalikes-variant")
    assert variant.is_displayed()
    draw = wait(browser, lambda d: next((b for b in d.find_elements(By.ID, "lookalikes-engine") if b.is_displayed()), None), "Draw it with fonsters-v2")
    assert draw.text == "Draw it with fonsters-v2"
    shot(browser, "12-lookalike-while-typing")
    # Find a distinct variant lists, at once, variants of the typed seed that look like no other Fonster.
    variant.click()
    items = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variants-grid li") if js(d, "return document.getElementById('variants-dialog').open")
                 and js(d, "return document.getElementById('variants-grid').getAttribute('aria-busy')") == "false" else None, "the variants")
    assert len(items) >= 1
    for item in items:
        text = item.find_element(By.CSS_SELECTOR, ".variant-seed").text
        assert text.startswith("grace") and text != "grace" and all(c.isascii() for c in text), f"letters or digits added: {text!r}"
        found = server.call("fonsters/lookalikesOf", {"seed": text, "engine": "fonsters-v1", "except": open_one["id"]})
        assert found["sameCount"] == 0 and found["nearlyCount"] == 0, f"{text!r} looks like no other Fonster"
        assert item.find_element(By.TAG_NAME, "img").size["width"] >= 96, "big enough to compare"
    shot(browser, "12b-distinct-variants")
    browser.find_element(By.ID, "variants-close").click()
    wait(browser, lambda d: not js(d, "return document.getElementById('variants-dialog').open"), "the variants closed")
    # Draw it with fonsters-v2 keeps the typed seed, drawn by fonsters-v2.
    browser.find_element(By.ID, "lookalikes-engine").click()
    wait(browser, lambda d: (lambda f: (f["seed"], f["engine"]) == ("grace", "fonsters-v2"))(server.call("fonsters/get", {"id": open_one["id"]})),
         "the seed kept with fonsters-v2")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#lookalikes.warn"), "no look-alike any more")


def test_undo_of_a_delete_restores_the_same_fonster_with_its_history(server, browser):
    clear_library(server)
    server.call("fonsters/create", {"name": "First", "seed": "first"})
    kept = server.call("fonsters/create", {"name": "Kept", "seed": "one"})
    server.call("fonsters/update", {"id": kept["id"], "seed": "two"})
    server.call("fonsters/create", {"name": "Last", "seed": "last"})
    open_page(browser, server)
    open_fonster(browser, kept["id"])
    browser.find_element(By.ID, "delete").click()
    wait(browser, lambda d: all(f["id"] != kept["id"] for f in server.fonsters()), "the delete")
    button = wait(browser, lambda d: next((b for b in d.find_elements(By.ID, "toast-action") if b.is_displayed()), None), "the toast's Undo")
    button.click()
    back = wait(browser, lambda d: next((f for f in server.fonsters() if f["id"] == kept["id"]), None), "the restore")
    assert (back["name"], back["seed"], back["createdAt"], back["position"], back["canUndo"]) == ("Kept", "two", kept["createdAt"], 1, True)
    assert server.call("fonsters/undo", {"id": kept["id"]})["seed"] == "one", "its seed history came back"
    assert all(f["id"] != kept["id"] for f in server.call("fonsters/trash")["fonsters"]), "restored, not re-created"
