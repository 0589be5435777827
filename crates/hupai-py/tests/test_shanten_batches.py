"""The numpy shanten batches (`shanten_counts`, `effective_counts`, `advice_counts`) agree row by row
with the per-call functions on random hands with 0–8 wildcards under several rule sets, and refuse bad
rows with the row named."""

import os

import numpy
import pytest

import hupai
from conftest import deal, notation, winning

FULL = os.environ.get("HUPAI_FULL") == "1"


def rows_of(rng, tiles, per_k):
    rows, wild = [], []
    for k in range(9):
        for _ in range(per_k):
            rows.append(deal(rng, tiles, k))
            wild.append(k)
            if tiles == 14 and k % 3 == 0:
                rows.append(winning(rng, 4, k))
                wild.append(k)
    return numpy.array(rows, numpy.uint8), numpy.array(wild, numpy.uint8)


@pytest.mark.parametrize("rules", ["standard", "riichi", "chinese", "sanma", "changsha", "gb"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_shanten_counts_equals_shanten(rng, rules, tiles):
    counts, wild = rows_of(rng, tiles, 40)
    if rules == "sanma":
        # The three-player set has no 2m-8m: move those copies to 1m/9m-free kinds of the same count.
        keep = counts[:, 1:8].sum(axis=1) == 0
        counts, wild = counts[keep], wild[keep]
    got = hupai.shanten_counts(counts, wild, rules)
    assert got.dtype == numpy.int8 and got.shape == (len(counts),)
    want = [hupai.shanten(notation(c, w), rules) for c, w in zip(counts.tolist(), wild.tolist())]
    assert got.tolist() == want
    if tiles == 14 and rules not in ("sanma", "changsha"):
        assert -1 in want


@pytest.mark.parametrize("rules", ["standard", "riichi", "sichuan", "gb"])
def test_effective_counts_equals_effective_tiles(rng, rules):
    counts, wild = rows_of(rng, 13, 30)
    if rules == "sichuan":
        keep = counts[:, 27:].sum(axis=1) == 0  # 108 tiles: no honors
        counts, wild = counts[keep], wild[keep]
    got = hupai.effective_counts(counts, wild, rules)
    assert got.dtype == numpy.bool_ and got.shape == (len(counts), 34)
    for row, c, w in zip(got, counts.tolist(), wild.tolist()):
        want = list(hupai.effective_tiles(notation(c, w), rules)["effective"])
        assert [hupai.TILES[i] for i in numpy.flatnonzero(row)] == want


@pytest.mark.parametrize("rules", ["standard", "riichi", "chinese"])
def test_advice_counts_is_the_first_advice(rng, rules):
    counts, wild = rows_of(rng, 14, 20)
    discard, shanten, unseen = hupai.advice_counts(counts, wild, rules)
    assert discard.dtype == numpy.int8 and shanten.dtype == numpy.int8 and unseen.dtype == numpy.uint16
    for i, (c, w) in enumerate(zip(counts.tolist(), wild.tolist())):
        best = hupai.discard_advice(notation(c, w), rules)[0]
        name = "*" if discard[i] == -1 else hupai.TILES[discard[i]]
        assert (name, int(shanten[i]), int(unseen[i])) == (best["discard"], best["shanten"], best["unseen"])


def test_many_rows_agree_with_one_call_each(rng):
    n = 1_000_000 if FULL else 20_000
    counts = numpy.array([deal(rng, 13 + i % 2, 0) for i in range(min(n, 20_000))], numpy.uint8)
    counts = numpy.resize(counts, (n, 34))
    got = hupai.shanten_counts(counts)
    sample = range(0, n, max(1, n // 20_000))
    assert [int(got[i]) for i in sample] == [hupai.shanten(notation(counts[i].tolist())) for i in sample]


def test_bad_rows_are_named():
    counts = numpy.zeros((3, 34), numpy.uint8)
    counts[:, 0] = [1, 1, 5]
    for batch in (hupai.shanten_counts, hupai.effective_counts):
        with pytest.raises(hupai.HandError, match="row 2"):
            batch(counts)
    counts[2, 0] = 2  # two tiles: no question a hand of 3k + 2 tiles... is 2 tiles, so advice answers
    assert hupai.shanten_counts(counts).tolist() == [0, 0, -1]
    with pytest.raises(TypeError):
        hupai.shanten_counts(counts.astype(numpy.int32))
    with pytest.raises(ValueError):
        hupai.advice_counts(numpy.zeros((2, 33), numpy.uint8))
