#!/usr/bin/env bash
# The main job on a fresh machine (Swift toolchain present): installs missing system libraries,
# builds fonsters-rpc in release mode, and runs the scripted tour of every method against an
# embedded in-memory store. On a terminal each step prints its request and a short answer;
# piped (or with --json) it prints one JSON-RPC response per line.
#
#   scripts/run.sh web [OPTIONS]   instead serves the browser GUI on your library (the default
#                                  store; --memory for a scratch one): open the address it prints
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install.sh
ensure_system_packages
mkdir -p .build
echo "building fonsters-rpc (release; log: .build/run-build.log)" >&2
swift build -c release --product fonsters-rpc >.build/run-build.log 2>&1 || { cat .build/run-build.log >&2; exit 1; }
if [[ ${1:-} == web ]]; then
    shift
    exec .build/release/fonsters-rpc web "$@"
fi
exec .build/release/fonsters-rpc --script examples/tour.jsonl --memory --no-starter "$@"
