"""Shared fixtures: the `hupai` command-line binary (the oracle the package must agree with), the
seed and tricky example hands of the Rust harness, and a seeded random hand generator."""

import os
import pathlib
import random
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = REPO / "crates" / "hupai-harness" / "src" / "corpus"
SUITS = "mpsz"


def _find_binary():
    explicit = os.environ.get("HUPAI_BIN")
    if explicit:
        return pathlib.Path(explicit)
    for profile in ("debug", "release"):
        candidate = REPO / "target" / profile / "hupai"
        if candidate.exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def hupai_bin():
    """Path of the `hupai` CLI: $HUPAI_BIN, else target/{debug,release}/hupai of this checkout."""
    path = _find_binary()
    if path is None:
        pytest.skip("no hupai binary: run `cargo build -p hupai-cli` or set HUPAI_BIN to compare with the CLI")
    assert path.exists(), f"HUPAI_BIN={path} does not exist"
    return path


def run_cli(binary, args, stdin=""):
    """Runs the CLI, returning its stdout. Exit 2 means some hands were error lines (expected in a
    corpus with broken hands); anything else but 0 fails the test."""
    done = subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, check=False)
    assert done.returncode in (0, 2), f"hupai {' '.join(args)} exited {done.returncode}: {done.stderr}"
    return done.stdout


def example_hands(name):
    """The `hand: "..."` entries of one of the harness's named corpora (seeds.rs, tricky.rs)."""
    text = (CORPUS / f"{name}.rs").read_text(encoding="utf-8")
    hands = re.findall(r'hand: "([^"]*)"', text)
    assert len(hands) >= 10, f"expected the {name} examples in {CORPUS / (name + '.rs')}, found {len(hands)}"
    return hands


@pytest.fixture(scope="session")
def seed_hands():
    return example_hands("seeds")


@pytest.fixture(scope="session")
def tricky_hands():
    return example_hands("tricky")


def notation(counts, wildcards=0):
    """mpsz notation of 34 counts in tile order plus wildcards."""
    text = ""
    for s, suit in enumerate(SUITS):
        ranks = 9 if suit != "z" else 7
        digits = "".join(str(r + 1) * counts[9 * s + r] for r in range(ranks))
        if digits:
            text += digits + suit
    return text + "*" * wildcards


def deal(rng, tiles, wildcards):
    """`tiles` tiles drawn from a 136-tile wall, `wildcards` of them turned into wildcards."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for t in wall[: tiles - wildcards]:
        counts[t] += 1
    return counts


def winning(rng, melds, wildcards):
    """A winning shape (melds + pair, within four copies), then `wildcards` tiles turned into wildcards."""
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(melds):
            if rng.random() < 0.5:
                t = rng.randrange(34)
                counts[t] += 3
            else:
                suit, rank = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[9 * suit + rank + k] += 1
        if max(counts) <= 4:
            break
    tiles = [t for t in range(34) for _ in range(counts[t])]
    for t in rng.sample(tiles, wildcards):
        counts[t] -= 1
    return counts


@pytest.fixture
def rng():
    return random.Random(20261124)
