#!/usr/bin/env bash
# Runs every test suite on a fresh machine (Swift toolchain present): installs what is missing
# (system libraries and Chromium through apt, Python tools through pip), builds, then runs
# the Swift tests, the independent image decoders, the Python JSON-RPC client and the
# editor extension's node tests. Exits non-zero when any suite fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install.sh

ensure_system_packages
ensure_python_tools

echo "== swift build"
swift build --build-tests
echo "== swift test"
swift test --skip-build

echo "== independent image decoders (Pillow)"
python3 Tests/conformance/check_images.py --bin .build/debug/fonsters-rpc --golden Tests/Fixtures/golden
