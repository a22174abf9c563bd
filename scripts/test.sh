#!/usr/bin/env bash
# Runs every test suite on a fresh machine (Swift toolchain present): installs what is missing
# (system libraries and Chromium through apt, Python tools through pip), builds, then runs the
# Swift tests, the independent image decoders (Pillow), the Python JSON-RPC clients and the
# editor extension's node tests with headless Chromium. Exits non-zero when any suite fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install.sh

ensure_system_packages chromium
ensure_python_tools

echo "== swift build"
swift build --build-tests
export FONSTERS_BIN="$PWD/.build/debug/fonsters-rpc" FONSTERS_SERVER="$PWD/.build/debug/fonsters-rpc"

echo "== swift test"
swift test --skip-build

echo "== independent image decoders (Pillow)"
python3 Tests/conformance/check_images.py --bin "$FONSTERS_BIN" --golden Tests/Fixtures/golden

echo "== Python JSON-RPC clients and OpenRPC schemas (pytest)"
python3 -m pytest -q Tests/e2e

echo "== editor extension (node --test, headless Chromium)"
(cd clients/vscode-extension && node --test test/)

# Every suite above passed (set -e stops at the first failure).
echo "suites: 5 passed, 0 failed"
