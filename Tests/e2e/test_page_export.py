"""Exports as a person wants them, in a real headless Chromium against a real `fonsters-rpc web`:
the size and background chosen (a colour, transparent), the still and the animated GIF under
distinct names, the image copied to the clipboard, and the Embed snippets (the `fonsters-rpc render`
command, which run gives the same picture, and an `<img>` with the data URI). Also the phone: 44-px
touch targets (the speed slider too), the engine explanation folded, the small preview in view
while the seed is typed, and a toast that covers no control."""
import base64
import shlex
import subprocess

from PIL import Image

from test_web_gui import By, Select, clear_library, downloaded, js, make_driver, open_fonster, open_page, wait, downloads, server  # noqa: F401
from test_page_share_trash import browser, phone  # noqa: F401


def png_bytes(data_uri):
    return base64.b64decode(data_uri.split(",", 1)[1])


def test_size_background_distinct_names_clipboard_and_embed(server, browser, downloads, fonsters_bin, tmp_path):
    clear_library(server)
    f = server.call("fonsters/create", {"name": "Export Me", "seed": "export me"})
    open_page(browser, server)
    open_fonster(browser, f["id"])
    size = browser.find_element(By.ID, "export-size")
    size.clear()
    size.send_keys("100")  # not a multiple of 32: the nearest one is taken (on change, when the field is left)
    browser.find_element(By.ID, "export-background").click()
    Select(browser.find_element(By.ID, "export-background")).select_by_value("color")
    assert wait(browser, lambda d: d.find_element(By.ID, "export-color").is_displayed(), "the colour field")
    js(browser, "const c = document.getElementById('export-color'); c.value = '#1e1e1e'; c.dispatchEvent(new Event('input'));")
    assert size.get_attribute("value") == "96"
    for old in downloads.glob("Export_Me*"):
        old.unlink()
    browser.find_element(By.CSS_SELECTOR, "[data-export=png]").click()
    png = downloaded(browser, downloads, "Export_Me.png", "the PNG")
    want = server.call("creature/render", {"id": f["id"], "format": "png", "size": 96, "background": "#1e1e1e"})
    assert png.read_bytes() == png_bytes(want["dataUri"])
    Select(browser.find_element(By.ID, "export-background")).select_by_value("transparent")
    browser.find_element(By.CSS_SELECTOR, "[data-export=gif]").click()
    still = downloaded(browser, downloads, "Export_Me.gif", "the still GIF")
    browser.find_element(By.CSS_SELECTOR, "[data-export=animated-gif]").click()
    moving = downloaded(browser, downloads, "Export_Me-animated.gif", "the animated GIF")
    assert Image.open(still).n_frames == 1 and Image.open(moving).n_frames > 1, "two files, two names"

    # Copy image: the PNG, as chosen, on the clipboard.
    browser.find_element(By.ID, "export-copy").click()
    wait(browser, lambda d: "Copied the picture (96 × 96 PNG, transparent)" in d.find_element(By.ID, "status").text, "the copy")
    copied = browser.execute_async_script("""
        const done = arguments[0];
        navigator.clipboard.read().then(async (items) => {
          const blob = await items[0].getType('image/png');
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let s = ''; for (const b of bytes) s += String.fromCharCode(b);
          done(btoa(s));
        }, (e) => done('error: ' + e));""")
    assert not copied.startswith("error"), copied
    image = Image.open(__import__("io").BytesIO(base64.b64decode(copied)))
    assert image.size == (96, 96) and image.getpixel((0, 0))[3] == 0, "a 96-px PNG, transparent as chosen"

    # Embed: the command gives the same picture; the <img> carries it.
    browser.find_element(By.ID, "export-embed").click()
    command = wait(browser, lambda d: d.find_element(By.ID, "embed-command").get_attribute("value"), "the embed snippets")
    html = browser.find_element(By.ID, "embed-html").get_attribute("value")
    words = shlex.split(command)
    assert words[:2] == ["fonsters-rpc", "render"] and "--size" in words and "transparent" in words
    out = tmp_path / "embed.png"
    words[words.index("-o") + 1] = str(out)
    subprocess.run([fonsters_bin, *words[1:]], check=True, timeout=60)
    embedded = server.call("creature/render", {"id": f["id"], "format": "png", "size": 96, "background": "transparent"})
    assert out.read_bytes() == png_bytes(embedded["dataUri"])
    assert html.startswith(f'<img src="{embedded["dataUri"]}" width="96" height="96" alt="')


def test_the_phone_has_44px_targets_a_folded_explanation_a_preview_while_typing_and_toasts_over_no_control(server, browser):
    clear_library(server)
    made = [server.call("fonsters/create", {"name": f"Thumb {i}", "seed": f"thumb {i}"}) for i in range(3)]
    phone(browser)
    open_page(browser, server)
    wait(browser, lambda d: d.find_elements(By.ID, f"row-{made[0]['id']}"), "the list")
    why = browser.find_element(By.ID, "default-engine-why")
    assert not why.is_displayed(), "the engine's explanation is folded"
    more = browser.find_element(By.ID, "default-engine-more")
    more.click()
    assert why.is_displayed() and more.get_attribute("aria-expanded") == "true"
    more.click()

    def small_targets(driver):
        return js(driver, """return [...document.querySelectorAll('button, select, input[type=range]')]
            .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
            .filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.id || e.textContent.trim() || e.outerHTML.slice(0, 60))""")
    assert small_targets(browser) == [], "44-px touch targets on the list"
    browser.find_element(By.ID, f"row-{made[0]['id']}").click()
    wait(browser, lambda d: js(d, "return document.getElementById('detail-root').getAttribute('aria-busy')") == "false", "the detail")
    assert small_targets(browser) == [], "44-px touch targets on the detail, the speed slider among them"

    # The seed typed with the picture scrolled away: the small preview stays in view.
    seed = browser.find_element(By.ID, "seed")
    js(browser, "arguments[0].scrollIntoView({ block: 'start' })", seed)
    seed.click()
    seed.send_keys(" and more")
    mini = wait(browser, lambda d: d.find_element(By.ID, "mini-preview") if d.find_element(By.ID, "mini-preview").is_displayed() else None, "the small preview")
    top = js(browser, "return arguments[0].getBoundingClientRect().top", mini)
    assert 0 <= top < 740
    preview = server.call("creature/render", {"seed": "thumb 0 and more", "format": "png", "size": 512, "engine": made[0]["engine"]})
    wait(browser, lambda d: d.find_element(By.ID, "mini-creature").get_attribute("src") == preview["dataUri"], "the preview of what is typed")

    # A toast leaves room under the page: no control lies under it.
    js(browser, "document.getElementById('back-to-list').click()")
    browser.find_element(By.ID, "add").click()
    toast = wait(browser, lambda d: d.find_element(By.ID, "toast") if d.find_element(By.ID, "toast").is_displayed() else None, "a toast")
    # Every control of the page is in the header or in .layout, which now ends above the toast.
    layout_bottom = js(browser, "return document.querySelector('.layout').getBoundingClientRect().bottom")
    toast_top = js(browser, "return arguments[0].getBoundingClientRect().top", toast)
    assert layout_bottom <= toast_top, (layout_bottom, toast_top)
    outside = js(browser, """return [...document.querySelectorAll('button, select, input, textarea')]
        .filter((e) => e.getBoundingClientRect().height > 0 && !e.closest('.layout, .topbar, #toast, dialog, .banner')).map((e) => e.id)""")
    assert outside == [], outside
