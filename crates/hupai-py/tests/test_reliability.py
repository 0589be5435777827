"""Bounded work and clear errors: decompositions of wildcard-heavy hands (counted, cut at a limit,
never all built), lone surrogates (HandError, or an error row), Ctrl-C during a large batch, the
garbage collector kept out of the batch's row building, and counts under the red-dragon rules."""

import gc
import signal
import time

import numpy
import pytest

import hupai


def test_decompositions_are_counted_and_cut_at_a_limit():
    assert hupai.count_decompositions("*" * 14) == 11_580_567
    assert hupai.count_decompositions("*" * 14, "chinese") == 27_997_684
    started = time.perf_counter()
    first = hupai.decompositions("*" * 14, "chinese", limit=5)
    assert len(first) == 5 and first == sorted(first)
    with pytest.raises(ValueError, match="27997684 decompositions; pass limit=N"):
        hupai.decompositions("*" * 14, "chinese")
    assert time.perf_counter() - started < 5
    # Small hands: the whole sorted list, with or without a limit that fits.
    whole = hupai.decompositions("111222333m11z456p")
    assert len(whole) == 2 and hupai.decompositions("111222333m11z456p", limit=10) == whole
    assert len(hupai.decompositions("111222333m11z456p", limit=1)) == 1


@pytest.mark.parametrize("function", ["is_win", "waits", "decompositions", "count_decompositions", "shanten"])
def test_lone_surrogates_raise_hand_error(function):
    with pytest.raises(hupai.HandError, match="not valid Unicode"):
        getattr(hupai, function)("123m456p789s1122z\ud800")


def test_lone_surrogates_are_an_error_row_in_check_as_in_batch():
    row = hupai.check("123m\ud800")
    assert row == hupai.batch(["123m\ud800"])[0]
    assert row["error"].startswith("not valid Unicode") and row["hand"] == "123m\ufffd"


def test_ctrl_c_interrupts_a_large_batch_quickly():
    hands = ["123m456p789s11122z", "1112345678999m", "19m", "123m456p789s1122z"] * 750_000
    fired = []

    def interrupt(signum, frame):
        fired.append(time.perf_counter())
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            hupai.batch(hands)
        stopped = time.perf_counter()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert fired, "the batch ended before the alarm: make it larger"
    # Signals are checked every 16,384 hands (about 10 ms); a loaded machine gets some slack.
    assert stopped - fired[0] < 0.5, stopped - fired[0]
    assert gc.isenabled()


def test_the_batch_builds_its_rows_without_garbage_collections():
    hands = ["123m456p789s11122z", "1112345678999m", "19m"] * 100_000
    assert gc.isenabled()
    before = [g["collections"] for g in gc.get_stats()]
    rows = hupai.batch(hands)
    after = [g["collections"] for g in gc.get_stats()]
    assert len(rows) == len(hands) and rows[1]["waits"][0] == "1m"
    # 300,000 rows with 100,000 lists: hundreds of young collections if the collector ran per row.
    assert sum(after) - sum(before) <= 3, (before, after)
    assert gc.isenabled()
    gc.disable()
    try:
        hupai.batch(hands[:10])
        assert not gc.isenabled(), "a disabled collector stays disabled"
    finally:
        gc.enable()


def test_counts_under_hongzhong_hold_red_dragons_unless_moved_to_wildcards():
    hand = "123m456p789s11s777z"  # as wildcards or as a red-dragon triplet: a win either way
    row = numpy.zeros((1, 34), numpy.uint8)
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s", "7z", "7z", "7z"]:
        row[0, hupai.TILES.index(tile)] += 1
    assert hupai.is_win(hand, "hongzhong") is True
    assert hupai.is_win_counts(row, rules="hongzhong")[0]  # a red-dragon triplet wins too
    odd = "123m456p789s12s777z"  # 1s 2s: wins only with the red dragons as wildcards
    row2 = row.copy()
    row2[0, hupai.TILES.index("1s")] -= 1
    row2[0, hupai.TILES.index("2s")] += 1
    assert hupai.is_win(odd, "hongzhong") is True
    assert not hupai.is_win_counts(row2, rules="hongzhong")[0]  # as tiles, as documented
    wildcards = row2[:, 33].copy()
    row2[:, 33] = 0
    assert hupai.is_win_counts(row2, wildcards, rules="hongzhong")[0]  # the documented recipe
