#!/usr/bin/env bash
# Regenerates every generated file from its one source:
#   openrpc.json, clients/web/ui/protocol.mjs   from the method declarations (fonsters-rpc describe-protocol)
#   clients/vscode-extension/src/language/commands.generated.js   the same (workspace/executeCommand's ids)
#   protocol.md's generated sections            the same (<!-- generated:… --> … <!-- /generated -->)
#   Sources/fonsters-rpc/Server/WebAssets.swift from clients/web/ (scripts/embed-web.sh)
#
#   scripts/regen.sh           build fonsters-rpc, then write the files
#   scripts/regen.sh --check   exit 1 (and say which) when any committed file is stale
# FONSTERS_BIN names a built fonsters-rpc to use instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
case ${1:-} in
    --check) check=true ;;
    "") ;;
    *) echo "usage: scripts/regen.sh [--check]" >&2; exit 2 ;;
esac

bin=${FONSTERS_BIN:-}
if [[ -z $bin ]]; then
    swift build --product fonsters-rpc >&2
    bin="$(swift build --show-bin-path)/fonsters-rpc"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" describe-protocol openrpc.json >"$tmp/openrpc.json"
"$bin" describe-protocol protocol.mjs >"$tmp/protocol.mjs"
"$bin" describe-protocol commands.generated.js >"$tmp/commands.generated.js"
"$bin" describe-protocol protocol.md protocol.md >"$tmp/protocol.md"

stale=0
for pair in "openrpc.json:openrpc.json" "protocol.mjs:clients/web/ui/protocol.mjs" \
    "commands.generated.js:clients/vscode-extension/src/language/commands.generated.js" "protocol.md:protocol.md"; do
    made=$tmp/${pair%%:*} file=${pair#*:}
    if cmp -s "$made" "$file"; then continue; fi
    if $check; then
        echo "regen: $file is stale; run scripts/regen.sh and commit it" >&2
        diff -u "$file" "$made" | head -n 20 >&2 || true
        stale=1
    else
        cp "$made" "$file"
        echo "regen: wrote $file" >&2
    fi
done

# The web assets embed protocol.mjs, so they come after it.
if $check; then
    scripts/embed-web.sh --check >&2 || stale=1
    if [[ $stale -ne 0 ]]; then exit 1; fi
    echo "regen: every generated file is current"
else
    scripts/embed-web.sh
fi
