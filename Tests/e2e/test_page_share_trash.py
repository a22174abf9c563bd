"""The page's collections, trash and sign-in page in a real headless Chromium (Selenium), against
real `fonsters-rpc web --memory --no-starter` servers: several Fonsters picked (Select, Ctrl-click,
Shift-click, Select all) and shared as one link that keeps each one's name and engine into a fresh
library; a link past the apps' 2,000 characters offered as a file; an apps' link (seeds only) still
imported as before; the trash listed, restored from, purged and emptied after a confirmation; a tab
whose Fonster is deleted elsewhere offering Restore where it was; the page without the token saying
how to get in. At 1280×800, and at 360×740 with touch emulation where the phone differs."""
import json

import pytest

from test_web_gui import (By, Keys, ActionChains, WebServer, clear_library, downloaded, js, make_driver,  # noqa: F401
                          open_fonster, open_page, shot, wait, downloads, server)


def phone(driver):
    """360×740 with touch: the phone the page is laid out for."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


@pytest.fixture
def browser(server, downloads):
    driver = make_driver(downloads, 1280, 800)
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    yield driver
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    driver.quit()
    assert errors == [], f"the page logged errors: {errors}"


@pytest.fixture
def fresh(fonsters_bin):
    """A second server: a new library, fonsters-v2 by default."""
    web = WebServer(fonsters_bin)
    yield web
    web.stop()


def row(driver, fonster):
    return wait(driver, lambda d: d.find_elements(By.ID, f"row-{fonster['id']}"), "the row")[0]


def click_with(driver, element, key):
    ActionChains(driver).key_down(key).click(element).key_up(key).perform()


def ticked(driver):
    return js(driver, "return window.fonstersPage.selection.ids")


def test_a_collection_shared_as_one_link_keeps_names_and_engines_in_a_fresh_library(server, fresh, browser):
    clear_library(server)
    made = [server.call("fonsters/create", fields) for fields in (
        {"name": "Hello One", "seed": "hello", "engine": "fonsters-v1"},
        {"name": "", "seed": "plain two", "engine": "fonsters-v2"},
        {"name": "Third", "seed": "third seed", "engine": "fonsters-v1"},
        {"name": "Left out", "seed": "not shared", "engine": "fonsters-v2"},
    )]
    open_page(browser, server)
    row(browser, made[3])
    # Ctrl-click starts picking; a plain click then ticks; Shift-click ticks the range.
    click_with(browser, row(browser, made[0]), Keys.CONTROL)
    wait(browser, lambda d: ticked(d) == [made[0]["id"]], "the first ticked")
    assert js(browser, "return document.getElementById('list').getAttribute('aria-multiselectable')") == "true"
    assert row(browser, made[0]).get_attribute("aria-selected") == "true"
    assert row(browser, made[1]).get_attribute("aria-selected") == "false"
    click_with(browser, row(browser, made[2]), Keys.SHIFT)
    wait(browser, lambda d: sorted(ticked(d)) == sorted(f["id"] for f in made[:3]), "the range ticked")
    row(browser, made[1]).click()  # a click while picking unticks
    wait(browser, lambda d: sorted(ticked(d)) == sorted([made[0]["id"], made[2]["id"]]), "the middle unticked")
    row(browser, made[1]).click()
    assert browser.find_element(By.ID, "pick-count").text == "3 selected"
    browser.find_element(By.ID, "pick-share").click()
    dialog = wait(browser, lambda d: d.find_element(By.ID, "share-dialog") if js(d, "return document.getElementById('share-dialog').open") else None, "the share dialog")
    ids = ticked(browser)
    expected = server.call("share/build", {"ids": ids})
    link = browser.find_element(By.ID, "share-dialog-url").get_attribute("value")
    assert link == expected["url"] and "&meta=" in link
    assert dialog.find_element(By.ID, "share-dialog-title").text == "Share 3 Fonsters"
    assert not browser.find_element(By.ID, "share-dialog-warning").is_displayed()
    shot(browser, "share-collection")
    browser.find_element(By.ID, "share-dialog-copy").click()
    wait(browser, lambda d: "Copied the link to 3 Fonsters" in d.find_element(By.ID, "toast-text").text, "the copy's toast")
    assert browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))") == link
    browser.find_element(By.ID, "pick-done").click()
    wait(browser, lambda d: js(d, "return document.getElementById('list').getAttribute('aria-multiselectable')") == "false", "picking ends")

    # The link opened on the fresh library's page: reviewed with names and engines, imported as the same creatures.
    assert fresh.call("library/settings")["defaultEngine"] == "fonsters-v2"
    browser.get(f"{fresh.url}#{link.split('?', 1)[1]}")
    wait(browser, lambda d: js(d, "return document.getElementById('import-dialog').open") and
         len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 3, "the review on the fresh page")
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#import-list .import-name")]
    by_id = {f["id"]: f for f in made}
    shared = [by_id[i] for i in ids]
    assert names == [f["name"] or f["seed"] for f in shared]
    notes = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#import-list li")]
    assert [f"drawn by {f['engine']}" in note for f, note in zip(shared, notes)] == [True, True, True], notes
    browser.find_element(By.ID, "import-confirm").click()
    wait(browser, lambda d: "Imported 3 Fonsters" in d.find_element(By.ID, "toast-text").text, "the import")
    arrived = fresh.fonsters()
    assert [(f["name"], f["seed"], f["engine"]) for f in arrived] == [(f["name"], f["seed"], f["engine"]) for f in shared]
    for there, here in zip(arrived, shared):
        a = fresh.call("creature/render", {"id": there["id"], "format": "png", "size": 64})
        b = server.call("creature/render", {"id": here["id"], "format": "png", "size": 64})
        assert a["dataUri"] == b["dataUri"], f"{here['seed']} is the same picture"

    # An apps' link (seeds only) still imports as before: unnamed, drawn by the library's default engine.
    clear_library(fresh)
    apps = server.call("share/build", {"seeds": ["hello", "from the apps"]})["url"]
    assert "meta=" not in apps
    browser.get(f"{fresh.origin}/#{apps.split('?', 1)[1]}")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 2, "the apps' link reviewed")
    browser.find_element(By.ID, "import-confirm").click()
    wait(browser, lambda d: "Imported 2 Fonsters" in d.find_element(By.ID, "toast-text").text, "the apps' import")
    assert [(f["name"], f["engine"]) for f in fresh.fonsters()] == [("", "fonsters-v2"), ("", "fonsters-v2")]


def test_select_all_past_the_apps_limit_offers_a_file(server, browser, downloads):
    clear_library(server)
    made = [server.call("fonsters/create", {"name": f"Long {i}", "seed": f"a long seed {i} " * 60}) for i in range(3)]
    open_page(browser, server)
    row(browser, made[0])
    browser.find_element(By.ID, "pick-start").click()
    browser.find_element(By.ID, "pick-all").click()
    wait(browser, lambda d: len(ticked(d)) == 3, "all ticked")
    browser.find_element(By.ID, "pick-share").click()
    warning = wait(browser, lambda d: d.find_element(By.ID, "share-dialog-warning") if d.find_element(By.ID, "share-dialog-warning").is_displayed() else None,
                   "the warning")
    length = server.call("share/build", {"ids": ticked(browser)})["length"]
    assert length > 2000 and f"{length:,}" in warning.text and "2,000" in warning.text
    assert not browser.find_element(By.ID, "share-dialog-copy").is_displayed(), "a link the apps refuse is not offered for copying"
    for old in downloads.glob("fonsters-3-shared-*.json"):
        old.unlink()
    browser.find_element(By.ID, "share-dialog-bundle").click()
    path = downloaded(browser, downloads, "fonsters-3-shared-*.json", "the file of the three")
    bundle = json.loads(path.read_text())
    assert sorted(f["name"] for f in bundle["fonsters"]) == ["Long 0", "Long 1", "Long 2"]
    # Escape ends picking; Ctrl+A in the list starts it with every row ticked.
    browser.find_element(By.ID, "list").send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not js(d, "return window.fonstersPage.selection.active"), "Escape ends picking")
    browser.find_element(By.ID, "list").send_keys(Keys.CONTROL, "a")
    wait(browser, lambda d: len(ticked(d)) == 3, "Ctrl+A ticks all")


def trash_count(driver):
    return driver.find_element(By.ID, "open-trash").text


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_trash_lists_restores_purges_and_empties_with_a_confirmation(server, browser, size):
    clear_library(server)
    server.call("fonsters/purge", {})
    made = [server.call("fonsters/create", {"name": f"Gone {i}", "seed": f"gone {i}"}) for i in range(3)]
    kept = server.call("fonsters/create", {"name": "Kept", "seed": "kept"})
    if size == "phone":
        phone(browser)
    open_page(browser, server)
    row(browser, kept)
    for f in made:
        server.call("fonsters/delete", {"id": f["id"]})
    wait(browser, lambda d: trash_count(d) == "Trash (3)", "the sidebar's count")
    browser.find_element(By.ID, "open-trash").click()
    items = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#trash-list li") if len(d.find_elements(By.CSS_SELECTOR, "#trash-list li")) == 3 else None,
                 "three deleted Fonsters")
    assert [i.find_element(By.CSS_SELECTOR, ".trash-name").text for i in items] == ["Gone 2", "Gone 1", "Gone 0"], "newest deletion first"
    trashed = server.call("fonsters/trash")["fonsters"]
    for item, f in zip(items, trashed):
        when = item.find_element(By.TAG_NAME, "time")
        assert when.get_attribute("datetime") == f["deletedAt"]
        assert when.text.startswith("Deleted ")
    if size == "phone":
        for button in browser.find_elements(By.CSS_SELECTOR, "#trash-dialog button"):
            if button.is_displayed():
                assert button.size["height"] >= 44, f"{button.text!r} is a 44-px target"
    shot(browser, f"trash-{size}")
    items[1].find_element(By.CSS_SELECTOR, ".trash-restore").click()  # Gone 1
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#trash-list li")) == 2, "one restored")
    assert any(f["id"] == made[1]["id"] and f["name"] == "Gone 1" for f in server.fonsters())
    wait(browser, lambda d: trash_count(d) == "Trash (2)", "the count follows")
    browser.find_element(By.CSS_SELECTOR, "#trash-list li .trash-purge").click()  # Gone 2, for good
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#trash-list li")) == 1, "one purged")
    assert [f["id"] for f in server.call("fonsters/trash")["fonsters"]] == [made[0]["id"]]
    browser.find_element(By.ID, "trash-empty-all").click()
    confirm = browser.find_element(By.ID, "trash-confirm")
    assert confirm.is_displayed() and "1 Fonster in the trash for good" in confirm.text
    browser.find_element(By.ID, "trash-confirm-no").click()
    assert server.call("fonsters/trash")["total"] == 1, "keeping them changes nothing"
    browser.find_element(By.ID, "trash-empty-all").click()
    browser.find_element(By.ID, "trash-confirm-yes").click()
    wait(browser, lambda d: d.find_element(By.ID, "trash-empty").is_displayed(), "the empty trash")
    assert server.call("fonsters/trash")["total"] == 0
    assert trash_count(browser) == "Trash"


def test_a_tab_whose_fonster_is_deleted_elsewhere_keeps_saying_so_with_restore(server, browser):
    clear_library(server)
    gone = server.call("fonsters/create", {"name": "Elsewhere", "seed": "deleted elsewhere"})
    other = server.call("fonsters/create", {"name": "Other", "seed": "another"})
    open_page(browser, server)
    open_fonster(browser, gone["id"])
    server.call("fonsters/delete", {"id": gone["id"]})
    text = wait(browser, lambda d: d.find_element(By.ID, "placeholder-text") if d.find_element(By.ID, "placeholder").is_displayed() else None, "the notice")
    assert text.text == "“Elsewhere” was deleted elsewhere. It is in the trash."
    # It stays through other changes of the library, until the person moves on.
    server.call("fonsters/update", {"id": other["id"], "name": "Other renamed"})
    wait(browser, lambda d: "Other renamed" in d.find_element(By.ID, "list").text, "the other change arrives")
    assert browser.find_element(By.ID, "placeholder-text").text == text.text
    restore = browser.find_element(By.ID, "placeholder-restore")
    assert restore.is_displayed() and restore.text == "Restore “Elsewhere”"
    restore.click()
    wait(browser, lambda d: js(d, "const c = window.fonstersPage.current; return !!c && c.id === arguments[0]", gone["id"]), "the Fonster is back")
    assert any(f["id"] == gone["id"] for f in server.fonsters())
    assert not browser.find_element(By.ID, "placeholder").is_displayed()


def test_without_the_token_the_page_says_how_to_get_in(server, downloads):
    driver = make_driver(downloads, 1280, 800)
    try:
        driver.get(server.origin + "/")
        heading = wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"), "the page")[0]
        assert "Fonsters" in heading.text
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "fonsters-rpc open" in body and f"http://127.0.0.1:{server.port}/?token=" in body
        assert "fonsters-rpc web" in body
    finally:
        driver.quit()


def test_on_a_phone_select_then_taps_pick_rows_to_share(server, browser):
    clear_library(server)
    made = [server.call("fonsters/create", {"name": f"Tap {i}", "seed": f"tap {i}"}) for i in range(3)]
    phone(browser)
    open_page(browser, server)
    row(browser, made[0])
    browser.find_element(By.ID, "pick-start").click()
    for f in (made[2], made[0]):
        row(browser, f).click()  # a tap ticks while picking, and opens nothing
    wait(browser, lambda d: ticked(d) == [made[2]["id"], made[0]["id"]], "two ticked by taps")
    assert js(browser, "return document.body.dataset.pane") == "list", "picking keeps the list in view"
    for button in ("pick-all", "pick-share", "pick-done"):
        assert browser.find_element(By.ID, button).size["height"] >= 44
    browser.find_element(By.ID, "pick-share").click()
    wait(browser, lambda d: js(d, "return document.getElementById('share-dialog').open"), "the share dialog")
    assert browser.find_element(By.ID, "share-dialog-url").get_attribute("value") == server.call("share/build", {"ids": [made[2]["id"], made[0]["id"]]})["url"]
    assert js(browser, "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), "no sideways scroll"
    shot(browser, "share-phone")
