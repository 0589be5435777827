"""The numpy batch API: the same answers as the string API on random hands with 0–8 wildcards,
and clear errors (never a crash) on wrong dtypes, shapes, layouts and bad rows."""

import numpy
import pytest

import hupai
from conftest import deal, notation, winning


def hands(rng, tiles, melds, per_k=60):
    """Counts and wildcards of random deals and random winning shapes with 0–8 wildcards."""
    rows, wild = [], []
    for k in range(9):
        for _ in range(per_k):
            rows.append(deal(rng, tiles, k))
            wild.append(k)
            if tiles % 3 == 2:
                rows.append(winning(rng, melds, k))
                wild.append(k)
    return numpy.array(rows, numpy.uint8), numpy.array(wild, numpy.uint8)


@pytest.mark.parametrize("rules,tiles,melds", [("standard", 14, 4), ("chinese", 14, 4), ("taiwan", 17, 5)])
@pytest.mark.parametrize("fifth", [False, True])
def test_is_win_counts_equals_is_win(rng, rules, tiles, melds, fifth):
    counts, wild = hands(rng, tiles, melds)
    got = hupai.is_win_counts(counts, wild, rules, wildcard_fifth_copy=fifth)
    assert got.dtype == numpy.bool_ and got.shape == (len(counts),)
    want = [hupai.is_win(notation(c, w), rules, wildcard_fifth_copy=fifth) for c, w in zip(counts.tolist(), wild)]
    assert got.tolist() == want
    assert 0 < sum(want) < len(want)


@pytest.mark.parametrize("rules,tiles", [("standard", 13), ("riichi", 13), ("taiwan", 16)])
def test_waits_counts_equals_waits(rng, rules, tiles):
    counts, wild = hands(rng, tiles, 0)
    got = hupai.waits_counts(counts, wild, rules)
    assert got.dtype == numpy.bool_ and got.shape == (len(counts), 34)
    any_waits = 0
    for row, c, w in zip(got, counts.tolist(), wild):
        want = hupai.waits(notation(c, w), rules)
        assert [hupai.TILES[i] for i in numpy.flatnonzero(row)] == want
        any_waits += bool(want)
    assert any_waits > 0


def test_no_wildcards_means_zero_wildcards(rng):
    counts, wild = hands(rng, 14, 4, per_k=10)
    plain = counts[wild == 0]
    assert len(plain) >= 10
    zero = numpy.zeros(len(plain), numpy.uint8)
    assert hupai.is_win_counts(plain).tolist() == hupai.is_win_counts(plain, zero).tolist()
    assert hupai.is_win_counts(plain, None).tolist() == hupai.is_win_counts(plain, zero).tolist()
    assert hupai.is_win_counts(counts[:0]).shape == (0,)
    assert hupai.waits_counts(counts[:0]).shape == (0, 34)


def test_many_rows_across_tasks(rng):
    counts, wild = hands(rng, 14, 4, per_k=20)
    big_counts = numpy.tile(counts, (40, 1))
    big_wild = numpy.tile(wild, 40)
    assert len(big_counts) > 3 * 4096
    assert hupai.is_win_counts(big_counts, big_wild).tolist() == numpy.tile(hupai.is_win_counts(counts, wild), 40).tolist()


def test_non_contiguous_input_is_copied_and_answered_alike(rng):
    counts, wild = hands(rng, 14, 4, per_k=10)
    want = hupai.is_win_counts(counts, wild).tolist()
    fortran = numpy.asfortranarray(counts)
    assert not fortran.flags.c_contiguous
    assert hupai.is_win_counts(fortran, wild).tolist() == want
    doubled = numpy.repeat(counts, 2, axis=0)[::2]
    doubled_wild = numpy.repeat(wild, 2)[::2]
    assert not doubled.flags.c_contiguous and not doubled_wild.flags.c_contiguous
    assert hupai.is_win_counts(doubled, doubled_wild).tolist() == want
    wide = numpy.zeros((len(counts), 40), numpy.uint8)
    wide[:, 3:37] = counts
    assert hupai.is_win_counts(wide[:, 3:37], wild).tolist() == want
    readonly = counts.copy()
    readonly.flags.writeable = False
    assert hupai.is_win_counts(readonly, wild).tolist() == want


def test_wrong_types_dtypes_and_shapes():
    good = numpy.zeros((2, 34), numpy.uint8)
    with pytest.raises(TypeError, match="counts must be a numpy.ndarray of dtype uint8"):
        hupai.is_win_counts([[0] * 34])
    with pytest.raises(TypeError, match="counts must have dtype uint8, not int64"):
        hupai.is_win_counts(good.astype(numpy.int64))
    with pytest.raises(TypeError, match="dtype uint8, not bool"):
        hupai.waits_counts(good.astype(bool))
    with pytest.raises(ValueError, match=r"counts must have shape \(n, 34\), not \(2, 33\)"):
        hupai.is_win_counts(numpy.zeros((2, 33), numpy.uint8))
    with pytest.raises(ValueError, match=r"not \(68,\)"):
        hupai.is_win_counts(numpy.zeros(68, numpy.uint8))
    with pytest.raises(ValueError, match=r"not \(2, 34, 1\)"):
        hupai.waits_counts(numpy.zeros((2, 34, 1), numpy.uint8))
    with pytest.raises(ValueError, match=r"wildcards must have shape \(2,\), one per row of counts, not \(3,\)"):
        hupai.is_win_counts(good, numpy.zeros(3, numpy.uint8))
    with pytest.raises(TypeError, match="wildcards must have dtype uint8, not int32"):
        hupai.is_win_counts(good, numpy.zeros(2, numpy.int32))
    with pytest.raises(TypeError, match="wildcards must be a numpy.ndarray"):
        hupai.is_win_counts(good, [0, 0])
    with pytest.raises(ValueError, match="unknown rules"):
        hupai.is_win_counts(good, None, "mahjong")


def test_a_bad_row_is_named():
    counts = numpy.zeros((3, 34), numpy.uint8)
    for row in counts:
        row[[0, 1, 2, 9, 10, 11, 18, 19, 20, 27]] = 1
        row[28] = 3
    counts[2, 27] = 0
    counts[2, 28] = 4
    counts[2, 29] = 1
    assert hupai.is_win_counts(counts[:2], numpy.array([1, 1], numpy.uint8)).tolist() == [True, True]
    with pytest.raises(hupai.HandError, match=r"row 0: a win check needs a hand of 14 tiles; this one has 13"):
        hupai.is_win_counts(counts)
    with pytest.raises(hupai.HandError, match=r"row 2: hand has 15 tiles"):
        hupai.is_win_counts(counts, numpy.ones(3, numpy.uint8))
    counts[1, 5] = 5
    with pytest.raises(hupai.HandError, match=r"row 1: 5 copies of 6m"):
        hupai.is_win_counts(counts, numpy.ones(3, numpy.uint8))
    with pytest.raises(hupai.HandError, match=r"row 0: waits needs a hand of 13 tiles"):
        hupai.waits_counts(counts, numpy.ones(3, numpy.uint8))
    counts[1, 5] = 255
    with pytest.raises(ValueError):
        hupai.waits_counts(counts)
