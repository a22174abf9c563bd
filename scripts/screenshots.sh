#!/usr/bin/env bash
# Draws the web page's pictures in docs/ (or the folder given as $1): web-shell.png (light),
# web-shell-dark.png and web-shell-phone.png (360 × 740), with screenshots.json, the facts of
# what each shows — headless Chromium against `fonsters-rpc web --memory` with a fixed small
# library (scripts/screenshots.py says more). Installs what is missing (Chromium, chromedriver,
# the Python tools in .build/venv); uses $FONSTERS_RPC when set, else builds and uses
# .build/debug/fonsters-rpc. The test suite checks that the committed pictures are what this
# script draws now (Tests/e2e/test_screenshots.py).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install.sh
out=${1:-docs}
ensure_chromium
ensure_python_tools
bin=${FONSTERS_RPC:-}
if [ -z "$bin" ]; then
  swift build --product fonsters-rpc >/dev/null
  bin=.build/debug/fonsters-rpc
fi
"$VENV_PYTHON" scripts/screenshots.py --bin "$bin" --out "$out"
