#!/usr/bin/env python3
"""Draws the pictures of the web page in docs/: the page in light and dark at 1280 × 860, and on a
phone at 360 × 740, each with the same small library and its first Fonster open; then sharing
(three Fonsters picked, the share dialog open) and the trash (two deleted Fonsters), in headless
Chromium against `fonsters-rpc web --memory --no-starter`.

    scripts/screenshots.sh [FOLDER]     (the wrapper: installs what is missing, builds, runs this)
    .build/venv/bin/python scripts/screenshots.py --bin .build/debug/fonsters-rpc --out docs

Writes web-shell.png, web-shell-dark.png, web-shell-phone.png, web-share.png and web-trash.png,
and screenshots.json: for each
picture its size, colour scheme, SHA-256, and what the page showed — facts read from the page
that do not depend on how the machine's fonts or Chromium's version draw text: which pane, the
colours of the page, the rows in view in order (names, the selected one, their thumbnails'
SHA-256), the title, the creature's picture (SHA-256 of the server's PNG, its size, whether it
is wholly in view), the scene's sun and clouds, sideways scrolling. Tests/e2e/test_screenshots.py
draws them again and compares those facts, not pixels (see there why).

Each picture is taken once the page has settled, waited for, never slept for: the connection
open, every request answered (the library's look-alikes among them), every image decoded and the
fonts loaded. The scene stands still (prefers-reduced-motion: the sun at a quarter of its path,
the clouds at fixed places), so nothing depends on the moment the picture is taken.
"""
import argparse
import hashlib
import json
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))

# The library in the pictures, each Fonster naming its engine (the server's default may change).
LIBRARY = [
    ("Cumulus", "3 clouds", "fonsters-v1"),
    ("Pixel Bob", "Pixel Bob", "fonsters-v1"),
    ("Drifter", "cloud", "fonsters-v1"),
    ("Bob", "Bob ", "fonsters-v1"),
    ("Quill", "The quick brown fox", "fonsters-v2"),
    ("Ember", "Ember 26403", "fonsters-v2"),
    ("Pebble", "Pebble 29475", "fonsters-v1"),
]
# Fonsters made and deleted, so the trash has something to show.
TRASHED = [
    ("Scribble", "scribble", "fonsters-v2"),
    ("Old Friend", "old friend", "fonsters-v1"),
]

# The pictures: file, width, height, colour scheme, and what is open over the page.
SHOTS = [
    ("web-shell.png", 1280, 860, "light", None),
    ("web-shell-dark.png", 1280, 860, "dark", None),
    ("web-shell-phone.png", 360, 740, "light", None),
    ("web-share.png", 1280, 860, "light", "share"),
    ("web-trash.png", 1280, 860, "light", "trash"),
]

# What an open dialog shows: its title, the names it lists, the share link's length.
DIALOG_FACTS = """
const dialog = document.querySelector('dialog[open]');
if (!dialog) return null;
return { id: dialog.id, title: dialog.querySelector('h2').textContent,
         names: [...dialog.querySelectorAll('.trash-name')].map((e) => e.textContent),
         link: (dialog.querySelector('#share-dialog-url') || {}).value ? dialog.querySelector('#share-dialog-url').value.length : null,
         picked: window.fonstersPage.selection.ids.length };
"""

# Runs before the page's scripts: counts the JSON-RPC requests the page has sent and not yet had
# answered, and notes the methods answered, so the picture waits for the page to settle.
TRACK_REQUESTS = """
(() => {
  const Native = window.WebSocket;
  window.__waiting = new Map();
  window.__answered = new Set();
  window.WebSocket = class extends Native {
    send(text) {
      for (const m of [].concat(JSON.parse(text))) if (m && m.id !== undefined && m.method) window.__waiting.set(m.id, m.method);
      super.send(text);
    }
    set onmessage(fn) {
      super.onmessage = (event) => {
        for (const m of [].concat(JSON.parse(event.data))) {
          if (m && m.id !== undefined && !m.method && window.__waiting.has(m.id)) {
            window.__answered.add(window.__waiting.get(m.id));
            window.__waiting.delete(m.id);
          }
        }
        fn.call(this, event);
      };
    }
    get onmessage() { return super.onmessage; }
  };
})();
"""

# What the page shows, read from the page (see the module's docstring).
FACTS = """
const inView = (el) => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight; };
const style = (selector, property) => { const el = document.querySelector(selector); return el ? getComputedStyle(el)[property] : null; };
const rows = [...document.querySelectorAll('#list .row')].filter(shown)
  .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
  .map((row) => ({ name: row.querySelector('.row-name').textContent, sub: row.querySelector('.row-sub').textContent,
                   selected: row.getAttribute('aria-selected') === 'true', thumbnail: row.querySelector('img').src }));
const creature = document.getElementById('creature');
return {
  pane: document.body.dataset.pane,
  colors: { page: style('body', 'backgroundColor'), text: style('body', 'color'), sidebar: style('.sidebar', 'backgroundColor'),
            topbar: style('.topbar', 'backgroundColor'), primary: style('#add', 'backgroundColor') },
  connection: document.getElementById('connection').textContent,
  listShown: shown(document.getElementById('list')),
  rows,
  title: document.getElementById('detail-title').textContent,
  creature: creature ? { src: creature.src, natural: [creature.naturalWidth, creature.naturalHeight], wholeInView: inView(creature) } : null,
  scene: { sky: style('#scene', 'backgroundImage'), sun: document.querySelectorAll('.scene-sun').length,
           clouds: document.querySelectorAll('.scene-cloud').length },
  sidewaysScroll: document.documentElement.scrollWidth > document.documentElement.clientWidth,
};
"""


def digest(data):
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def settle(driver, gui):
    """Waits until the page has settled: connected, every request answered (the look-alikes
    among them), every image decoded, the fonts loaded, the detail and its scene drawn."""
    gui.wait(driver, lambda d: gui.js(d, """
        const busy = document.getElementById('detail-root').getAttribute('aria-busy');
        return document.getElementById('connection').dataset.state === 'open' && busy === 'false'
          && window.__answered.has('fonsters/lookalikes') && window.__waiting.size === 0
          && [...document.images].every((i) => i.complete && (!i.getAttribute('src') || i.naturalWidth > 0))
          && document.fonts.status === 'loaded'
          && [...document.querySelectorAll('.scene-sun, .scene-cloud')].every((e) => e.getBoundingClientRect().width > 0)"""),
               "the page to settle")


def open_view(driver, gui, view):
    """Opens what the picture shows over the page: the share dialog of the first three rows, or the trash."""
    if view == "share":
        driver.find_element(gui.By.ID, "pick-start").click()
        for row in gui.wait(driver, lambda d: d.find_elements(gui.By.CSS_SELECTOR, "#list .row[data-id]"), "the rows")[:3]:
            row.click()
        driver.find_element(gui.By.ID, "pick-share").click()
        gui.wait(driver, lambda d: gui.js(d, "return document.getElementById('share-dialog').open && !!document.getElementById('share-dialog-url').value"),
                 "the share dialog")
    elif view == "trash":
        driver.find_element(gui.By.ID, "open-trash").click()
        gui.wait(driver, lambda d: len(d.find_elements(gui.By.CSS_SELECTOR, "#trash-list li")) == len(TRASHED), "the trash")


def draw(driver, gui, url, name, width, height, scheme, out, view=None):
    """Opens the page, shows the first Fonster (and `view` over it), waits for it to settle; saves the picture and returns its facts."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRACK_REQUESTS})
    driver.get(url)
    first = gui.wait(driver, lambda d: d.find_elements(gui.By.CSS_SELECTOR, "#list .row[data-id]"), "the list")[0]
    if gui.js(driver, "return document.body.dataset.pane") == "list":  # a phone shows the list first: open the Fonster
        first.click()
        gui.wait(driver, lambda d: gui.js(d, "return document.body.dataset.pane") == "detail", "the detail")
    gui.wait(driver, lambda d: gui.js(d, "return !!window.fonstersPage.current"), "the first Fonster")
    settle(driver, gui)
    if view:
        open_view(driver, gui, view)
        settle(driver, gui)
    facts = gui.js(driver, FACTS)
    facts["dialog"] = gui.js(driver, DIALOG_FACTS)
    for row in facts["rows"]:
        row["thumbnail"] = digest(row["thumbnail"])
    if facts["creature"]:
        facts["creature"]["src"] = digest(facts["creature"]["src"])
    path = out / name
    driver.save_screenshot(str(path))
    return facts, path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / ".build/debug/fonsters-rpc"))
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import test_web_gui as gui  # the suite's Chromium set-up and its web server with a client of its own
    from PIL import Image

    server = gui.WebServer(args.bin)
    pictures = []
    try:
        for name, seed, engine in TRASHED:
            made = server.call("fonsters/create", {"name": name, "seed": seed, "engine": engine})
            server.call("fonsters/delete", {"id": made["id"]})
        for name, seed, engine in LIBRARY:
            server.call("fonsters/create", {"name": name, "seed": seed, "engine": engine})
        with tempfile.TemporaryDirectory(prefix="fonsters-screenshots-") as downloads:
            for name, width, height, scheme, view in SHOTS:
                driver = gui.make_driver(pathlib.Path(downloads), width=width, height=height)
                try:
                    facts, path = draw(driver, gui, server.url, name, width, height, scheme, out, view)
                finally:
                    driver.quit()
                size = Image.open(path).size
                if size != (width, height):
                    sys.exit(f"{name}: Chromium drew {size[0]} × {size[1]}, not {width} × {height}")
                pictures.append({"file": name, "width": width, "height": height, "scheme": scheme,
                                 "sha256": digest(path.read_bytes()), "page": facts})
                print(f"screenshots: wrote {path} ({width} × {height}, {scheme})")
    finally:
        server.stop()
    (out / "screenshots.json").write_text(json.dumps({"pictures": pictures}, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"screenshots: wrote {out / 'screenshots.json'}")


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"screenshots: done in {time.monotonic() - started:.1f} s")
