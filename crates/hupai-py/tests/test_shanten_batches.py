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


def random_rows(seed, n, tiles):
    """`n` distinct random deals of `tiles` tiles from the 136, built with numpy in chunks (a million
    rows in a few seconds)."""
    gen = numpy.random.default_rng(seed)
    out = numpy.zeros((n, 34), numpy.uint8)
    for start in range(0, n, 50_000):
        stop = min(n, start + 50_000)
        kinds = numpy.argsort(gen.random((stop - start, 136)), axis=1)[:, :tiles] // 4
        for j in range(tiles):
            numpy.add.at(out[start:stop], (numpy.arange(stop - start), kinds[:, j]), 1)
    return out


@pytest.mark.parametrize("question", ["shanten", "effective", "advice"])
def test_every_row_agrees_with_its_call(question):
    """Every row of a large batch (a million with HUPAI_FULL=1), not a sample, answers as the
    per-call function does on that row."""
    n = 1_000_000 if FULL else 20_000
    tiles = {"shanten": 14, "effective": 13, "advice": 14}[question]
    counts = random_rows(20261125 + tiles, n, tiles)
    if question == "shanten":
        got = hupai.shanten_counts(counts, None, "riichi").tolist()
        want = [hupai.shanten(notation(c), "riichi") for c in counts.tolist()]
        assert got == want
    elif question == "effective":
        got = hupai.effective_counts(counts, None, "riichi")
        for row, c in zip(got, counts.tolist()):
            want = list(hupai.effective_tiles(notation(c), "riichi")["effective"])
            assert [hupai.TILES[i] for i in numpy.flatnonzero(row)] == want
    else:
        discard, shanten, unseen = hupai.advice_counts(counts, None, "riichi")
        for i, c in enumerate(counts.tolist()):
            best = hupai.discard_advice(notation(c), "riichi")[0]
            assert (hupai.TILES[discard[i]], int(shanten[i]), int(unseen[i])) == (
                best["discard"], best["shanten"], best["unseen"]), notation(c)


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
