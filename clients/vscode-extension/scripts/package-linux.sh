#!/usr/bin/env bash
# Builds the platform .vsix for this Linux machine (linux-x64 or linux-arm64): a release
# fonsters-rpc with the Swift runtime linked in (--static-swift-stdlib, so it runs where no
# Swift toolchain is installed), stripped, bundled by build-vsix.js.
#   clients/vscode-extension/scripts/package-linux.sh [--out FILE]
# Writes .build-static/fonsters-rpc-PLATFORM (the bundled server, also used by
# test/platform-vsix.test.js) and dist/fonsters-PLATFORM-VERSION.vsix.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

case "$(uname -m)" in
  x86_64) target=linux-x64 ;;
  aarch64) target=linux-arm64 ;;
  *) echo "package-linux.sh: no VS Code platform for the processor $(uname -m)." >&2; exit 1 ;;
esac

# Static Foundation links FoundationNetworking, which needs libcurl's headers and library.
missing=()
for p in libcurl4-openssl-dev zlib1g-dev libjpeg62-turbo-dev libsqlite3-dev; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== swift build -c release --static-swift-stdlib (scratch path .build-static)" >&2
swift build -c release --static-swift-stdlib --product fonsters-rpc --scratch-path .build-static >&2

server=".build-static/fonsters-rpc-$target"
# Stripping drops the symbol table and debug info (76 MB → 60 MB); Swift's runtime metadata
# lives in its own sections and stays. Crash backtraces then show addresses, not names.
strip -o "$server" .build-static/release/fonsters-rpc
if ldd "$server" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|not found' >&2; then
  echo "package-linux.sh: $server still needs the libraries above; it would not run without a Swift toolchain." >&2
  exit 1
fi

node "$here/scripts/build-vsix.js" --target "$target" --server "$server" "$@"
