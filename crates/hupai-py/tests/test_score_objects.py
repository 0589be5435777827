"""`hupai.score`'s answer object: attributes for every field, read on demand, and the dict it
stands for (item access, `keys()`, `to_dict()`, `==` the dict `hupai score` prints); options read
once when the same dict comes back; `score_batch`'s numpy columns agree with the per-call answers."""

import collections.abc
import copy
import json
import pickle

import numpy
import pytest

import hupai

from conftest import run_cli
from test_score_doors import SITUATIONS

CLASSES = {"riichi": hupai.RiichiScore, "sanma": hupai.RiichiScore, "gb": hupai.GbScore}


def _cli(hupai_bin, rules, situations):
    lines = "\n".join(json.dumps(s) for s in situations) + "\n"
    return [json.loads(line) for line in run_cli(hupai_bin, ["score", "--rules", rules], lines).splitlines()]


def _call(situation, rules, **extra):
    keys = {k: v for k, v in situation.items() if k not in ("hand", "win")}
    return hupai.score(situation["hand"], situation["win"], rules=rules, **keys, **extra)


@pytest.mark.parametrize("rules", hupai.SCORE_RULES)
def test_a_score_reads_as_attributes_and_as_the_cli_dict(hupai_bin, rules):
    scored = 0
    for situation, expected in zip(SITUATIONS, _cli(hupai_bin, rules, SITUATIONS)):
        if "error" in expected:
            continue
        s = _call(situation, rules)
        scored += 1
        assert type(s) is CLASSES.get(rules, hupai.RegionalScore)
        assert isinstance(s, hupai.Score) and isinstance(s, collections.abc.Mapping)
        assert s.to_dict() == expected and s == expected and expected == s and not (s != expected)
        # The same keys, in the order the CLI's struct writes them, each an attribute too.
        assert list(s.keys()) == list(s) == list(s.to_dict()) and len(s) == len(expected)
        assert s.items() == list(s.to_dict().items()) and s.values() == list(s.to_dict().values())
        for key, value in expected.items():
            assert getattr(s, key) == value == s[key] == s.get(key), key
            assert key in s
        assert "error" not in s and s.get("error", 7) == 7 and s.get(3) is None
        with pytest.raises(KeyError):
            s["error"]
        with pytest.raises(AttributeError):
            s.error  # noqa: B018
        # Another score of the same answer is equal; a changed answer is not.
        assert _call(situation, rules) == s
        assert s != {**expected, "reading": "something else"}
        assert s != [] and repr(s).startswith(type(s).__name__ + "({")
        with pytest.raises(TypeError):
            hash(s)
        # Immutable: a copy is the score; pickled, it arrives as its dict.
        assert copy.copy(s) is s and copy.deepcopy(s) is s
        assert pickle.loads(pickle.dumps(s)) == expected and type(pickle.loads(pickle.dumps(s))) is dict
        assert json.loads(json.dumps(s.to_dict())) == expected
    assert scored >= 1, rules


def test_each_family_has_its_attributes():
    r = hupai.score("234m456p678s22p567s", "2m", tsumo=True, riichi=True, dora=["1m"])
    assert (r.han, r.fu, r.limit, r.points["total"]) == (5, 20, "mangan", 12000)
    assert [y["id"] for y in r.yaku] == [0, 1, 7, 8, 52]  # tsumo, riichi, pinfu, tanyao, dora
    g = hupai.score("123m456p789s11122z", "2z", rules="gb")
    assert (g.fan, g.enough) == (15, True) and g.fans[0]["name"] == "Mixed Straight"
    c = hupai.score("111m555p777s999s11s", "1s", rules="changsha")
    assert (c.table, c.fan, c.total, c.form) == ("changsha", 1, 6, "melds")
    assert [f["name"] for f in c.fans] == ["碰碰胡"]


def test_the_same_options_dict_is_read_once_and_a_changed_one_again():
    options = {"minimum": 8}
    first = hupai.score("123m456p789s11122z", "2z", rules="gb", options=options)
    assert first.enough and hupai.score("123m456p789s11122z", "2z", rules="gb", options=options) == first
    options["minimum"] = 100
    assert not hupai.score("123m456p789s11122z", "2z", rules="gb", options=options).enough
    assert not hupai.score("123m456p789s11122z", "2z", rules="gb", options={"minimum": 100}).enough
    assert hupai.score("123m456p789s11122z", "2z", rules="gb").enough
    # The same dict under other rules is read under those rules.
    with pytest.raises(hupai.ScoreError, match="options.minimum"):
        hupai.score("123m456p789s11122z", "2z", options=options)
    # A bad option is the CLI's error, every time.
    for _ in range(2):
        with pytest.raises(hupai.ScoreError, match="options.waits"):
            hupai.score("123m456p789s11122z", "2z", rules="gb", options={"waits": "book"})


@pytest.mark.parametrize("rules", hupai.SCORE_RULES)
def test_the_batch_columns_agree_with_the_calls(rules):
    situations = SITUATIONS * 40  # more than one chunk of reading
    columns = hupai.score_batch(situations, rules=rules, arrays=True)
    objects = hupai.score_batch(situations, rules=rules)
    n = len(situations)
    assert set(columns) == {"ok", "han", "fu", "fan", "points", "mask", "errors"}
    assert columns["ok"].dtype == numpy.bool_ and columns["ok"].shape == (n,)
    assert columns["han"].dtype == numpy.int32 and columns["points"].dtype == numpy.int64
    assert columns["mask"].dtype == numpy.bool_ and columns["mask"].shape[0] == n
    failed = {i: o["error"] for i, o in enumerate(objects) if not isinstance(o, hupai.Score)}
    assert columns["errors"] == failed and 0 < len(failed) < n
    for i, o in enumerate(objects):
        if i in failed:
            assert not columns["ok"][i] and columns["points"][i] == 0 and not columns["mask"][i].any()
            continue
        assert columns["ok"][i]
        if isinstance(o, hupai.RiichiScore):
            want = (o.han, o.fu, o.han, o.points["total"])
            bits = {y["id"] for y in o.yaku}
        elif isinstance(o, hupai.GbScore):
            want = (0, 0, o.fan, o.fan)
            bits = {f["id"] for f in o.fans}
        else:
            want = (0, 0, o.fan, o.total)
            names = [f["name"] for f in o.fans]
            table = hupai.score_batch([situations[i]], rules=rules, arrays=True)["mask"]
            assert table.shape[1] == columns["mask"].shape[1]
            bits = set(numpy.flatnonzero(columns["mask"][i]).tolist())
            assert len(bits) == len(names)
        got = (columns["han"][i], columns["fu"][i], columns["fan"][i], columns["points"][i])
        assert tuple(int(x) for x in got) == want, (situations[i], got, want)
        assert set(numpy.flatnonzero(columns["mask"][i]).tolist()) == bits
    # Objects in the batch equal the per-call answers.
    for situation, o in zip(situations[: len(SITUATIONS)], objects):
        if isinstance(o, hupai.Score):
            assert o == _call(situation, rules)


def test_a_batch_item_with_an_unreadable_value_is_its_error():
    answers = hupai.score_batch([{"hand": "123m456p789s1122z", "win": "2z", "dora": object()},
                                 {"hand": "123m456p789s11222z", "win": "2z", "riichi": True}])
    assert "error" in answers[0] and "dora" in answers[0]["error"]
    assert isinstance(answers[1], hupai.RiichiScore)
    columns = hupai.score_batch([{"hand": 5, "win": "2z"}], arrays=True)
    assert columns["errors"] == {0: "key 'hand': expected a string, found 5"}
