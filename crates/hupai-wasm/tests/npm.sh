#!/usr/bin/env bash
# Tests the npm package as a user gets it, and the page in a real browser: installs the tarball
# `cargo xtask wasm` packed (target/wasm/hupai-VERSION.tgz) into a scratch folder with TypeScript
# and playwright-core (which downloads no browser), type-checks the declarations with tsc, then
# runs node --test there: the package against the `hupai` command line on the door tests' hands,
# CommonJS and ES module loading, the players' module against `hupai play`, and the page in Debian's
# Chromium (its hand view, its log view on the game engine's test logs, and its Play view: every
# preset dealt and played, a whole tenhou hanchan and a whole sichuan game by clicks, their logs
# replayed by `hupai replay`; the hints against discardEv), the review (npm `review` against `hupai
# review`, the log view's review in Chromium), and each module's size within 2 MB. Needs node, npm, python3,
# /usr/bin/chromium and the command line ($HUPAI_BIN, else target/debug/hupai).
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
out=${CARGO_TARGET_DIR:-$root/target}/wasm
bin=${HUPAI_BIN:-$root/target/debug/hupai}
python=${HUPAI_PYTHON:-python3}
tarball=$(ls "$out"/hupai-*.tgz)
scratch=$out/scratch
rm -rf "$scratch"
mkdir -p "$scratch"
cp crates/hupai-wasm/tests/npm/* "$scratch"/
printf '{"name": "hupai-scratch", "private": true, "type": "module"}\n' > "$scratch/package.json"
"$python" crates/hupai-wasm/tests/door_hands.py > "$scratch/door-hands.tsv"
cd "$scratch"
npm install --silent --no-audit --no-fund "$tarball" typescript@5.9.3 playwright-core@1.65.1
node_modules/.bin/tsc -p tsconfig.json
HUPAI_BIN="$bin" HUPAI_GAME_LOGS="$root/crates/hupai-game/tests/data" HUPAI_DOOR_HANDS="$scratch/door-hands.tsv" HUPAI_SITE="$out/site" HUPAI_SCREENSHOTS="$out" \
  node --test --test-reporter=spec
