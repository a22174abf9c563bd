#!/usr/bin/env bash
# Real editors against the real server, each with its snippet from examples/lsp/ as a user has it:
# Neovim headless (built-in client, Tests/editors/nvim-test.lua) and Emacs in batch (eglot,
# Tests/editors/eglot-test.el) open a .fonsters file with two look-alike lines and receive the
# look-alike diagnostic, a hover and a code action. The two lines are found by the engine
# (fonsters-rpc describe), not written down. Prints "N passed, N failed" over both.
#   FONSTERS_BIN=.build/debug/fonsters-rpc Tests/editors/run.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${FONSTERS_BIN:-$PWD/.build/debug/fonsters-rpc}
export FONSTERS_BIN="$bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Two words fonsters-v1 draws alike: the same colour in every cell.
read -r TWIN_A TWIN_B < <("$bin" describe --engine fonsters-v1 cat dog sun moon tree fish bird star rock leaf rain snow | python3 -c '
import json, sys
seen = {}
for r in json.load(sys.stdin):
    picture = tuple(tuple(None if c == "." else r["colors"][int(c)] for c in row) for row in r["grid"])
    if picture in seen:
        print(seen[picture], r["seed"]); break
    seen[picture] = r["seed"]
')
if [ -z "${TWIN_B:-}" ]; then echo "no two look-alike words found"; echo "0 passed, 1 failed"; exit 1; fi
export TWIN_A TWIN_B
printf '# engine: fonsters-v1\n%s\n%s\n' "$TWIN_A" "$TWIN_B" >"$work/crew.fonsters"
cp "$work/crew.fonsters" "$work/crew2.fonsters"

passed=0 failed=0
count() { # adds the "N passed, N failed" line of a run's output; a run without it failed
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' <<<"$1" | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  passed=$((passed + $(cut -d' ' -f1 <<<"$line")))
  failed=$((failed + $(cut -d' ' -f3 <<<"$line")))
}

echo "== docs/editors.md shows the files the editors load"
out=$(python3 - <<'PY'
import pathlib, re
doc = pathlib.Path("docs/editors.md").read_text()
bad = 0
for name in ["fonsters-nvim.lua", "fonsters-eglot.el", "helix-languages.toml"]:
    match = re.search(r"\[`examples/lsp/" + re.escape(name) + r"`\].*?\n```\w*\n(.*?)```\n", doc, re.S)
    same = match is not None and match.group(1) == pathlib.Path("examples/lsp/" + name).read_text()
    bad += not same
    print(("ok" if same else "FAIL") + f" - the snippet after the link to examples/lsp/{name} is that file")
print(f"{3 - bad} passed, {bad} failed")
PY
)
echo "$out"
count "$out"

echo "== Neovim $(nvim --version | head -1)"
out=$(DOC="$work/crew.fonsters" timeout 120 nvim --headless -u NONE -i NONE -n -c 'luafile Tests/editors/nvim-test.lua' 2>&1)
echo "$out"
count "$out"

echo "== Emacs $(emacs --version | head -1) with eglot"
out=$(DOC="$work/crew2.fonsters" timeout 120 emacs --batch -q -l examples/lsp/fonsters-eglot.el -l Tests/editors/eglot-test.el 2>&1)
echo "$out"
count "$out"

echo "== Emacs with eglot: typing in a 10,000-line file (Tests/editors/eglot-typing.el)"
python3 - "$TWIN_A" "$TWIN_B" >"$work/big.fonsters" <<'PY'
import sys
a, b = sys.argv[1], sys.argv[2]
print("# engine: fonsters-v1")
for n in range(1, 10001):  # 10,000 seed lines under the directive; every 5th one of the twins (2,000 alike)
    print((a if n % 10 == 0 else b) if n % 5 == 0 else f"crew member {n}")
PY
out=$(DOC="$work/big.fonsters" timeout 600 emacs --batch -q -l examples/lsp/fonsters-eglot.el -l Tests/editors/eglot-typing.el 2>&1)
echo "$out"
count "$out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
