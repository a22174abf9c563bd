#!/usr/bin/env python3
"""The web page's figures in a real headless Chromium (the benchmarks that need a browser):

- page ready: from navigation start to the first list paint with every thumbnail in view decoded,
  with a library of 1,000 Fonsters (the page's own clock, `performance.now()`, read from an
  observer installed before the page's scripts run: no Selenium round trip is counted);
- seed keystroke → new preview: the server time of each keystroke's requests (`creature/render`
  and `creature/environment`, from the server's `--log-level debug` request log), and what the
  page sees, from the `input` event to the new picture decoded (including the page's 60 ms pause
  that waits for the typing to stop).

    .build/venv/bin/python scripts/bench-web-page.py --bin .build/release/fonsters-rpc [--loads 15] [--keys 200]
        [--baseline OTHER-BIN] [--busy N] [--store COPY-OF-A-LIBRARY]

--baseline times a second server (another build) in the same browser, its loads taking turns with
the first's, so both see the same machine; --busy N runs N processes that only burn CPU while the
pages load (a loaded machine on demand; the load average before and after is printed). Prints one
line per figure. Needs Chromium and chromedriver (scripts/test.sh installs them) and the
venv's selenium and websockets.
"""
import argparse
import json
import multiprocessing
import os
import pathlib
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
from selenium.webdriver.common.by import By  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from procstat import load_average  # noqa: E402

URL_LINE = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)")
REQUEST_LOG = re.compile(r"(creature/render|creature/environment) id (\d+): ([0-9.]+) ms, ok")

# Runs before the page's own scripts: records when the list first shows rows whose thumbnails in
# view are all decoded. It checks when an image has loaded (the last one in view completes the
# list), so it forces no layout on the page's other changes.
READY_OBSERVER = """
(() => {
  const check = () => {
    if (window.__fonstersReady) return;
    const list = document.getElementById('list');
    if (!list) return;
    const imgs = [...list.querySelectorAll('.row img')].filter((i) => i.getBoundingClientRect().top < innerHeight);
    if (imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0)) window.__fonstersReady = performance.now();
  };
  document.addEventListener('load', check, true);
})();
"""


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_server(binary, store, log):
    process = subprocess.Popen([binary, "web", "--port", "0", "--store", store, "--no-starter", "--log-level", "debug"],
                               stdout=subprocess.PIPE, stderr=log)
    ready, _, _ = select.select([process.stdout], [], [], 20)
    line = process.stdout.readline().decode().strip() if ready else ""
    match = URL_LINE.fullmatch(line)
    if not match:
        process.kill()
        sys.exit(f"the server printed no address: {line!r}")
    return process, line, int(match.group(1)), match.group(2)


def fill_library(port, token, count):
    origin = f"http://127.0.0.1:{port}"
    with connect(f"ws://127.0.0.1:{port}/rpc", origin=origin, max_size=None,
                 additional_headers={"Cookie": f"fonsters_token_{port}={token}"}) as ws:
        for start in range(0, count, 500):
            batch = [{"jsonrpc": "2.0", "id": i, "method": "fonsters/create", "params": {"name": f"Bench {i:04d}", "seed": f"bench seed {i}"}}
                     for i in range(start, min(count, start + 500))]
            ws.send(json.dumps(batch))
            while True:
                reply = json.loads(ws.recv(timeout=120))
                if isinstance(reply, list):
                    if not all("result" in r for r in reply):
                        sys.exit("creating the library failed")
                    break


def burn():
    """Keeps one core busy until killed (a stand-in for a build running beside the browser)."""
    while True:
        pass


def measure_ready(driver, url):
    """One load of `url`: ms from navigation start to the list's thumbnails in view decoded, and the page's marks."""
    driver.get(url)
    deadline = time.monotonic() + 30
    while (value := driver.execute_script("return window.__fonstersReady || 0")) == 0:
        if time.monotonic() > deadline:
            sys.exit("the list with thumbnails never appeared")
        time.sleep(0.02)
    stages = driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "const m = Object.fromEntries(performance.getEntriesByType('mark').map((e) => [e.name.replace('fonsters:', ''), e.startTime]));"
        "return { html: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd, ...m };")
    return value, stages


def report(label, fonsters, ready, stages, loads):
    print(f"web page ready with {fonsters} Fonsters{label}, first list paint with thumbnails: median {statistics.median(ready):.0f} ms, "
          f"p90 {percentile(ready, 90):.0f} ms, max {max(ready):.0f} ms ({loads} loads, Chromium headless; target p90 ≤ 300 ms)")
    names = [name for name in stages[0] if all(name in s for s in stages)]
    print("  on the way there, median ms since navigation start: " + ", ".join(
        f"{name} {statistics.median(s[name] for s in stages):.0f}" for name in sorted(names, key=lambda n: stages[0][n])))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release/fonsters-rpc")
    parser.add_argument("--fonsters", type=int, default=1000)
    parser.add_argument("--loads", type=int, default=15)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--baseline", help="another fonsters-rpc to time the page against, load for load")
    parser.add_argument("--busy", type=int, default=0, help="processes that burn CPU while the pages load")
    parser.add_argument("--store", help="a library to serve instead of one made of --fonsters (a copy: typing edits it)")
    args = parser.parse_args()

    import test_web_gui as gui  # the suite's Chromium set-up (headless, fixed window size)

    with tempfile.TemporaryDirectory(prefix="fonsters-bench-web-") as folder:
        log_path = pathlib.Path(folder) / "server.log"
        with open(log_path, "w") as log:
            process, url, port, token = start_server(args.bin, args.store or str(pathlib.Path(folder) / "bench.sqlite"), log)
            others = []
            try:
                if args.store:
                    args.fonsters = "the given library's"
                else:
                    fill_library(port, token, args.fonsters)
                targets = [("", url)]
                if args.baseline:
                    with open(pathlib.Path(folder) / "baseline.log", "w") as baseline_log:
                        other, other_url, other_port, other_token = start_server(args.baseline, str(pathlib.Path(folder) / "baseline.sqlite"), baseline_log)
                    others.append(other)
                    fill_library(other_port, other_token, args.fonsters)
                    targets.append((f" (baseline {args.baseline})", other_url))
                driver = gui.make_driver(pathlib.Path(folder))
                try:
                    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": READY_OBSERVER})
                    for _, address in targets:  # the first load of each warms the browser's caches of the page's files
                        measure_ready(driver, address)
                    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.busy)]
                    for burner in burners:
                        burner.start()
                    print(f"load average before: {load_average()} ({args.busy} CPU-burning processes added, {os.cpu_count()} cores)")
                    results = {label: ([], []) for label, _ in targets}
                    try:
                        for _ in range(args.loads):
                            for label, address in targets:
                                value, stage = measure_ready(driver, address)
                                results[label][0].append(value)
                                results[label][1].append(stage)
                    finally:
                        for burner in burners:
                            burner.kill()
                    print(f"load average after: {load_average()}")
                    for label, (ready, stages) in results.items():
                        report(label, args.fonsters, ready, stages, args.loads)
                    driver.get(url)
                    measure_ready(driver, url)

                    # Typing: open the first Fonster, then one character at a time, each waited for.
                    driver.find_element(By.CSS_SELECTOR, "#list .row").click()
                    gui.wait(driver, lambda d: d.execute_script("return document.getElementById('detail-root')?.getAttribute('aria-busy') === 'false'"), "the detail")
                    log.flush()
                    mark = log_path.stat().st_size
                    seed = driver.find_element(By.ID, "seed")
                    seed.click()
                    page = []
                    letters = "abcdefghijklmnopqrstuvwxyz "
                    for k in range(args.keys):
                        before = driver.find_element(By.ID, "creature").get_attribute("src")
                        driver.execute_script("""
                          const img = document.getElementById('creature'); window.__keyAt = performance.now(); window.__shown = 0;
                          new MutationObserver((_, o) => { o.disconnect(); img.decode().then(() => { window.__shown = performance.now(); }); })
                            .observe(img, { attributes: true, attributeFilter: ['src'] });""")
                        seed.send_keys(letters[k % len(letters)])
                        deadline = time.monotonic() + 10
                        while not (shown := driver.execute_script("return window.__shown ? window.__shown - window.__keyAt : 0")):
                            if time.monotonic() > deadline:
                                sys.exit(f"keystroke {k}: the preview never changed (was {before[:40]}…)")
                            time.sleep(0.005)
                        page.append(shown)
                finally:
                    driver.quit()
            finally:
                for server in [process, *others]:
                    server.terminate()
                    server.wait(timeout=10)
        if args.keys == 0:
            return
        text = log_path.read_text()[mark:]
        times = {}
        for method, request, ms in REQUEST_LOG.findall(text):
            times.setdefault(method, []).append(float(ms))
        render, environment = times.get("creature/render", []), times.get("creature/environment", [])
        if len(render) < args.keys or len(environment) < args.keys:
            sys.exit(f"expected {args.keys} renders and environments in the server's log, found {len(render)} and {len(environment)}")
        both = [r + e for r, e in zip(render, environment)]
        print(f"web seed keystroke → preview, server time (creature/render 512 px + creature/environment, summed): "
              f"p50 {percentile(both, 50):.2f} ms, p99 {percentile(both, 99):.2f} ms, max {max(both):.2f} ms "
              f"(render p99 {percentile(render, 99):.2f} ms, environment p99 {percentile(environment, 99):.2f} ms; {args.keys} keystrokes; target p99 ≤ 16 ms)")
        print(f"web seed keystroke → preview decoded in the page (input event to picture, the page's 60 ms typing pause included): "
              f"p50 {percentile(page, 50):.0f} ms, p99 {percentile(page, 99):.0f} ms")


if __name__ == "__main__":
    main()
