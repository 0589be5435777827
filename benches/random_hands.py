#!/usr/bin/env python3
"""Random hands for timing `hupai batch`: one hand per line in mpsz notation, drawn from a shuffled
wall by a seeded generator, so every run and every rule set times the very same lines.

    python3 benches/random_hands.py --wall 136 --tiles 13 --count 200000 > hands136.txt

Walls: 136 (every kind), 108 (the numbered suits), 112 (numbered and red dragons: under
`--rules hongzhong` every 7z is a wildcard) and sanma (1m, 9m, dots, bamboo and honors).
"""

import argparse
import random

SUITS = "mpsz"


def wall(name):
    """The kinds of a wall (index 0-33, m p s z), four copies each."""
    numbered = list(range(27))
    kinds = {
        "136": list(range(34)),
        "108": numbered,
        "112": numbered + [33],
        "sanma": [0, 8] + list(range(9, 34)),
    }[name]
    return [k for k in kinds for _ in range(4)]


def notation(kinds):
    """Sorted kinds as mpsz text: digits then their suit letter, suit by suit."""
    out = []
    for s, letter in enumerate(SUITS):
        digits = "".join(str(k - 9 * s + 1) for k in kinds if k // 9 == s)
        if digits:
            out.append(digits + letter)
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wall", choices=["136", "108", "112", "sanma"], default="136")
    parser.add_argument("--tiles", type=int, default=13, help="tiles per hand")
    parser.add_argument("--count", type=int, default=200_000, help="hands")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tiles = wall(args.wall)
    lines = []
    for _ in range(args.count):
        lines.append(notation(sorted(rng.sample(tiles, args.tiles))))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
