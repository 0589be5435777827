"""`hupai.score`, `hupai.score_batch` and `hupai score` give the same answers: the package and the
command line go through one scorer, so a situation (or an error) reads the same from Python and
from a JSON line, under every scored rule set."""

import json

import pytest

import hupai

from conftest import run_cli

# Winning and failing situations, written once; each is scored under every rule set.
SITUATIONS = [
    {"hand": "123m456p789s1122z", "win": "2z"},
    {"hand": "234m456p678s22p567s", "win": "2m", "tsumo": True, "riichi": True, "dora": ["1m"]},
    {"hand": "11223344556677m", "win": "7m", "tsumo": True},
    {"hand": "19m19p19s1234567z1m", "win": "1m"},
    {"hand": "123m456p789s22z[555z]", "win": "3m", "seat": "2z", "round": "1z", "honba": 2, "kyotaku": 1},
    {"hand": "123m456p22z(5555z)[789s]", "win": "3m", "tsumo": True, "rinshan": True},
    {"hand": "123m406p789s11122z", "win": "6p", "ura": "1m", "riichi": True},
    {"hand": "123m456p789s77*7z11z", "win": "1z", "birds": ["1m", "5p"]},
    {"hand": "22558m22558p2255s", "win": "8m"},
    {"hand": "123m456p789s1122z", "win": "3z"},  # not in the hand
    {"hand": "123m456p789s1123z", "win": "3z"},  # does not win
    {"hand": "123m456p789s1122z", "win": "2z", "ippatsu": True},
    {"hand": "123m456p789s1122z", "win": "2z", "seat": "5z"},
    {"hand": "12x", "win": "2z"},
    {"hand": "123m456p789s1122z", "win": "2z", "spelling_mistake": True},
]


def _cli_answers(hupai_bin, rules, situations):
    lines = "\n".join(json.dumps(s) for s in situations) + "\n"
    return [json.loads(line) for line in run_cli(hupai_bin, ["score", "--rules", rules], lines).splitlines()]


@pytest.mark.parametrize("rules", hupai.SCORE_RULES)
def test_python_and_the_cli_answer_alike(hupai_bin, rules):
    cli = _cli_answers(hupai_bin, rules, SITUATIONS)
    assert len(cli) == len(SITUATIONS)
    assert hupai.score_batch(SITUATIONS, rules=rules) == cli
    for situation, expected in zip(SITUATIONS, cli):
        keys = {k: v for k, v in situation.items() if k not in ("hand", "win")}
        unknown = [k for k in keys if k not in hupai.score.__text_signature__]
        if unknown:
            # Each key is a keyword argument of its own: a misspelt one is Python's TypeError,
            # naming it (the batch, reading dicts, answers the CLI's error).
            assert "unknown key" in expected["error"]
            with pytest.raises(TypeError, match=unknown[0]):
                hupai.score(situation["hand"], situation["win"], rules=rules, **keys)
        elif "error" in expected:
            with pytest.raises(hupai.ScoreError) as raised:
                hupai.score(situation["hand"], situation["win"], rules=rules, **keys)
            assert str(raised.value) == expected["error"]
        else:
            assert hupai.score(situation["hand"], situation["win"], rules=rules, **keys) == expected


def test_errors_name_what_is_wrong():
    with pytest.raises(hupai.ScoreError, match="key 'seat'"):
        hupai.score("123m456p789s1122z", "2z", seat="5z")
    with pytest.raises(TypeError, match="spelling_mistake"):
        hupai.score("123m456p789s1122z", "2z", spelling_mistake=True)
    [answer] = hupai.score_batch([{"hand": "123m456p789s1122z", "win": "2z", "spelling_mistake": True}])
    assert answer["error"].startswith("key 'spelling_mistake': unknown key; the keys are hand, win, tsumo"), answer
    with pytest.raises(hupai.ScoreError, match="key 'hand'"):
        hupai.score("12x", "2z")
    with pytest.raises(ValueError, match="no scorer for rules 'poker'"):
        hupai.score("123m456p789s1122z", "2z", rules="poker")
    with pytest.raises(TypeError):
        hupai.score("123m456p789s1122z", "2z", dora=object())
    # A ScoreError is a ValueError, so code catching bad input in general catches it too.
    assert issubclass(hupai.ScoreError, ValueError)


def test_a_batch_reports_a_bad_item_and_goes_on():
    answers = hupai.score_batch([{"hand": "123m456p789s1122z", "win": "2z"}, "not a dict", {"win": "2z"}])
    assert len(answers) == 3
    assert answers[1] == {"error": "situation 1: expected a dict"}
    assert answers[2] == {"error": "key 'hand': missing (the complete hand)"}
    assert hupai.score_batch([]) == []


def test_the_package_says_its_version():
    assert hupai.__version__.count(".") == 2 and all(p.isdigit() for p in hupai.__version__.split("."))


def test_the_exception_is_named_for_python():
    assert hupai.ScoreError.__name__ == "ScoreError"
