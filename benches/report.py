#!/usr/bin/env python3
"""Markdown tables from criterion's results, for docs/performance.md.

Usage: python3 benches/report.py [CRITERION_DIR] [--vs NAME]

CRITERION_DIR defaults to $CARGO_TARGET_DIR/criterion, else target/criterion. For every benchmark
group it prints one table: a row per function (algorithm or peer), a column per parameter (wildcard
count, corpus), each cell the time per hand (criterion's slope estimate, else its mean) and, when
the group has a `backtrack` row (or the --vs row), how many times faster than it the cell is.
"""

import json
import os
import sys
from pathlib import Path


def fmt_time(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def load(root):
    groups = {}
    for bench in sorted(root.glob("**/new/benchmark.json")):
        meta = json.loads(bench.read_text())
        est = json.loads((bench.parent / "estimates.json").read_text())
        point = (est.get("slope") or est["mean"])["point_estimate"]
        group = groups.setdefault(meta["group_id"], {})
        group[(meta["function_id"], meta.get("value_str") or "")] = point
    return groups


def table(name, results, vs):
    functions = list(dict.fromkeys(f for f, _ in results))
    params = list(dict.fromkeys(p for _, p in results))
    # Order rows by their time at the first parameter, fastest first.
    functions.sort(key=lambda f: results.get((f, params[0]), float("inf")))
    out = [f"#### `{name}`", ""]
    out.append("| | " + " | ".join(params) + " |")
    out.append("|---|" + "---:|" * len(params))
    for f in functions:
        cells = []
        for p in params:
            t = results.get((f, p))
            if t is None:
                cells.append("—")
                continue
            ref = results.get((vs, p))
            cells.append(fmt_time(t) + (f" ({ref / t:.1f}×)" if ref and f != vs else ""))
        out.append(f"| {f} | " + " | ".join(cells) + " |")
    out.append("")
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    vs = "backtrack"
    if "--vs" in args:
        i = args.index("--vs")
        vs = args[i + 1]
        del args[i : i + 2]
    if args:
        root = Path(args[0])
    else:
        target = os.environ.get("CARGO_TARGET_DIR", "target")
        root = Path(target) / "criterion"
    groups = load(root)
    if not groups:
        sys.exit(f"no criterion results under {root}")
    for name, results in groups.items():
        print(table(name, results, vs))


if __name__ == "__main__":
    main()
