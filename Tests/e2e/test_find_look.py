"""The web shell's "Find a look" panel in a real headless Chromium against a real
`fonsters-rpc web`: type a base, tick a trait, and the matches appear while the search still runs
(the page's WebSocket holds back the search's final answer, so what shows came from its
`$/progress` reports); each match really has the trait (checked with creature/describe over an
independent client); editing the base starts again; a pick creates a Fonster, another sets the
open Fonster's seed, and Undo takes that back. And the look-alikes (`sameAs`/`nearlyAs`) in the
list, the detail after an edit, and an import's summary. Screenshots go to
.build/test-artifacts/web-gui/."""
import pytest

from test_web_gui import By, Keys, browser, clear_library, ctrl, downloads, js, make_driver, open_fonster, open_page, server, shot, wait  # noqa: F401

# Holds back the answers of creature/search (those carry "stoppedBy") while window.__hold is set,
# each with its id; window.__searches lists the ids of the searches sent (typing starts one when
# the page's pause after an edit passes, which a busy machine may make happen mid-word).
HOLD_SEARCH_ANSWERS = """
(() => {
  const Native = window.WebSocket;
  window.__hold = false;
  window.__held = [];
  window.__searches = [];
  class Held extends Native {
    send(data) {
      try { const message = JSON.parse(data); if (message.method === 'creature/search') window.__searches.push(message.id); } catch (e) {}
      return super.send(data);
    }
    set onmessage(fn) {
      super.onmessage = (event) => {
        if (window.__hold && /"stoppedBy"/.test(event.data)) {
          window.__held.push({ id: JSON.parse(event.data).id, deliver: () => fn.call(this, event) });
          return;
        }
        fn.call(this, event);
      };
    }
    get onmessage() { return super.onmessage; }
  }
  window.WebSocket = Held;
  window.__release = () => { window.__hold = false; for (const held of window.__held.splice(0)) held.deliver(); };
})();
"""


def results(driver):
    return js(driver, "return [...document.querySelectorAll('#fl-results .fl-result')].map((li) => li.dataset.seed)")


def open_panel(driver):
    driver.find_element(By.ID, "open-findlook").click()
    wait(driver, lambda d: js(d, "return document.getElementById('findlook-dialog').open && "
                                 "document.getElementById('findlook-root').getAttribute('aria-busy') === 'false'"), "the panel")
    wait(driver, lambda d: js(d, "return document.activeElement && document.activeElement.id") == "fl-base", "the keyboard in the base field")


def test_find_a_look_streams_matches_then_create_and_set_seed_with_undo(server, browser):
    clear_library(server)
    engines = server.call("initialize", {})["capabilities"]["experimental"]["engines"]
    engine = "fonsters-v2" if "fonsters-v2" in engines else engines[0]  # v2 draws a different creature for nearly every variant
    alpha = server.call("fonsters/create", {"name": "Alpha", "seed": "alpha", "engine": engine})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_SEARCH_ANSWERS})
    open_page(browser, server)
    open_fonster(browser, alpha["id"])
    open_panel(browser)
    assert "Alpha" in browser.find_element(By.ID, "fl-target").text

    # Keyboard only: the base, then the antlers box ticked with the space bar, Enter searches.
    js(browser, "window.__hold = true")
    browser.find_element(By.ID, "fl-base").send_keys("alice")
    antlers = browser.find_element(By.ID, "fl-want-antlers")
    antlers.send_keys(Keys.SPACE)
    assert antlers.is_selected()
    browser.find_element(By.ID, "fl-base").send_keys(Keys.ENTER)

    # Matches show while the search's answer is still held back: they came from its progress reports.
    wait(browser, lambda d: len(results(d)) >= 3, "matches arriving")
    assert browser.find_element(By.ID, "fl-stop").is_enabled(), "still searching: Stop is offered"
    assert browser.find_element(By.ID, "fl-results").get_attribute("aria-busy") == "true"
    assert "so far" in browser.find_element(By.ID, "fl-status").text
    wait(browser, lambda d: js(d, "return window.__held.some((held) => held.id === window.__searches.at(-1))"),
         "the last search's answer held back")
    js(browser, "window.__release()")
    wait(browser, lambda d: "stopped at" in d.find_element(By.ID, "fl-status").text, "the search's end announced")
    assert browser.find_element(By.ID, "fl-status").get_attribute("aria-live") == "polite"
    found = results(browser)
    assert len(found) == len(set(found)) and all(s.lower().startswith("alice") for s in found), found

    # Every match really draws antlers (creature mode, tier 4–5), with alt text on its thumbnail.
    for seed in found:
        config = server.call("creature/describe", {"seed": seed, "engine": engine})["configuration"]
        assert config["antlers"] is True and config["mode"] == "creature" and config["tier"] >= 4, (seed, config)
    alts = js(browser, "return [...document.querySelectorAll('#fl-results img')].map((i) => i.alt)")
    assert all(a.startswith("The creature of “") and "antlers" in a for a in alts), alts
    shot(browser, "11-find-a-look")

    # Editing the base starts again: the old matches go, the new ones vary the new base.
    base = browser.find_element(By.ID, "fl-base")
    base.send_keys(Keys.CONTROL, "a")
    base.send_keys("bob")
    wait(browser, lambda d: (r := results(d)) and all(s.lower().startswith("bob") for s in r) and
         "stopped at" in d.find_element(By.ID, "fl-status").text, "the new base's matches")
    first, second = results(browser)[:2]

    # Create a Fonster with the first match.
    browser.find_element(By.CSS_SELECTOR, f"#fl-results .fl-result[data-seed='{first}'] .fl-create").click()
    made = wait(browser, lambda d: next((f for f in server.fonsters() if f["seed"] == first), None), "the created Fonster")
    assert made["engine"] == engine
    wait(browser, lambda d: f"Created “{made['displayName']}”" in d.find_element(By.ID, "fl-status").text, "the creation announced")
    wait(browser, lambda d: d.find_elements(By.ID, f"row-{made['id']}"), "its row in the library")

    # Set the second as Alpha's seed: one undoable edit, shown behind the panel; Undo takes it back.
    browser.find_element(By.CSS_SELECTOR, f"#fl-results .fl-result[data-seed='{second}'] .fl-set").click()
    wait(browser, lambda d: server.call("fonsters/get", {"id": alpha["id"]})["seed"] == second, "the seed set")
    assert server.call("fonsters/get", {"id": alpha["id"]})["canUndo"] is True
    wait(browser, lambda d: d.find_element(By.ID, "seed").get_attribute("value") == second, "the detail follows")
    undo = wait(browser, lambda d: d.find_element(By.ID, "fl-undo") if d.find_element(By.ID, "fl-undo").is_displayed() else None, "Undo offered")
    said = js(browser, "return document.getElementById('findlook-dialog').innerText")
    assert said.count("Set the seed of") == 1, f"the edit is said once, on the Undo line: {said!r}"
    assert browser.find_element(By.ID, "fl-undo-line").get_attribute("role") == "status"
    undo.click()
    wait(browser, lambda d: server.call("fonsters/get", {"id": alpha["id"]})["seed"] == "alpha", "the seed back")
    wait(browser, lambda d: "Undone" in d.find_element(By.ID, "fl-status").text, "the undo announced")

    # Escape closes the panel and gives the keyboard back to its button.
    browser.find_element(By.ID, "fl-base").send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not js(d, "return document.getElementById('findlook-dialog').open"), "the panel closed")
    assert js(browser, "return document.activeElement.id") == "open-findlook"


def test_find_a_look_says_which_engine_it_searches_and_lets_the_user_choose(server, browser):
    clear_library(server)
    engines = server.call("initialize", {})["capabilities"]["experimental"]["engines"]
    if len(engines) < 2:
        pytest.skip(f"this server draws with one engine only ({engines})")
    mine, other = engines[-1], engines[0]
    alpha = server.call("fonsters/create", {"name": "Alpha", "seed": "alpha", "engine": mine})
    open_page(browser, server)
    open_fonster(browser, alpha["id"])
    open_panel(browser)
    options = js(browser, "return [...document.querySelectorAll('#fl-engine option')].map((o) => o.value)")
    assert options[0] == mine and sorted(options) == sorted(engines), f"the Fonster's engine first: {options}"
    assert browser.find_element(By.ID, "fl-engine").get_attribute("value") == mine
    assert js(browser, "return document.querySelector('label[for=fl-engine]').textContent") == "Engine"

    # Choose the other engine: the search says so, and its matches are that engine's creatures.
    browser.find_element(By.CSS_SELECTOR, f"#fl-engine option[value='{other}']").click()
    note = browser.find_element(By.ID, "fl-engine-note").text
    assert other in note and "Alpha" in note, note
    browser.find_element(By.ID, "fl-base").send_keys("alice")
    browser.find_element(By.ID, "fl-want-antlers").click()
    browser.find_element(By.ID, "fl-find").click()
    wait(browser, lambda d: "stopped at" in d.find_element(By.ID, "fl-status").text or "No match" in d.find_element(By.ID, "fl-status").text, "the search's end")
    assert f"drawn by {other}" in browser.find_element(By.ID, "fl-status").text
    found = results(browser)
    assert found, "alice has antlered variants"
    for seed in found[:5]:
        assert server.call("creature/describe", {"seed": seed, "engine": other})["configuration"]["antlers"] is True, seed
    sets = js(browser, "return [...document.querySelectorAll('#fl-results .fl-set')].filter((b) => !b.hidden).length")
    assert sets == 0, "another engine's match is not offered as Alpha's seed"
    browser.find_element(By.CSS_SELECTOR, f"#fl-results .fl-result[data-seed='{found[0]}'] .fl-create").click()
    made = wait(browser, lambda d: next((f for f in server.fonsters() if f["seed"] == found[0]), None), "the created Fonster")
    assert made["engine"] == other, "created drawn by the engine it was found with"
    shot(browser, "16-find-a-look-engine")


def test_lookalikes_in_the_list_the_detail_and_the_import_summary(server, browser):
    clear_library(server)
    # "hello", "grace" and "linus" draw one picture in fonsters-v1.
    hello = server.call("fonsters/create", {"name": "Hello", "seed": "hello", "engine": "fonsters-v1"})
    grace = server.call("fonsters/create", {"name": "Grace", "seed": "grace", "engine": "fonsters-v1"})
    other = server.call("fonsters/create", {"name": "Other", "seed": "a seed of its own", "engine": "fonsters-v1"})
    open_page(browser, server)
    row = lambda d, f: d.find_element(By.ID, f"row-{f['id']}")  # noqa: E731
    wait(browser, lambda d: "Looks exactly like “Hello”" in row(d, grace).text, "Grace's row names Hello")
    assert "Looks exactly like “Grace”" in row(browser, hello).text
    assert "Looks" not in row(browser, other).text
    assert "Looks exactly like “Hello”" in row(browser, grace).get_attribute("title")

    # A detail says it as it opens (fonsters/get with lookalikes), before any edit.
    open_fonster(browser, grace["id"])
    wait(browser, lambda d: d.find_element(By.ID, "lookalikes-text").text == "Looks exactly like “Hello”.", "Grace's detail names Hello")
    open_fonster(browser, other["id"])
    wait(browser, lambda d: d.find_element(By.ID, "lookalikes-text").text == "No other Fonster of the library looks like it.", "Other looks like no one")

    # An edit's answer: Other takes the seed "linus" and now looks exactly like both.
    seed = browser.find_element(By.ID, "seed")
    seed.send_keys(Keys.CONTROL, "a")
    seed.send_keys("linus", Keys.ENTER)
    wait(browser, lambda d: d.find_element(By.ID, "lookalikes-text").text == "Looks exactly like “Hello” and “Grace”.", "the detail names them")
    wait(browser, lambda d: "Looks exactly like “Hello” and “Grace”" in row(d, other).text, "its row too")
    ctrl(browser, "z")
    gone = lambda d: not d.find_element(By.ID, "lookalikes").is_displayed() or "No other" in d.find_element(By.ID, "lookalikes-text").text  # noqa: E731
    wait(browser, gone, "another picture: the old look-alikes go")
    wait(browser, lambda d: "Looks" not in row(d, other).text, "and from its row")

    # An import's summary names what the new Fonsters look like.
    link = server.call("share/build", {"seeds": ["linus", "another seed of its own"]})["url"]
    browser.find_element(By.ID, "open-import-link").click()
    field = wait(browser, lambda d: d.find_element(By.ID, "import-url") if d.find_element(By.ID, "import-url").is_displayed() else None, "the dialog")
    field.send_keys(link)
    # Drawn by fonsters-v1, where "linus" looks like them (the library's default is fonsters-v2).
    js(browser, "const s = document.getElementById('import-engine'); s.value = 'fonsters-v1'; s.dispatchEvent(new Event('change'));")
    browser.find_element(By.ID, "import-preview").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 2, "the review")
    browser.find_element(By.ID, "import-confirm").click()
    wait(browser, lambda d: "“linus” looks exactly like “Hello” and “Grace”." in d.find_element(By.ID, "toast-text").text, "the import's summary")
    assert "another seed" not in browser.find_element(By.ID, "toast-text").text


def test_the_same_shape_in_other_colours_is_flagged_as_the_editor_flags_it(server, browser):
    """One rule of "looks alike" everywhere. "mary" and "james 2" draw one silhouette in
    other colours (fonsters-v2): the page says they look nearly alike, in the list, the detail and
    while a seed is typed, and offers a distinct variant; a seed of another shape is not flagged."""
    clear_library(server)
    mary = server.call("fonsters/create", {"name": "Mary", "seed": "mary", "engine": "fonsters-v2"})
    james = server.call("fonsters/create", {"name": "James", "seed": "james 2", "engine": "fonsters-v2"})
    assert james["nearlyAs"] == [mary["id"]] and james["sameAs"] == [], james
    assert server.call("fonsters/lookalikes")["near"] == [[mary["id"], james["id"]]]
    open_page(browser, server)
    row = lambda d, f: d.find_element(By.ID, f"row-{f['id']}")  # noqa: E731
    wait(browser, lambda d: "Looks nearly like “Mary”" in row(d, james).text, "James's row names Mary")
    assert "Looks nearly like “James”" in row(browser, mary).text
    open_fonster(browser, james["id"])
    text = lambda d: d.find_element(By.ID, "lookalikes-text").text  # noqa: E731
    wait(browser, lambda d: text(d) == "Looks nearly like “Mary” (the same shape, or nearly, whatever the colours).", "James's detail names Mary")
    assert browser.find_element(By.ID, "lookalikes-variant").is_displayed(), "Find a distinct variant"
    # Another shape typed: no warning; the same shape again: the warning while typing.
    assert server.call("fonsters/lookalikesOf", {"seed": "hello", "engine": "fonsters-v2", "except": james["id"]})["nearlyCount"] == 0
    seed = browser.find_element(By.ID, "seed")
    seed.click()
    seed.send_keys(Keys.CONTROL, "a")
    seed.send_keys("hello")
    gone = lambda d: not d.find_element(By.ID, "lookalikes").is_displayed() or "No other" in text(d)  # noqa: E731
    wait(browser, gone, "another shape looks like no one")
    seed.send_keys(Keys.CONTROL, "a")
    seed.send_keys("james 2")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#lookalikes.warn") and "Looks nearly like “Mary”" in text(d), "the warning while typing")
    shot(browser, "17-same-shape-other-colours")


def test_find_a_look_refuses_an_impossible_want_and_fits_a_narrow_dark_window(server, downloads):
    clear_library(server)
    driver = make_driver(downloads, width=360, height=800, dark=True)
    try:
        open_page(driver, server)
        open_panel(driver)
        assert js(driver, "return document.documentElement.scrollWidth") <= 360, "no sideways scrolling at 360 px"
        assert js(driver, "const d = document.getElementById('findlook-dialog').getBoundingClientRect(); return d.right <= 360 && d.left >= 0")
        driver.find_element(By.ID, "fl-base").send_keys("alice")
        driver.find_element(By.ID, "fl-want-antlers").click()
        driver.find_element(By.CSS_SELECTOR, "#fl-mode option[value='space']").click()
        driver.find_element(By.ID, "fl-find").click()
        status = wait(driver, lambda d: (s := d.find_element(By.ID, "fl-status")).get_attribute("class").count("error") and s.text, "the refusal")
        assert "impossible" in status, status
        assert driver.find_element(By.ID, "fl-want-antlers").get_attribute("aria-invalid") == "true"
        assert driver.find_element(By.ID, "fl-mode").get_attribute("aria-invalid") == "true"
        # Focus is visible: the focused control has an outline.
        driver.find_element(By.ID, "fl-base").click()
        assert js(driver, "return getComputedStyle(document.activeElement).outlineStyle") != "none"
        shot(driver, "12-find-a-look-narrow-dark")
        assert not [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    finally:
        driver.quit()


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


def test_find_a_looks_matches_fill_the_dialog_and_a_distinct_variant_becomes_the_seed(server, browser):
    clear_library(server)
    server.call("fonsters/create", {"name": "Hello", "seed": "hello", "engine": "fonsters-v1"})
    mine = server.call("fonsters/create", {"name": "Mine", "seed": "hello", "engine": "fonsters-v1"})
    open_page(browser, server)
    open_fonster(browser, mine["id"])
    browser.find_element(By.ID, "open-findlook").click()
    wait(browser, lambda d: js(d, "return document.getElementById('findlook-dialog').open"), "Find a look")
    results = browser.find_element(By.ID, "fl-results")
    assert js(browser, "const s = getComputedStyle(arguments[0]); return [s.maxHeight, s.overflowY]", results) == ["none", "visible"], \
        "the matches fill the dialog (which scrolls), not a box of their own"
    browser.find_element(By.ID, "findlook-close").click()
    # "hello" looks exactly like Hello: the variants come at once, and one becomes the seed (undoable).
    variant = wait(browser, lambda d: next((b for b in d.find_elements(By.ID, "lookalikes-variant") if b.is_displayed()), None), "Find a distinct variant")
    variant.click()
    use = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variants-grid li button.primary"), "a variant to use")[0]
    chosen = use.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".variant-seed").text
    use.click()
    wait(browser, lambda d: server.call("fonsters/get", {"id": mine["id"]})["seed"] == chosen, "the variant is the seed")
    after = server.call("fonsters/get", {"id": mine["id"]})
    assert after["canUndo"] and after["engine"] == "fonsters-v1"
    assert server.call("fonsters/undo", {"id": mine["id"]})["seed"] == "hello", "undoable"
