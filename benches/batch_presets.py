#!/usr/bin/env python3
"""Every preset beside `standard` through `hupai batch`, on the very same random lines, in one run.

    python3 benches/batch_presets.py --hupai target/release/hupai --question shanten
    python3 benches/batch_presets.py --question advice --count 50000 --runs 3
    python3 benches/batch_presets.py --question advice --before /tmp/hupai-before

Lines come from `random_hands.py` (seed 2026): 13 tiles for `waits` and `shanten`, 14 for `win` and `advice`,
one file per wall. Each rule set runs in turn with `standard` on its wall, round after round (so a
change of load hits them alike); the figure is the least user CPU (every thread of the process,
from `getrusage`) over the rounds, and the ratio is against `standard` on the same lines.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (wall, rule arguments) for every preset and option the waits, shanten and advice targets name.
PRESETS = [
    ("136", ["--rules", "changsha"]),
    ("136", ["--rules", "gb"]),
    ("136", ["--rules", "standard", "--pair-258"]),
    ("136", ["--rules", "standard", "--wildcard-fifth-copy"]),
    ("108", ["--rules", "changsha"]),
    ("108", ["--rules", "sichuan", "--void", "any"]),
    ("108", ["--rules", "sichuan", "--void", "m"]),
    ("108", ["--rules", "gb"]),
    ("108", ["--rules", "standard", "--pair-258"]),
    ("108", ["--rules", "standard", "--tiles", "108"]),
    ("108", ["--rules", "changsha+5th"]),
    ("112", ["--rules", "hongzhong"]),
    ("112", ["--rules", "hongzhong+5th"]),
    ("112", ["--rules", "standard", "--tiles", "112"]),
    ("sanma", ["--rules", "sanma"]),
]


def user_cpu(cmd, path):
    """User CPU seconds of one run of `cmd` reading `path`, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    with open(path, "rb") as lines, open(os.devnull, "wb") as sink:
        subprocess.run(cmd, stdin=lines, stdout=sink, check=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hupai", default="target/release/hupai", help="the CLI to time")
    parser.add_argument("--question", choices=["win", "waits", "shanten", "advice"], default="shanten")
    parser.add_argument("--count", type=int, default=200000, help="lines per wall")
    parser.add_argument("--runs", type=int, default=3, help="rounds; the least time is kept")
    parser.add_argument("--only", help="only the presets whose arguments contain this text")
    parser.add_argument("--before", help="another build of the CLI, timed in turns with --hupai on every row")
    args = parser.parse_args()

    tiles = 14 if args.question in ("win", "advice") else 13
    flags = {"win": [], "waits": [], "shanten": ["--shanten"], "advice": ["--advice"]}[args.question]
    presets = [p for p in PRESETS if not args.only or args.only in " ".join(p[1])]
    walls = sorted({w for w, _ in presets})
    work = tempfile.mkdtemp(prefix="hupai-presets-")
    files = {}
    for w in walls:
        files[w] = os.path.join(work, f"{w}.txt")
        with open(files[w], "w") as out:
            command = [sys.executable, os.path.join(HERE, "random_hands.py"), "--wall", w]
            command += ["--tiles", str(tiles), "--count", str(args.count)]
            subprocess.run(command, stdout=out, check=True)

    rows = [(w, ["--rules", "standard"]) for w in walls] + presets
    clis = [args.hupai] + ([args.before] if args.before else [])
    best = [[float("inf")] * len(rows) for _ in clis]
    for _ in range(args.runs):
        for i, (w, rule_args) in enumerate(rows):
            # With --before, the two builds answer each row one right after the other.
            for c, cli in enumerate(clis):
                best[c][i] = min(best[c][i], user_cpu([cli, "batch", *rule_args, *flags], files[w]))
    standard = [{w: b[i] for i, (w, _) in enumerate(rows[: len(walls)])} for b in best]
    print(f"# hupai batch {' '.join(flags) or '(' + args.question + ')'}: {args.count} lines of {tiles} tiles per wall, "
          f"least user CPU of {args.runs} runs")
    header = f"{'wall':6} {'rules':40} {'user s':>8} {'x standard':>10}"
    if args.before:
        header += f" {'before s':>9} {'x standard':>10}"
    print(header)
    for i, (w, rule_args) in enumerate(rows):
        line = f"{w:6} {' '.join(rule_args[1:]):40}"
        for c in range(len(clis)):
            ratio = best[c][i] / standard[c][w] if standard[c][w] > 0 else float("nan")
            line += f" {best[c][i]:8.3f} {ratio:10.2f}" if c == 0 else f" {best[c][i]:9.3f} {ratio:10.2f}"
        print(line)
    for f in files.values():
        os.remove(f)
    os.rmdir(work)


if __name__ == "__main__":
    main()
