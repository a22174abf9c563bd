#!/usr/bin/env bash
# How many distinct pictures 200 common first names (docs/first-names.txt) give in each engine:
# two names give the same picture when their grids and colours are equal. The README quotes it.
# Uses $FONSTERS_RPC when set, else .build/debug/fonsters-rpc.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FONSTERS_RPC:-.build/debug/fonsters-rpc}
read -r -a names < <(tr '\n' ' ' < docs/first-names.txt; echo)
for engine in fonsters-v1 fonsters-v2; do
  "$bin" describe --engine "$engine" -- "${names[@]}" | python3 -c '
import json, sys
records = json.load(sys.stdin)
pictures = {}
for r in records:
    pictures.setdefault((tuple(r["grid"]), tuple(r["colors"])), []).append(r["seed"])
biggest = max(pictures.values(), key=len)
print("%s: %d names, %d distinct pictures; the largest group of identical ones has %d (%s)"
      % (sys.argv[1], len(records), len(pictures), len(biggest), ", ".join(biggest[:6]) + (", …" if len(biggest) > 6 else "")))
' "$engine"
done
