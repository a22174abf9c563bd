#!/usr/bin/env bash
# Typing in Emacs beside a library (docs/benchmarks.md, "Typing in Emacs beside a million
# Fonsters"): Tests/editors/eglot-typing.el on a 10,000-line fonsters-v2 document whose every
# fifth line is the seed `alice N*7` (a million-Fonster library made of `alice N` seeds holds
# them), RUNS times (3 unless set). Prints the harness's keystroke waits and settling, then the
# server's CPU for the session and its peak RSS, read from /proc every 20 ms by a wrapper.
#   [RUNS=N] scripts/bench-emacs-typing.sh BIN [STORE]   (STORE: use a copy; without it, a library in memory)
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,7p' "$0"; exit 2; }
bin=$(realpath "$1")
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -c '
print("# engine: fonsters-v2")
for n in range(1, 10001):
    print(f"alice {n * 7}" if n % 5 == 0 else f"crew member {n}")' >"$work/doc.fonsters"
cat >"$work/server.sh" <<WRAP
#!/usr/bin/env bash
"$bin" "\$@" 0<&0 &
pid=\$!
trap '' HUP TERM
while kill -0 \$pid 2>/dev/null; do
  stat=\$(cut -d' ' -f14,15 /proc/\$pid/stat 2>/dev/null) && peak=\$(awk '/VmHWM/ {print \$2}' /proc/\$pid/status 2>/dev/null) \
    && echo "\$stat \$peak" >"$work/usage"
  sleep 0.02
done
WRAP
chmod +x "$work/server.sh"
if [ $# -ge 2 ]; then export FONSTERS_STORE=$(realpath "$2"); fi
ticks=$(getconf CLK_TCK)
for run in $(seq 1 "${RUNS:-3}"); do
  DOC="$work/doc.fonsters" FONSTERS_BIN="$work/server.sh" timeout 600 \
    emacs --batch -q -l examples/lsp/fonsters-eglot.el -l Tests/editors/eglot-typing.el 2>&1 | grep -E "waits|settled|passed"
  read -r user system peak <"$work/usage"
  echo "server: $(awk -v u="$user" -v s="$system" -v t="$ticks" 'BEGIN {printf "%.2f", (u + s) / t}') s CPU for the session, peak $((peak / 1024)) MiB"
done
