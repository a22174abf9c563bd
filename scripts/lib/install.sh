# Shared set-up for the scripts: installs what is missing, and nothing that is already there.
# Debian packages go through apt (as root, else sudo); Python tools go into a virtual
# environment under .build/venv, never into the system's Python.

# Debian packages the build needs.
SYSTEM_PACKAGES=(zlib1g-dev libjpeg62-turbo-dev libsqlite3-dev pkg-config)
# The virtual environment of the Python checks, and its interpreter.
VENV=.build/venv
VENV_PYTHON="$VENV/bin/python"

# apt-get install the given packages (apt-get update first, once per run).
apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  local log=.build/apt.log
  mkdir -p .build
  echo "installing with apt: $* (log: $log)" >&2
  if [ -z "${APT_UPDATED:-}" ]; then
    $sudo apt-get update -qq >"$log" 2>&1 || { cat "$log" >&2; return 1; }
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >>"$log" 2>&1 \
    || { cat "$log" >&2; return 1; }
}

# Installs every named Debian package (plus SYSTEM_PACKAGES) that dpkg does not list.
ensure_system_packages() {
  local missing=()
  for p in "${SYSTEM_PACKAGES[@]}" "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
}

# Chromium for the extension's webview test, unless one is on PATH already, and chromedriver
# for the web GUI's end-to-end test (Selenium drives Chromium through it).
ensure_chromium() {
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || command -v google-chrome >/dev/null 2>&1 || ensure_system_packages chromium
  command -v chromedriver >/dev/null 2>&1 || ensure_system_packages chromium-driver
}

# The editors whose stock LSP clients the language server is tested with: Neovim's built-in
# client and Emacs' eglot (built into Emacs 29 and newer; Debian 12's Emacs 28 takes elpa-eglot).
ensure_editors() {
  command -v nvim >/dev/null 2>&1 || ensure_system_packages neovim
  command -v emacs >/dev/null 2>&1 || ensure_system_packages emacs-nox
  emacs --batch -q --eval "(require 'eglot)" >/dev/null 2>&1 || ensure_system_packages elpa-eglot
}

# node 18 or newer (node:test); Debian's nodejs is 18.20 on Debian 12 and 20.x on Debian 13.
ensure_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt 18 ]; then
    apt_install nodejs
    major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    if [ "$major" -lt 18 ]; then echo "node 18 or newer is needed; this one is $(node --version 2>&1)" >&2; return 1; fi
  fi
}

# The virtual environment with scripts/requirements-test.txt installed: created with python3
# (python3 and python3-venv come through apt when creating it fails), pip runs only when a
# tool is missing. The checks then run with "$VENV_PYTHON".
ensure_python_tools() {
  # An environment whose interpreter no longer runs (Python upgraded or removed) is made anew.
  if [ -e "$VENV" ] && ! "$VENV_PYTHON" -c '' >/dev/null 2>&1; then rm -rf "$VENV"; fi
  if [ ! -x "$VENV_PYTHON" ]; then
    command -v python3 >/dev/null 2>&1 || apt_install python3
    if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
      rm -rf "$VENV"
      apt_install python3-venv
      python3 -m venv "$VENV"
    fi
  fi
  "$VENV_PYTHON" - <<'PY' 2>/dev/null || {
import PIL, pylsp_jsonrpc, jsonschema, pytest, websockets, selenium
PY
    echo "installing into $VENV with pip: $(tr '\n' ' ' < scripts/requirements-test.txt)" >&2
    "$VENV_PYTHON" -m pip install -q --disable-pip-version-check -r scripts/requirements-test.txt >&2
  }
}
