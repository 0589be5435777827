#!/bin/sh
# Every measurement behind docs/performance.md, in one run, with the machine and its load:
#   sh benches/run.sh > run.txt      (about 6 minutes on a shared 2-core machine)
# Criterion's own output goes to $TARGET/bench-run.log; its results come out as markdown tables.
set -eu
target=${CARGO_TARGET_DIR:-target}
log=$target/bench-run.log
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
echo "rustc: $(rustc --version)"
echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates benches || echo ' + uncommitted changes')"
echo "load before: $(uptime | sed 's/.*load average: //')"
cargo build --release -q -p hupai-cli
hupai=$target/release/hupai
echo; echo '## hupai bench'; echo
$hupai bench
echo; echo '## hupai bench --json'; echo
$hupai bench --json
echo; echo '## hupai bench --batch (three runs; 1,000,000 lines each)'; echo
for _ in 1 2 3; do $hupai bench --batch; done
: > "$log"
for bench in algorithms peers tables; do
    cargo bench -q -p hupai-benches --bench $bench >> "$log" 2>&1
done
echo; echo '## criterion (benches/report.py)'; echo
python3 benches/report.py "$target/criterion"
grep -E '^(win|peers|decompositions)[^ ]*: ' "$log" || true
echo "load after: $(uptime | sed 's/.*load average: //')"
