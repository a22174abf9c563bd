"""The web page's pictures in docs/ are what scripts/screenshots.sh draws now (so the README shows the page as it is), as the
contact sheet is what scripts/contact-sheet.sh draws.

What is compared, and why not pixels: a browser's screenshot depends on more than this project —
the machine's fonts, Chromium's version (Debian updates it often) and its text anti-aliasing — so
an exact pixel check would fail on a browser update with nothing of ours changed, and one with a
tolerance would let a real change through or flake near its threshold. Instead the script records,
beside each picture, facts of what the page showed that depend on this project alone (the pane,
the page's colours, the rows in view in order with their thumbnails' hashes, the title, the
creature's PNG hash and whether it is wholly in view, the scene's sun and clouds, sideways
scrolling) and the picture's SHA-256. This test draws everything again into a temporary folder and
requires the same facts; and it requires each committed picture to decode (Pillow) at its recorded
size with its recorded hash, so picture and facts come from one run of the script. Nothing in it
depends on time: the script waits for the page to settle and the scene stands still."""
import hashlib
import json
import pathlib
import subprocess
import sys

from PIL import Image, ImageStat
from conftest import BACKSTOP

ROOT = pathlib.Path(__file__).resolve().parents[2]
STALE = "docs/ is stale against the page: run scripts/screenshots.sh and commit docs/"


def without_hashes_of_pictures(record):
    return [{k: v for k, v in picture.items() if k != "sha256"} for picture in record["pictures"]]


def luminance(path):
    return ImageStat.Stat(Image.open(path).convert("L")).mean[0]


def test_the_committed_pictures_are_what_the_script_draws_now(fonsters_bin, tmp_path):
    drawn = subprocess.run([sys.executable, str(ROOT / "scripts/screenshots.py"), "--bin", fonsters_bin, "--out", str(tmp_path)],
                           capture_output=True, text=True, timeout=BACKSTOP)
    assert drawn.returncode == 0, drawn.stdout + drawn.stderr
    now = json.loads((tmp_path / "screenshots.json").read_text())
    committed = json.loads((ROOT / "docs/screenshots.json").read_text())
    assert [p["file"] for p in now["pictures"]] == ["web-shell.png", "web-shell-dark.png", "web-shell-phone.png", "web-share.png", "web-trash.png"]
    assert without_hashes_of_pictures(now) == without_hashes_of_pictures(committed), STALE

    for picture in committed["pictures"]:
        path = ROOT / "docs" / picture["file"]
        data = path.read_bytes()
        assert hashlib.sha256(data).hexdigest() == picture["sha256"], f"{picture['file']} is not the picture of docs/screenshots.json; {STALE}"
        image = Image.open(path)
        image.load()  # decodes every pixel
        assert image.format == "PNG" and image.size == (picture["width"], picture["height"])
    for picture in now["pictures"]:
        assert Image.open(tmp_path / picture["file"]).size == (picture["width"], picture["height"])

    # What the pictures must show, read from the facts drawn now.
    light, dark, phone, share, trash = (p["page"] for p in now["pictures"])
    assert share["dialog"]["id"] == "share-dialog" and share["dialog"]["title"] == "Share 3 Fonsters" and share["dialog"]["picked"] == 3
    assert trash["dialog"]["id"] == "trash-dialog" and trash["dialog"]["names"] == ["Old Friend", "Scribble"], "newest deletion first"
    for page in (light, dark, phone):
        assert page["dialog"] is None
    for page in (light, dark, phone, share, trash):
        assert page["title"] == "Cumulus" and page["connection"] == "Connected"
        assert page["creature"]["natural"] == [512, 512] and page["creature"]["wholeInView"]
        assert page["scene"]["sun"] == 1 and page["scene"]["clouds"] == 3, "“3 clouds” shows the sun and three clouds"
        assert not page["sidewaysScroll"]
    assert [r["name"] for r in light["rows"]] == ["Cumulus", "Pixel Bob", "Drifter", "Bob", "Quill", "Ember", "Pebble"]
    assert [r["selected"] for r in light["rows"]] == [True] + [False] * 6
    assert light["rows"] == dark["rows"] and light["creature"] == dark["creature"], "the same library in both themes"
    assert light["colors"] != dark["colors"]
    assert phone["pane"] == "detail" and not phone["listShown"], "a phone shows the detail alone"
    for folder in (ROOT / "docs", tmp_path):
        assert luminance(folder / "web-shell-dark.png") + 60 < luminance(folder / "web-shell.png"), "the dark picture is dark"
