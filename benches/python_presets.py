#!/usr/bin/env python3
"""The Python count batches (`advice_counts`, `waits_counts`, `is_win_counts`) per preset beside `standard`.

    python3 benches/python_presets.py --count 100000 --runs 3

Hands come from `random_hands.py` (seed 2026) as `(n, 34)` counts: 14 tiles for `advice_counts` and
`is_win_counts`, 13 for `waits_counts`, from the 136-tile wall, the numbered 108 and sanma's 108. Each rule
set runs in turn with `standard` on its wall, round after round; the figure is the least process CPU time
(every thread) over the rounds, and the ratio is against `standard` on the same hands. Needs the `hupai`
wheel and numpy.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy

import hupai

HERE = os.path.dirname(os.path.abspath(__file__))

# (wall, rules) timed beside `standard` on the same wall.
PRESETS = [
    ("136", "changsha"),
    ("136", "gb"),
    ("108", "changsha"),
    ("108", "sichuan"),
    ("108", "gb"),
    ("sanma", "sanma"),
]


def counts_of(wall, tiles, count):
    """The hands of `random_hands.py` as an `(n, 34)` uint8 array."""
    command = [sys.executable, os.path.join(HERE, "random_hands.py"), "--wall", wall]
    command += ["--tiles", str(tiles), "--count", str(count)]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    lines = text.split()
    out = numpy.zeros((len(lines), 34), numpy.uint8)
    for i, line in enumerate(lines):
        digits = []
        for ch in line:
            if ch.isdigit():
                digits.append(int(ch))
            else:
                base = 9 * "mpsz".index(ch)
                for d in digits:
                    out[i, base + d - 1] += 1
                digits = []
    return out


def cpu(call):
    """Process CPU seconds (every thread) of one call."""
    start = time.process_time()
    call()
    return time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100000, help="hands per wall and question")
    parser.add_argument("--runs", type=int, default=3, help="rounds; the least time is kept")
    args = parser.parse_args()
    questions = [
        ("advice_counts", 14, hupai.advice_counts),
        ("waits_counts", 13, hupai.waits_counts),
        ("is_win_counts", 14, hupai.is_win_counts),
    ]
    for name, tiles, function in questions:
        hands = {w: counts_of(w, tiles, args.count) for w in sorted({w for w, _ in PRESETS})}
        rows = [(w, "standard") for w in sorted(hands)] + PRESETS
        best = [float("inf")] * len(rows)
        for _ in range(args.runs):
            for i, (w, rules) in enumerate(rows):
                best[i] = min(best[i], cpu(lambda: function(hands[w], rules=rules)))
        standard = {w: best[i] for i, (w, r) in enumerate(rows) if r == "standard"}
        print(f"# hupai.{name}: {args.count} hands of {tiles} tiles per wall, least CPU of {args.runs} runs")
        print(f"{'wall':6} {'rules':12} {'cpu s':>8} {'x standard':>10}")
        for i, (w, rules) in enumerate(rows):
            print(f"{w:6} {rules:12} {best[i]:8.3f} {best[i] / standard[w]:10.2f}")


if __name__ == "__main__":
    main()
