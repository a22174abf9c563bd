#!/usr/bin/env bash
# The main job on a fresh machine (Swift toolchain present): installs missing system libraries,
# builds fonsters-rpc in release mode, and runs the scripted tour of every method against an
# embedded in-memory store, printing one JSON-RPC response per line.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install.sh
ensure_system_packages
swift build -c release --product fonsters-rpc >&2
exec .build/release/fonsters-rpc --script examples/tour.jsonl --memory --no-starter "$@"
