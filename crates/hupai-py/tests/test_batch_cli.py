"""`hupai.batch` and `hupai.check` give exactly the JSON objects `hupai batch` prints, line for line,
on a corpus of seed, tricky, random, winning and broken hands, under every preset and option."""

import json

import pytest

import hupai
from conftest import deal, notation, run_cli, winning

BROKEN = [
    "",
    "   ",
    "x",
    "19m",
    "123m456p789s11122z\r",
    "1111m1m23456789p11z",
    "123m456p789s[111z]22z*",
    "[123m][456p][789s][111z][222z][333z]",
    "8z",
    "123",
    "🀇🀈🀉 123p456s789m11z",
    'quote"and\\backslash',
    "\ttab",
    "0m123456789p1234z",
    "123m456p789s1z",
]


def corpus(seed_hands, tricky_hands, rng):
    hands = list(seed_hands) + list(tricky_hands) + BROKEN
    for k in range(9):
        for _ in range(20):
            hands.append(notation(deal(rng, 14, k), k))
            hands.append(notation(deal(rng, 13, k), k))
            hands.append(notation(winning(rng, 4, k), k))
            hands.append(notation(deal(rng, 17, k), k))
            hands.append(notation(winning(rng, 5, k), k))
    return hands


OPTIONS = [
    ("standard", None, False),
    ("riichi", None, False),
    ("chinese", None, True),
    ("taiwan", None, False),
    ("standard", "7z", False),
    ("chinese", "1m", True),
    # The regional presets; `+void-p` is `--void p` on the command line, and `hongzhong` makes 7z
    # the wildcard tile in both.
    ("sichuan", None, False),
    ("sichuan+void-p", None, False),
    ("hongzhong", None, False),
    ("changsha", None, True),
    ("gb", None, False),
]
CLASSIC = {"standard", "riichi", "chinese", "taiwan"}


@pytest.mark.parametrize("rules,wildcard_tile,fifth", OPTIONS)
def test_batch_equals_the_cli_line_for_line(hupai_bin, seed_hands, tricky_hands, rng, rules, wildcard_tile, fifth):
    hands = corpus(seed_hands, tricky_hands, rng)
    base, _, void = rules.partition("+void-")
    args = ["batch", "--rules", base] + (["--void", void] if void else [])
    if wildcard_tile:
        args += ["--wildcard-tile", wildcard_tile]
    if fifth:
        args.append("--wildcard-fifth-copy")
    out = run_cli(hupai_bin, args, stdin="".join(h + "\n" for h in hands))
    expected = [json.loads(line) for line in out.splitlines()]
    assert len(expected) == len(hands)

    got = hupai.batch(hands, rules, wildcard_tile=wildcard_tile, wildcard_fifth_copy=fifth)
    assert len(got) == len(hands)
    kinds = set()
    for hand, want, have in zip(hands, expected, got):
        # Same keys in the same order, same values.
        assert list(have.items()) == list(want.items()), hand
        one = hupai.check(hand, rules, wildcard_tile=wildcard_tile, wildcard_fifth_copy=fifth)
        assert one == have, hand
        kinds.add(next(k for k in have if k != "hand"))
    if rules in CLASSIC:
        # The corpus exercises every kind of line...
        assert kinds == {"win", "waits", "error"}, kinds
        # ...and wins as well as losses.
        wins = [d["win"] for d in got if "win" in d]
        assert True in wins and False in wins
    else:
        # Hands of the 136-tile wall are often outside a smaller set: errors and answers both.
        assert "error" in kinds and len(kinds) >= 2, kinds


def test_batch_of_nothing_and_of_many():
    assert hupai.batch([]) == []
    many = ["123m456p789s11122z", "123m456p789s1122z"] * 5000
    out = hupai.batch(tuple(many))
    assert out[::2] == [{"hand": "123m456p789s11122z", "win": True}] * 5000
    assert out[1::2] == [{"hand": "123m456p789s1122z", "waits": ["1z", "2z"]}] * 5000
    assert hupai.batch(h for h in ["19m"])[0]["error"].startswith("hand has 2 tiles")


def test_batch_rejects_what_is_not_a_list_of_hands():
    with pytest.raises(TypeError, match="not one str"):
        hupai.batch("123m456p789s11122z")
    with pytest.raises(TypeError, match=r"hands\[1\] must be a str, not int"):
        hupai.batch(["123m456p789s11122z", 5])
    with pytest.raises(TypeError):
        hupai.batch(5)
    with pytest.raises(ValueError, match="unknown rules 'mahjong'"):
        hupai.batch(["123m456p789s11122z"], "mahjong")


def test_a_lone_surrogate_is_an_error_line_not_an_exception():
    out = hupai.batch(["123m\udc80456p789s11122z", "123m456p789s11122z"])
    assert out[0]["hand"] == "123m\ufffd456p789s11122z"
    assert "not valid Unicode" in out[0]["error"]
    assert out[1] == {"hand": "123m456p789s11122z", "win": True}
