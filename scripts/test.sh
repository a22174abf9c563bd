#!/usr/bin/env bash
# Runs every test suite on a stock Debian 12/13 machine with the Swift toolchain: installs what is
# missing (system libraries, librsvg2-bin, python3-venv, node, Chromium, xdg-utils and the editors through apt; the Python
# tools into .build/venv with pip), builds (the debug build with its tests, then the release server
# linked with the Swift runtime and the linux-x64 .vsix bundling it), checks that the generated files
# are current (scripts/regen.sh --check), then runs the Swift tests, the independent image decoders
# (Pillow, and librsvg for SVG), the web GUI's modules (node) and the Python JSON-RPC clients and web
# GUI in headless Chromium (pytest, Selenium; the language server with pytest-lsp), Neovim and Emacs
# (eglot) as language-server clients, a short fuzzing pass, and the editor extension's node tests
# with headless Chromium. The end-to-end tests drive the release server (FONSTERS_BIN).
# Each suite prints one summary line and where its full log is (failures in full); the last
# line is "N passed, N failed" over all suites. Exits non-zero when anything failed.
#
# `scripts/test.sh quick` is the tier to run while working (a few minutes, docs/testing.md): the
# generated files, the Swift tests but those tagged `.slow` (they carry `.notInQuickTier`), the web page's modules and the Python
# end-to-end tests but those marked `slow`. Plain `scripts/test.sh` (CI's command) runs everything.
set -uo pipefail
cd "$(dirname "$0")/.."
TIER=${1:-full}
case $TIER in
  quick|full) ;;
  *) echo "usage: scripts/test.sh [quick]" >&2; exit 2 ;;
esac
source scripts/lib/install.sh
source scripts/lib/suites.sh

set -e
ensure_system_packages librsvg2-bin  # rsvg-convert: check_images.py rasterises the SVGs with it
ensure_chromium
ensure_desktop_tools
ensure_node
ensure_python_tools
ensure_editors
set +e

# Warnings are errors here (and so in CI): the build stays at zero warnings.
if ! swift build --build-tests -Xswiftc -warnings-as-errors >"$LOG_DIR/build.log" 2>&1; then
  echo "swift build: failed (log: $LOG_DIR/build.log)"
  { grep -E 'error:' "$LOG_DIR/build.log" || tail -n 40 "$LOG_DIR/build.log"; } | sed 's/^/    /'
  echo "0 passed, 1 failed"
  exit 1
fi
echo "swift build: done (log: $LOG_DIR/build.log)"
export FONSTERS_BIN="$PWD/.build/debug/fonsters-rpc" FONSTERS_SERVER="$PWD/.build/debug/fonsters-rpc"

# One line per suite: TITLE, how to count its tests (see scripts/lib/suites.sh), log name, command.
run_suite "test-log summaries (scripts/lib)" plain summaries bash scripts/lib/suites.test.sh
run_suite "generated files current (scripts/regen.sh --check)" plain regen \
  bash -c 'scripts/regen.sh --check && echo "1 passed, 0 failed"'
if [ "$TIER" = quick ]; then
  # The end-to-end tests mostly wait for their servers and browsers, so they run beside the Swift tests.
  start_suite pytest "$VENV_PYTHON" -m pytest -q -m "not slow" Tests/e2e
  run_suite "swift test, but the slow (FONSTERS_TEST_TIER=quick)" swift swift \
    env FONSTERS_TEST_TIER=quick swift test --skip-build
  run_suite "web GUI modules (node --test)" node web \
    bash -c 'cd clients/web && exec node --test --test-reporter=tap test/'
  end_suite "Python end-to-end tests, but the slow (pytest -m 'not slow')" pytest pytest
  finish_suites
  exit
fi
# The release server, linked with the Swift runtime (the one the .vsix bundles, built here once
# for both): the end-to-end suites drive it, as people run it. The Swift tests themselves and
# scripts/regen.sh --check above used the debug build; the extension's suite compares the two.
if bash clients/vscode-extension/scripts/package-linux.sh >"$LOG_DIR/static.log" 2>&1; then
  echo "static release server and linux-x64 .vsix: built (log: $LOG_DIR/static.log)"
  FONSTERS_BIN="$PWD/.build-static/release/fonsters-rpc"
else
  echo "static release server and linux-x64 .vsix: failed; the suites below drive the debug build (log: $LOG_DIR/static.log)"
  tail -n 20 "$LOG_DIR/static.log" | sed 's/^/    /'
  SUITES_FAILED=$((SUITES_FAILED + 1))
fi

run_suite "swift test" swift swift swift test --skip-build
run_suite "image decoders (Pillow, librsvg; golden sample)" plain images \
  "$VENV_PYTHON" Tests/conformance/check_images.py --bin "$FONSTERS_BIN" --golden Tests/Fixtures/golden
run_suite "web GUI modules (node --test)" node web \
  bash -c 'cd clients/web && exec node --test --test-reporter=tap test/'
run_suite "Python clients, OpenRPC schemas, web GUI in Chromium (pytest)" pytest pytest "$VENV_PYTHON" -m pytest -q Tests/e2e
run_suite "editors with the language server (Neovim, Emacs eglot)" plain editors Tests/editors/run.sh
run_suite "fuzzing (libFuzzer, 20 s a target)" plain fuzz scripts/fuzz.sh 20
run_suite "editor extension (node --test)" node extension \
  bash -c 'cd clients/vscode-extension && exec node --test --test-reporter=tap test/'

finish_suites
