#!/usr/bin/env bash
# The web door's speed beside the native: the same 1-shanten discard tables with their draw odds
# natively (`hupai batch --ev` on one thread), in the package's WebAssembly under Node, and in
# Chromium, in one run (tests/npm/speed.mjs prints the table docs/web.md quotes). Run after
# `cargo xtask wasm` and tests/npm.sh (which installs the package in target/wasm/scratch), with
# a release command line: `cargo build --release -p hupai-cli`.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
out=$target/wasm
bin=${HUPAI_BIN:-$target/release/hupai}
[ -x "$bin" ] || { echo "speed.sh: $bin missing: cargo build --release -p hupai-cli" >&2; exit 1; }
[ -d "$out/scratch/node_modules/hupai" ] || { echo "speed.sh: run crates/hupai-wasm/tests/npm.sh first" >&2; exit 1; }
cp crates/hupai-wasm/tests/npm/speed.mjs "$out/scratch/"
cd "$out/scratch"
HUPAI_BIN="$bin" HUPAI_SITE="$out/site" node speed.mjs
