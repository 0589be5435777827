"""Prints the door tests' hands, one `rules<TAB>hand` line each: the 2,000 hands the command line,
the Python package and the C library are compared on (crates/hupai-py/tests/test_doors_agree.py:
its generator, its seed), so the npm package is compared on the very same hands.

The generator needs only the tile names of the Python package and nothing of pytest, so where
either is not installed, stand-ins with just those names let the test module load."""

import pathlib
import random
import sys
import types

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "hupai-py" / "tests"))

try:
    import hupai  # noqa: F401
except ImportError:
    stand_in = types.ModuleType("hupai")
    stand_in.TILES = [f"{r}{s}" for s in "mpsz" for r in range(1, 10 if s != "z" else 8)]
    sys.modules["hupai"] = stand_in
try:
    import pytest  # noqa: F401
except ImportError:
    stand_in = types.ModuleType("pytest")
    stand_in.fixture = lambda *a, **k: (lambda f: f) if not a or not callable(a[0]) else a[0]
    sys.modules["pytest"] = stand_in

from test_doors_agree import HANDS, RULES, generate  # noqa: E402

rng = random.Random(20261125)
for rules in (rng.choice(RULES) for _ in range(HANDS)):
    print(f"{rules}\t{generate(rng, rules)}")
