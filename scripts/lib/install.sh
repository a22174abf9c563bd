# Shared set-up for the scripts: installs missing system packages and Python tools.

# Debian packages the build and tests need; apt-get runs only when one is missing.
SYSTEM_PACKAGES=(zlib1g-dev libjpeg62-turbo-dev libsqlite3-dev pkg-config)

ensure_system_packages() {
  local missing=()
  for p in "${SYSTEM_PACKAGES[@]}" "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Python tools for the independent checks; pip runs only when one is missing.
ensure_python_tools() {
  python3 - <<'PY' 2>/dev/null || { echo "== pip install"; python3 -m pip install -q -r scripts/requirements-test.txt; }
import PIL, pylsp_jsonrpc, jsonschema, pytest
PY
}
