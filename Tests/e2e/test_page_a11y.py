"""axe-core (the copy axe-selenium-python bundles) on every view of the page, in a real headless
Chromium against a real `fonsters-rpc web --memory --no-starter`: the library, a Fonster's detail,
the dialogs (import review, share, trash, Find a look), the phone's list and detail (360×740 with
touch), and dark mode. Any violation fails, with axe's report. Also the keyboard: Escape in the
name field goes back to the list (after reverting a draft, if any), as does Escape anywhere in the detail."""
import pytest

axe_selenium_python = pytest.importorskip("axe_selenium_python", reason="axe-selenium-python is not installed (scripts/requirements-test.txt)")
from axe_selenium_python import Axe  # noqa: E402

from test_web_gui import By, Keys, clear_library, js, make_driver, open_fonster, open_page, wait, downloads, server  # noqa: E402,F401
from test_page_share_trash import phone  # noqa: E402


def assert_accessible(driver, what):
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    violations = results["violations"]
    assert violations == [], f"{what}: {axe.report(violations)}"


def dialog_open(driver, dialog_id):
    return wait(driver, lambda d: js(d, "return document.getElementById(arguments[0]).open", dialog_id), f"the {dialog_id}")


@pytest.fixture
def library(server):
    clear_library(server)
    server.call("fonsters/purge", {})
    made = [server.call("fonsters/create", {"name": name, "seed": seed}) for name, seed in
            (("Bob", "bob"), ("", "a seed with no name"), ("Trixie", "trixie the third"))]
    gone = server.call("fonsters/create", {"name": "Gone", "seed": "gone"})
    server.call("fonsters/delete", {"id": gone["id"]})
    return made


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_desktop_view_has_no_axe_violations(server, downloads, library, dark):
    driver = make_driver(downloads, 1280, 800, dark=dark)
    try:
        open_page(driver, server)
        open_fonster(driver, library[0]["id"])
        assert_accessible(driver, "the library with a Fonster's detail")
        for f in library:  # a row reads its name first, then the rest (the seed, the picture's description)
            row = driver.find_element(By.ID, f"row-{f['id']}")
            label = row.accessible_name
            assert label.startswith(f["name"] or f["seed"]) and len(label) > len(f["name"] or f["seed"]), label
        driver.find_element(By.ID, "open-import-link").click()
        dialog_open(driver, "import-dialog")
        field = driver.find_element(By.ID, "import-url")
        field.clear()
        field.send_keys(server.call("share/build", {"ids": [f["id"] for f in library]})["url"])
        driver.find_element(By.ID, "import-preview").click()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#import-list li")) == 3, "the review")
        assert_accessible(driver, "the import review")
        driver.find_element(By.ID, "import-cancel").click()
        driver.find_element(By.ID, "open-trash").click()
        dialog_open(driver, "trash-dialog")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#trash-list li")) == 1, "the trash")
        assert_accessible(driver, "the trash")
        driver.find_element(By.ID, "trash-empty-all").click()
        assert_accessible(driver, "the trash's confirmation")
        driver.find_element(By.ID, "trash-close").click()
        driver.find_element(By.ID, "pick-start").click()
        driver.find_element(By.ID, "pick-all").click()
        wait(driver, lambda d: len(js(d, "return window.fonstersPage.selection.ids")) == 3, "all ticked")
        assert_accessible(driver, "the list while picking")
        driver.find_element(By.ID, "pick-share").click()
        dialog_open(driver, "share-dialog")
        assert_accessible(driver, "the share dialog")
        driver.find_element(By.ID, "share-dialog-close").click()
        driver.find_element(By.ID, "pick-done").click()
        driver.find_element(By.ID, "open-findlook").click()
        dialog_open(driver, "findlook-dialog")
        assert_accessible(driver, "Find a look")
    finally:
        driver.quit()


def test_the_phone_list_and_detail_have_no_axe_violations(server, downloads, library):
    driver = make_driver(downloads, 1280, 800)
    try:
        phone(driver)
        open_page(driver, server)
        wait(driver, lambda d: d.find_elements(By.ID, f"row-{library[0]['id']}"), "the rows")
        assert_accessible(driver, "the phone's list")
        driver.find_element(By.ID, f"row-{library[1]['id']}").click()
        wait(driver, lambda d: js(d, "return document.body.dataset.pane") == "detail" and
             js(d, "return document.getElementById('detail-root').getAttribute('aria-busy')") == "false", "the detail")
        assert_accessible(driver, "the phone's detail")
    finally:
        driver.quit()


def test_escape_in_the_name_field_and_in_the_detail_goes_back_to_the_list(server, downloads, library):
    driver = make_driver(downloads, 1280, 800)
    try:
        open_page(driver, server)
        open_fonster(driver, library[2]["id"])
        name = driver.find_element(By.ID, "name")
        name.click()
        name.send_keys("x")
        name.send_keys(Keys.ESCAPE)  # the first Escape reverts the draft, and stays
        assert name.get_attribute("value") == "Trixie" and js(driver, "return document.activeElement.id") == "name"
        name.send_keys(Keys.ESCAPE)
        wait(driver, lambda d: js(d, "return document.activeElement.id") == "list", "Escape in the name field gives the list the keyboard")
        assert js(driver, "return document.activeElement.getAttribute('aria-activedescendant')") == f"row-{library[2]['id']}"
        driver.find_element(By.TAG_NAME, "h1").click()
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait(driver, lambda d: js(d, "return document.activeElement.id") == "list", "Escape in the detail goes back to the list")
    finally:
        driver.quit()
